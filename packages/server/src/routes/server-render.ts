/**
 * Server rendering of a page's first view (issue 33, SSR=1; the routes of packages/web
 * src/app/server-routes.ts, which the bundle answers for with `serverRoute`): the web build's server bundle (packages/web src/entry-server.tsx, built to
 * `dist/server/entry-server.js`) renders the app's own components for the URL from the first data
 * fetched here, the same mirror answers the page's first queries ask for (first-data.ts
 * `pagePlan`). The markup goes into `#root`, the app's queries into a JSON data block (not a
 * script: the CSP allows none inline), and the preloads of the answers the page now carries are
 * dropped (the app asks for them no more).
 *
 * Never a blank page: a missing or broken bundle (logged once), an upstream fault or a render
 * that throws serves the shell as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ContentSettings } from '@pv/core';
import { firstLanguage } from '../plugins/upstream.ts';
import { LRUCache } from 'lru-cache';
import { isEmptyList, readMirrorAnswer, type MirrorDeps } from './api/pixiv/index.ts';
import { readSpotlightAnswer, type SpotlightReader } from './api/extras/spotlights.ts';
import { readWebAnswer } from './api/web/index.ts';
import {
  OPT_OUT_COOKIE,
  SEARCH_PAGE,
  mirrorUrl,
  pagePlan,
  type MirrorCall,
  type PagePlan,
} from './first-data.ts';
import { firstPaintOf, renderViewOf, type RenderView } from './first-paint.ts';
import { escapeMarkup } from './share/public-url.ts';
import { CriticalCss } from './critical-css.ts';
import { styleHash } from '../plugins/security.ts';
import { jsonForScript } from './json-for-script.ts';

/** The web bundle's exports (packages/web src/entry-server.tsx). */
interface RenderModule {
  /**
   * The route the server renders `url` with (its screen's manifest key) for a user with these
   * content settings (absent: the defaults), or null: the shell.
   */
  serverRoute(url: string, content?: ContentSettings): { screen: string } | null;
  /** Where the app sends `url` at once (a path and query), or null. */
  serverRedirect?(url: string): string | null;
  render(
    url: string,
    data: {
      firstData: Record<string, unknown>;
      optional?: string[];
      desktop: boolean;
      language: string;
      fetchedAt: number;
      view?: RenderView;
      config?: unknown;
    },
  ): Promise<{
    html: string;
    data: unknown;
    used: string[];
    status: number;
    title?: string;
  } | null>;
}

/** A page's rendered parts; null: serve the shell. */
export interface RenderedPage {
  /**
   * A number of its own, for a render that is kept (`serverRenderer`): spa.ts keeps the pages
   * made from it as served under it.
   */
  id?: number;
  /** The markup of `#root`. */
  root: string;
  /** The page's title as the app names it (the document's `<title>`); absent: the shell's. */
  title?: string;
  /** The data block's JSON, escaped for an HTML script element. */
  data: string;
  /** First-data URLs the page carries (their preloads go). */
  used: string[];
  /** The screen's stylesheets (paths), linked in the head. */
  styles?: string[];
  /**
   * The scripts the app loads to take the page over (the screen's chunks and the interface
   * language's catalogue), preloaded from the head: the app asks for them only once its entry
   * has run, one round trip later.
   */
  scripts?: string[];
  /**
   * The rules of the page's stylesheets that may apply to its markup (critical-css.ts), inlined
   * in the head (its CSP hash beside it); the stylesheets then go to the end of the body.
   */
  critical?: { css: string; hash: string };
}

export type PageRenderer = ((req: FastifyRequest) => Promise<RenderedPage | null>) & {
  /** The rendered pages kept (see `serverRenderer`), for the server's memory figures. */
  size?: () => { entries: number; bytes: number };
  /**
   * Where the app would send this page's URL at once (an alias such as `/rank` or pixiv's
   * `/ranking.php`, a novel ranking by its type's name), as a same-origin path and query: the
   * server redirects there, to the page it renders; null for any other page.
   */
  redirect?: (req: FastifyRequest) => Promise<string | null>;
};

/** Bytes of rendered pages kept by default (markup and data block, as UTF-16 length). */
export const RENDER_CACHE_BYTES = 32 * 1024 * 1024;

