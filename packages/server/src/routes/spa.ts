/**
 * The built web app: hashed assets with a year-long immutable cache (from memory: assets.ts), and `index.html` for every
 * other page path (history fallback) so that deep links load the app. Unknown API paths stay 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allowInlineScript, allowInlineStyleHash } from '../plugins/security.ts';
import { assetRoutes } from './assets.ts';
import { APP_START_HASH, startAfterFirstPaint } from './app-start.ts';
import { EARLY_TAPS_ELEMENT, EARLY_TAPS_HASH } from './early-taps.ts';
import { allowPaintStyle, firstPaintOf, paintKey, paintPage } from './first-paint.ts';
import { insertRendered, type PageRenderer } from './server-render.ts';
import { jsonForScript } from './json-for-script.ts';
import { COMPRESS_MIN_BYTES, compress, pickEncoding } from '../lib/compress.ts';
import { keptBodies } from '../plugins/compression.ts';

/**
 * Adds markup to the `<head>` of the shell served for one page request (link-preview meta,
 * preloads of the route's first data). Returns '' when it has nothing for this URL; must never
 * throw for an upstream fault (the page is served without its part instead).
 */
export type HeadPart = ((req: FastifyRequest) => Promise<string> | string) & {
  /**
   * Its markup goes first in the head (after the charset), before the app's script and style
   * links, so that the browser starts what it names first: preloads of the page's data.
   */
  early?: boolean;
};

/** The id of the config block (packages/web src/state/queries/config.ts SERVER_CONFIG_ID). */
export const SERVER_CONFIG_ID = 'pv-config';

/**
 * Bytes of rendered pages kept as served (compressed, by render, shell and first paint): a
 * thousand or more.
 */
export const SERVED_PAGES_BYTES = 32 * 1024 * 1024;

/** The `<meta charset>` (which must stay within the head's first bytes), else `<head>`. */
const CHARSET = /<meta charset[^>]*>/i;

export interface SpaOptions {
  webDist: string;
  /** Contributors to the page's `<head>`, in order; their markup goes before `</head>`. */
  head?: HeadPart[];
  /** SSR=1: the page's first view rendered on the server (server-render.ts); else the shell. */
  render?: PageRenderer;
  /**
   * What `/api/config` answers, carried in every page as a JSON data block (not a script: the CSP
   * allows none inline), so that the app's first render knows this server's mode.
   */
  config?: unknown;
}

/** The shell with each part's markup before `</head>`; a part that fails adds nothing. */
async function shellFor(html: string, parts: HeadPart[], req: FastifyRequest): Promise<string> {
  if (parts.length === 0) return html;
  const added = await Promise.all(
    parts.map(async (part) => {
      try {
        return await part(req);
      } catch (err) {
        req.log.warn({ err }, 'page head part failed');
        return '';
      }
    }),
  );
  const early = added.filter((_, i) => parts[i]!.early).join('');
  const late = added.filter((_, i) => !parts[i]!.early).join('');
  let page = late ? html.replace('</head>', `${late}</head>`) : html;
  if (early) page = page.replace(CHARSET.test(page) ? CHARSET : '<head>', (at) => `${at}${early}`);
  return page;
}

function wantsPage(url: string, accept: string | undefined): boolean {
  if (/^\/(api|assets)\//.test(url)) return false;
  return (accept ?? '').includes('text/html') || !/\.[a-z0-9]{1,5}(\?|$)/i.test(url);
}

export async function spaRoutes(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const index = join(options.webDist, 'index.html');
  const built = existsSync(index);
  // Read once: the shell is small and a page request then needs no file system access.
  const indexHtml = built ? readFileSync(index, 'utf8') : '';
  const html =
    options.config === undefined
      ? indexHtml
      : indexHtml.replace(
          '</head>',
          `<script type="application/json" id="${SERVER_CONFIG_ID}">${jsonForScript(options.config)}</script></head>`,
        );
  if (!built) app.log.warn({ webDist: options.webDist }, 'web app not built: run `npm run build`');
  if (built) {
    // the hashed assets from memory (routes/assets.ts); the few other files from disk
    await app.register(assetRoutes, { dir: join(options.webDist, 'assets') });
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // the server rendering's bundle and the build's manifest (server-render.ts) are the server's
      globIgnore: ['assets/**', 'server/**', '.vite/**'],
      // The build writes `.br` and `.gz` beside each text file (packages/web/vite.config.ts).
      preCompressed: true,
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
  const head = options.head ?? [];
  const servedPages = keptBodies(app, 'served_pages', SERVED_PAGES_BYTES);
  app.setNotFoundHandler(async (req, reply) => {
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      built &&
      wantsPage(req.url, req.headers.accept)
    ) {
      // an address the app sends on at once: to the page it leads to, which the server renders
      const to = (await options.render?.redirect?.(req)) ?? null;
      if (to !== null) return reply.header('cache-control', 'no-cache').redirect(to, 302);
      const [shell, rendered] = await Promise.all([
        shellFor(html, head, req),
        options.render?.(req) ?? null,
      ]);
      // the head names this site's origin (og:url, canonical…): taken from the request without
      // PUBLIC_URL, so no shared cache may keep it then
      reply
        .header('cache-control', req.server.publicUrl ? 'no-cache' : 'private, no-cache')
        .type('text/html; charset=utf-8');
      if (!rendered) return reply.send(paintPage(shell, req));
      // a rendered page holds the taps on its buttons until the app has taken it over, and runs
      // the app's scripts after its first frame (app-start.ts)
      allowInlineScript(req, EARLY_TAPS_HASH);
      allowInlineScript(req, APP_START_HASH);
      if (rendered.critical) allowInlineStyleHash(req, rendered.critical.hash);
      const paint = firstPaintOf(req);
      const page = () =>
        paintPage(
          startAfterFirstPaint(
            insertRendered(shell, rendered).replace('</head>', `${EARLY_TAPS_ELEMENT}</head>`),
          ),
          req,
          paint,
        );
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (!encoding || rendered.id === undefined) return reply.send(page());
      // A kept render's page is the same for the same shell (its head parts) and first paint:
      // made and compressed once, and then sent as it is. Made anew, a home of 300 KB took about
      // 7 ms of the server's time a request, most of it copying and scanning that text.
      const key = `${encoding} ${rendered.id} ${paintKey(paint)}\n${shell}`;
      let body = servedPages.get(key);
      if (body) allowPaintStyle(req, paint);
      else {
        const text = Buffer.from(page());
        if (text.length < COMPRESS_MIN_BYTES) return reply.send(text);
        body = await compress(text, encoding);
        servedPages.set(key, body);
      }
      return reply
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .send(body);
    }
    return reply.code(404).type('application/json').send({ detail: 'Not Found' });
  });
}
