/**
 * `GET /api/pixiv/<name>`: the HibiAPI-compatible mirror. Upstream JSON goes back verbatim
 * with 200, error bodies included; 422 for invalid parameters, 404 for unknown names, 500 when
 * upstream answers something that is not JSON, 502 when it cannot be reached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PixivError } from '@pv/pixiv';
import { hibiError } from '../../../lib/hibi-errors.ts';
import type { CacheMode, Fetched, ResponseCache } from '../../../plugins/cache.ts';
import { firstLanguage, type Upstream } from '../../../plugins/upstream.ts';
import { ENDPOINTS, type MirrorEndpoint } from './endpoints.ts';
import { validate, validationDetail, type Args } from './params.ts';

export interface MirrorDeps {
  upstream: Upstream;
  cache: ResponseCache;
}

/** Request Cache-Control: no-cache refreshes the entry, no-store bypasses the cache. */
export function cacheMode(header: string | undefined): CacheMode {
  const h = (header ?? '').toLowerCase();
  if (h.includes('no-store')) return 'bypass';
  if (h.includes('no-cache')) return 'refresh';
  return 'default';
}

/** Error bodies and empty lists are not cached (an empty ranking may be one not yet published). */
export function isCacheable(status: number, body: unknown): boolean {
  if (status !== 200 || !body || typeof body !== 'object' || 'error' in body) return false;
  const lists = ['illusts', 'novels', 'user_previews', 'comments', 'lives', 'spotlight_articles'];
  return !lists.some(
    (k) =>
      Array.isArray((body as Record<string, unknown>)[k]) &&
      (body as Record<string, unknown[]>)[k]!.length === 0,
  );
}

function cacheKey(name: string, args: Args, language: string | undefined): string {
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]]);
  return `pixiv:${name}:${language ?? ''}:server:${JSON.stringify(sorted)}`;
}

async function handle(
  deps: MirrorDeps,
  name: string,
  endpoint: MirrorEndpoint,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const started = performance.now();
  const result = validate(endpoint.fields, req.query as Record<string, unknown>);
  if ('issues' in result) {
    return hibiError(req, reply, 422, validationDetail(result.issues), {
      validation: result.issues,
    });
  }
  const language = firstLanguage(req.headers['accept-language']);
  const { path, query } = endpoint.upstream(result.args);
  const load = async (): Promise<Fetched> => {
    const res = await deps.upstream.appApi(language).get(path, query);
    return { body: JSON.stringify(res.body), cacheable: isCacheable(res.status, res.body) };
  };
  try {
    const cached = await deps.cache.fetch(
      cacheKey(name, result.args, language),
      endpoint.ttl,
      cacheMode(req.headers['cache-control']),
      load,
    );
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('cache-control', cached.maxAge > 0 ? `max-age=${cached.maxAge}` : 'no-cache');
    if (cached.source === 'hit') reply.header('x-cache-hit', 'true');
    if (cached.source === 'stale') reply.header('x-cache-stale', 'true');
    reply.header('x-process-time', ((performance.now() - started) / 1000).toFixed(4));
    return reply.code(200).send(cached.value);
  } catch (error) {
    if (error instanceof PixivError && error.kind === 'bad_response') {
      return hibiError(req, reply, 500, 'JSONDecodeError');
    }
    if (error instanceof PixivError && error.kind === 'auth') {
      req.log.error(
        { kind: error.kind, status: error.status },
        'upstream refused the server refresh token',
      );
      return hibiError(req, reply, 502, 'Upstream authentication failed');
    }
    if (error instanceof PixivError) {
      req.log.warn({ kind: error.kind, path }, 'upstream request failed');
      // HibiAPI's text, misspelling included, so that clients matching on it keep working.
      return hibiError(req, reply, 502, 'Upstram API request failed');
    }
    throw error;
  }
}

export async function pixivMirrorRoutes(app: FastifyInstance, deps: MirrorDeps): Promise<void> {
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    app.get(`/${name}`, (req, reply) => handle(deps, name, endpoint, req, reply));
  }
  app.get('/*', (req, reply) => hibiError(req, reply, 404, 'Not Found'));
}