export interface ServerRenderOptions {
  webDist: string;
  deps: MirrorDeps;
  now?: () => Date;
  /** What `/api/config` answers (the page carries it too: spa.ts): the app renders with it. */
  config?: unknown;
  /** Bytes of rendered pages kept (default RENDER_CACHE_BYTES); 0 keeps none. */
  cacheBytes?: number;
  /** pixivision, as its routes read it (absent: its pages are the shell). */
  spotlights?: SpotlightReader;
  /**
   * The sensitive-word list, as `/api/sensitive-words` answers it (empty when the service is not
   * configured); rejects when it cannot be read. Absent: no search page is rendered.
   */
  sensitiveWords?: () => Promise<readonly string[]>;
}

/** How long the sensitive-word list counts as fresh for a kept render, s (its route's max-age). */
const SENSITIVE_WORDS_MAX_AGE = 86_400;

/**
 * How long a render is kept whose first data holds a mirror answer with an empty list (a user
 * without public novel bookmarks, a search without results), s. The mirror keeps no empty list
 * (pixiv's lists come back empty for a while at times: the next call asks again), so such an
 * answer is fresh for 0 s, and a render kept for its answers' shortest life was made anew on every
 * visit, its empty call asked of upstream each time: most users' pages (their novel bookmarks), at
 * about 20 ms of the server's time and a 50–65 ms later first HTML in the first-card benchmark. A minute
 * bounds how long a list that was empty for a while stays so on the page.
 */
export const EMPTY_LIST_RENDER_MAX_AGE = 60;

/** How long a render may be kept for one of its answers, s (see EMPTY_LIST_RENDER_MAX_AGE). */
function renderMaxAge(call: MirrorCall, answer: Answer): number {
  if (answer.maxAge > 0 || answer.value === undefined || call.api !== undefined)
    return answer.maxAge;
  return isEmptyList(answer.value) ? EMPTY_LIST_RENDER_MAX_AGE : 0;
}

/** Renders made so far (each render's `id`). */
let renders = 0;

/** The path of the server bundle inside the web build. */
export const SERVER_BUNDLE = 'server/entry-server.js';

/** The id of the data block (packages/web src/app/server-render.ts SERVER_DATA_ID). */
export const SERVER_DATA_ID = 'pv-server-data';

/** Whether the browser says it is a phone (client hint, else its user agent). */
export function mobileBrowser(req: FastifyRequest): boolean {
  const hint = req.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|Android|iPhone|iPad/i.test(String(req.headers['user-agent'] ?? ''));
}

function optedOut(cookie: string | undefined): boolean {
  return (cookie ?? '').split(';').some((c) => c.trim() === `${OPT_OUT_COOKIE}=off`);
}

async function loadBundle(webDist: string, log: FastifyBaseLogger): Promise<RenderModule | null> {
  const file = join(webDist, SERVER_BUNDLE);
  if (!existsSync(file)) {
    log.warn({ file }, 'server rendering off: the web build has no server bundle');
    return null;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as Partial<RenderModule>;
    if (typeof mod.render !== 'function' || typeof mod.serverRoute !== 'function') {
      throw new Error('no render export');
    }
    return mod as RenderModule;
  } catch (err) {
    log.warn({ err, file }, 'server rendering off: the server bundle does not load');
    return null;
  }
}

interface ManifestChunk {
  file?: string;
  css?: string[];
  imports?: string[];
}

/** What a screen's chunk and the chunks it imports load, as paths (see screenAssets). */
export interface ScreenAssets {
  styles: string[];
  scripts: string[];
}

/**
 * The stylesheets and scripts a screen's chunk and the chunks it imports load, and the scripts of
 * the interface language's catalogue (`src/locales/<language>.json`). Vite puts a lazy screen's
 * CSS beside its code, added by script: the rendered page links the stylesheets itself, so that
 * its first paint, and a page read without JavaScript, is styled, and preloads the scripts (the
 * entry's own are in the page already). Empty without the build's manifest.
 */
export function screenAssets(webDist: string, screen: string, language?: string): ScreenAssets {
  const file = join(webDist, '.vite/manifest.json');
  if (!existsSync(file)) return { styles: [], scripts: [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const { file, css: sheets, imports } = manifest[key];
    if (file?.endsWith('.js')) js.add(`/${file}`);
    for (const i of imports ?? []) visit(i);
    // after its imports' stylesheets, as Vite's loader adds them: a screen's rules come after the
    // shared ones they may override (of equal specificity), on a page landed on as in the app
    for (const c of sheets ?? []) css.add(`/${c}`);
  };
  visit(screen);
  if (language) visit(`src/locales/${language}.json`);
  return { styles: [...css], scripts: [...js] };
}

/**
 * A first-data call's answer, as the app's call would get it (a mirror route, a www route, the
 * sensitive-word list read already, pixivision through its routes' reader), with the seconds it
 * stays fresh.
 */
async function readCall(
  call: MirrorCall,
  read: { deps: MirrorDeps; language?: string; log: FastifyBaseLogger },
  known: { sensitiveWords?: readonly string[]; spotlights?: SpotlightReader },
): Promise<{ value: unknown; maxAge: number }> {
  const { deps, language, log } = read;
  if (call.api === 'web') {
    return readWebAnswer(deps, call.name, call.params, {
      language,
      ...(call.keep !== undefined && { keep: call.keep }),
    });
  }
  if (call.api === 'own') {
    if (call.name === 'sensitive-words' && known.sensitiveWords) {
      return { value: { words: known.sensitiveWords }, maxAge: SENSITIVE_WORDS_MAX_AGE };
    }
    return readSpotlightAnswer(known.spotlights, call.name, call.params);
  }
  return readMirrorAnswer(deps, call.name, call.params, { language, log });
}

/**
 * How long past the page's own first data its optional parts may keep the page waiting, ms: an
 * upstream that is slow for them delays the page no more than this.
 */
export const OPTIONAL_PART_GRACE_MS = 300;

type Answer = { value: unknown; maxAge: number };

/**
 * The answers of a page's calls, in order: all of its required ones (one that fails rejects), and
 * each optional one that has come by the time the required ones have, or within
 * OPTIONAL_PART_GRACE_MS after; one that fails or comes later is `undefined` with a max-age of 0
 * (its part is the app's to ask for, and the render is not kept). The calls that `follow` names
 * from the required answers are optional ones asked for then, and join the list after the plan's.
 */
async function readPlanCalls(
  plan: Pick<PagePlan, 'calls' | 'follow'>,
  read: (call: MirrorCall) => Promise<Answer>,
  log: FastifyBaseLogger,
): Promise<{ calls: MirrorCall[]; answers: Answer[] }> {
  const missing: Answer = { value: undefined, maxAge: 0 };
  const calls = [...plan.calls];
  const answers: Answer[] = calls.map(() => missing);
  const readOptional = (call: MirrorCall, i: number) =>
    read(call).then(
      (answer) => void (answers[i] = answer),
      (err: unknown) => log.debug({ err, call: call.name }, 'an optional part is left to the app'),
    );
  const optional = calls.flatMap((call, i) => (call.optional ? [readOptional(call, i)] : []));
  await Promise.all(
    calls.map(async (call, i) => {
      if (!call.optional) answers[i] = await read(call);
    }),
  );
  let following: MirrorCall[] = [];
  try {
    following = plan.follow?.(answers.map((answer) => answer.value)) ?? [];
  } catch (err) {
    log.debug({ err }, 'the parts that follow the first data are left to the app');
  }
  for (const call of following) {
    calls.push({ ...call, optional: true });
    answers.push(missing);
    optional.push(readOptional(call, calls.length - 1));
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(optional),
    new Promise((resolve) => (timer = setTimeout(resolve, OPTIONAL_PART_GRACE_MS))),
  ]);
  clearTimeout(timer);
  // a copy: a late answer must not change what was rendered from
  return { calls, answers: [...answers] };
}

/**
 * The page renderer for spa.ts; loads the bundle once, on the first page asked for.
 *
 * Renders are kept (issue 33): every render is anonymous (the server's own mirror calls; a user
 * whose calls differ, with their own token or mirror, opts out by cookie and gets the shell), so
 * one is shared by every request with the same URL, first-data calls (the plan's: a home's day and
 * draw move with the time), mirror language, interface language, layout (desktop or phone) and
 * view (the first-paint cookie's layout and filters), for as long as the
 * first of its first-data answers to expire stays fresh in the mirror's cache (an empty list, which
 * the mirror keeps for none: EMPTY_LIST_RENDER_MAX_AGE). Least recently used go first past
 * `cacheBytes`.
 */
export function serverRenderer(options: ServerRenderOptions): PageRenderer {
  const now = options.now ?? (() => new Date());
  let bundle: Promise<RenderModule | null> | undefined;
  let warned = false;
  // per screen and interface language, worked out from the manifest on the first page of each
  const assets = new Map<string, ScreenAssets>();
  // the stylesheets of the shell (index.html: the entry's) and of each screen, parsed once
  const critical = new CriticalCss((href) => {
    const file = join(options.webDist, href);
    return /^\/assets\/[\w.-]+\.css$/.test(href) && existsSync(file)
      ? readFileSync(file, 'utf8')
      : undefined;
  });
  let shellSheets: string[] | undefined;
  const maxSize = options.cacheBytes ?? RENDER_CACHE_BYTES;
  const kept =
    maxSize > 0
      ? new LRUCache<string, RenderedPage>({
          // their lifetimes on the render's clock (tests move it), read on every look-up (not
          // kept a millisecond: one look-up a page request)
          perf: { now: () => now().getTime() },
          ttlResolution: 0,
          maxSize,
          sizeCalculation: (page) =>
            Math.max(1, page.root.length + page.data.length + (page.critical?.css.length ?? 0)),
        })
      : null;
  const renderer: PageRenderer = async (req) => {
    // the user's layout and filters; none readable, or blocked tags or authors: the shell
    const shaped = renderViewOf(req);
    if (!shaped || optedOut(req.headers.cookie)) return null;
    bundle ??= loadBundle(options.webDist, req.server.log);
    const mod = await bundle;
    // the route renders for this user's content settings (an R-18 ranking only for a user who
    // shows R-18; without the cookie, the defaults)
    const route = mod?.serverRoute(req.url, shaped.view?.content);
    if (!mod || !route) return null;
    const language = firstLanguage(req.headers['accept-language']);
    const { language: interfaceLanguage } = firstPaintOf(req);
    const desktop = !mobileBrowser(req);
    try {
      // a search is planned with the list its keyword is checked against (a failure: the shell)
      const sensitiveWords =
        SEARCH_PAGE.test(req.url) && options.sensitiveWords
          ? await options.sensitiveWords()
          : undefined;
      const plan = pagePlan(req.url, now(), {
        content: shaped.view?.content,
        sensitiveWords,
        selfHosted: (options.config as { selfHosted?: unknown } | undefined)?.selfHosted === true,
        language: interfaceLanguage,
      });
      if (!plan) return null;
      // the plan's calls too: a page whose first data moves with the time (a home's day and its
      // hour's draw, a ranking's default day) is rendered anew when they move, not served from
      // the render before (at midnight in Japan that one showed the day before, and the app then
      // asked for the new day's and replaced it)
      const key = JSON.stringify([
        req.url,
        language,
        interfaceLanguage,
        desktop,
        shaped.view ?? null,
        plan.calls.map(mirrorUrl),
      ]);
      const hit = kept?.get(key);
      if (hit) return hit;
      // all at once: a page's calls do not wait for one another (the home's tags and ranking)
      const read = { deps: options.deps, language, log: req.log };
      const known = { sensitiveWords, spotlights: options.spotlights };
      const { calls, answers } = await readPlanCalls(
        plan,
        (call) => readCall(call, read, known),
        req.log,
      );
      const firstData: Record<string, unknown> = {};
      let fresh = Infinity;
      calls.forEach((call, i) => {
        if (answers[i]!.value !== undefined) firstData[mirrorUrl(call)] = answers[i]!.value;
        fresh = Math.min(fresh, renderMaxAge(call, answers[i]!));
      });
      const optional = calls.filter((call) => call.optional).map(mirrorUrl);
      const page = await mod.render(req.url, {
        firstData,
        ...(optional.length > 0 && { optional }),
        desktop,
        language: interfaceLanguage,
        fetchedAt: Date.now(),
        ...(options.config !== undefined && { config: options.config }),
        ...shaped,
      });
      if (!page || page.used.length === 0) return null;
      const assetKey = `${route.screen} ${interfaceLanguage}`;
      if (!assets.has(assetKey)) {
        assets.set(assetKey, screenAssets(options.webDist, route.screen, interfaceLanguage));
      }
      const { styles, scripts } = assets.get(assetKey)!;
      shellSheets ??= stylesheetsOf(readShell(options.webDist));
      const sheets = [...new Set([...shellSheets, ...styles])];
      const css = critical.forMarkup(sheets, page.html);
      const rendered: RenderedPage = {
        root: page.html,
        ...(page.title !== undefined && { title: page.title }),
        data: jsonForScript(page.data),
        used: page.used,
        styles,
        scripts,
        ...(css && { critical: { css, hash: styleHash(css) } }),
      };
      if (kept && fresh > 0 && Number.isFinite(fresh)) {
        rendered.id = ++renders;
        kept.set(key, rendered, { ttl: fresh * 1000 });
      }
      return rendered;
    } catch (err) {
      // an upstream fault or a render failure: the shell, as without server rendering
      if (!warned) req.log.warn({ err, url: req.url }, 'server render failed: the shell is served');
      else req.log.debug({ err, url: req.url }, 'server render failed');
      warned = true;
      return null;
    }
  };
  renderer.size = () => ({ entries: kept?.size ?? 0, bytes: kept?.calculatedSize ?? 0 });
  renderer.redirect = async (req) => {
    bundle ??= loadBundle(options.webDist, req.server.log);
    const mod = await bundle;
    let to: string | null = null;
    try {
      to = mod?.serverRedirect?.(req.url) ?? null;
    } catch (err) {
      // a URL the bundle cannot read (an absolute form with a broken host): served as before
      req.log.debug({ err, url: req.url }, 'no redirect worked out');
    }
    // the app's own paths only: never another origin (`//host`, `/\host`)
    return to !== null && /^\/(?![/\\])/.test(to) ? to : null;
  };
  return renderer;
}

function readShell(webDist: string): string {
  const file = join(webDist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;

/** The paths of the stylesheets `html` links, in order. */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(STYLESHEET)].flatMap((m) => {
    const href = /\shref="([^"]+)"/.exec(m[0])?.[1];
    return href ? [href] : [];
  });
}

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
/** The shell's title element (its head's first). */
const TITLE = /<title>[^<]*<\/title>/;

/** The shell with the rendered page in `#root`, its data block, and no preload of what it carries. */
export function insertRendered(html: string, page: RenderedPage): string {
  if (!ROOT.test(html)) return html;
  let out = html;
  // named as the app names the page, before any of its code runs (web useDocumentTitle)
  if (page.title !== undefined) {
    const title = `<title>${escapeMarkup(page.title)}</title>`;
    out = out.replace(TITLE, () => title);
  }
  out = out.replace(
    ROOT,
    (_, end: string) =>
      `<div id="root">${page.root}</div><script type="application/json" id="${SERVER_DATA_ID}">${page.data}</script>${end}`,
  );
  const link = (rel: string) => (href: string) =>
    out.includes(`href="${escapeMarkup(href)}"`) || out.includes(`src="${escapeMarkup(href)}"`)
      ? ''
      : `<link rel="${rel}" crossorigin href="${escapeMarkup(href)}">`;
  const links =
    (page.styles ?? []).map(link('stylesheet')).join('') +
    (page.scripts ?? []).map(link('modulepreload')).join('');
  if (links) out = out.replace('</head>', `${links}</head>`);
  if (page.critical) {
    // The first paint needs only the rules the markup can use, inline where the stylesheets were;
    // the stylesheets are preloaded after the page for the app, which applies them as it starts
    // (web adoptServerStylesheets), the same rules first, so nothing changes when they come. Not
    // linked: a stylesheet linked in the body still held the first paint back (an artwork on a
    // throttled phone painted about 250 ms later with them linked at the body's end).
    // Without JavaScript the inline rules are the page's whole style (ssr.spec checks it).
    const head = out.slice(0, out.indexOf('</head>'));
    const sheets = head.match(STYLESHEET) ?? [];
    if (sheets.length > 0) {
      let at = -1;
      let cleaned = head;
      for (const sheet of sheets) {
        if (at < 0) at = cleaned.indexOf(sheet);
        cleaned = cleaned.replace(sheet, '');
      }
      const style = `<style>${page.critical.css}</style>`;
      out =
        cleaned.slice(0, at) +
        style +
        cleaned.slice(at) +
        out
          .slice(head.length)
          .replace(
            /<\/body>(?![\s\S]*<\/body>)/,
            `${sheets.map((sheet) => sheet.replace('rel="stylesheet"', 'rel="preload" as="style"')).join('')}</body>`,
          );
    }
  }
  for (const url of page.used) {
    out = out.replace(
      `<link rel="preload" as="fetch" crossorigin href="${escapeMarkup(url)}">`,
      '',
    );
  }
  // Markup that preloads its own first pictures at high priority (React's preload of an image
  // rendered with fetchPriority high: the artwork's, a home's first cards) names exactly the ones
  // it shows first: the head part's picks (first-data.ts, from the default settings' view of the
  // same answer) go, so that no picture is preloaded twice, nor one the page does not show soon.
  const headPictures = /<link rel="preload" as="image" fetchpriority="high" href="[^"]*">/g;
  if (/<link rel="preload" as="image" [^>]*fetchPriority="high"/.test(page.root)) {
    out = out.replace(headPictures, '');
  } else {
    // The page paints once its stylesheets are in, not its pictures (the app's shell, which
    // needs its code first, has them first): after the stylesheets and scripts, so that those
    // take the browser's first connections (six to an HTTP/1.1 origin).
    const pictures = out.match(headPictures)?.join('') ?? '';
    if (pictures) out = out.replace(headPictures, '').replace('</head>', `${pictures}</head>`);
  }
  return out;
}
