/**
 * `GET /api/pixiv/<name>`: the HibiAPI-compatible mirror. Upstream JSON goes back verbatim
 * with 200, error bodies included; 422 for invalid parameters, 404 for unknown names, 502 when
 * upstream answers something that is not JSON (503 with its Retry-After when it sent one) or
 * cannot be reached.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PixivError, type AppApiClient, type Query } from '@pv/pixiv';
import { pickEncoding } from '../../../lib/compress.ts';
import { isPlainAnonymousGet, type FastHits } from '../../../lib/fast-hits.ts';
import { hibiError, upstreamError } from '../../../lib/hibi-errors.ts';
import { USER_TOKEN_HEADER } from '../../../lib/log.ts';
import type { CacheMode, Fetched, ResponseCache } from '../../../plugins/cache.ts';
import { firstLanguage, isRateLimitBody, type Upstream } from '../../../plugins/upstream.ts';
import { ENDPOINTS, type MirrorEndpoint } from './endpoints.ts';
import { validate, missingMessage, validationDetail, type Args } from './params.ts';
import { reqRoutes } from './req.ts';
import { meRoutes } from './me.ts';
import { openApiRoutes } from './openapi.ts';

export interface MirrorDeps {
  upstream: Upstream;
  cache: ResponseCache;
  /** Told of each anonymous URL answered from the cache, to answer it again before Fastify. */
  fastHits?: FastHits;
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

/**
 * A well-formed answer that the mirror does not keep only because its list is empty
 * (`isCacheable`): a user without public novel bookmarks, a search without results.
 */
export function isEmptyList(body: unknown): boolean {
  return !!body && typeof body === 'object' && !('error' in body) && !isCacheable(200, body);
}

/**
 * Upstream answered, but with a failure (5xx or "Rate Limit"): a stale entry is better than this,
 * and without one the body goes back verbatim as HibiAPI does.
 */
export class UpstreamFailure extends Error {
  constructor(readonly body: unknown) {
    super('upstream answered with a failure');
  }
}

export { USER_TOKEN_HEADER };

/** The cache key of a mirror answer: route, validated arguments, language and whose it is. */
export function cacheKey(
  name: string,
  args: Args,
  language: string | undefined,
  who = 'server',
): string {
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]]);
  return `pixiv:${name}:${language ?? ''}:${who}:${JSON.stringify(sorted)}`;
}

async function handle(
  deps: MirrorDeps,
  name: string,
  endpoint: MirrorEndpoint,
  req: FastifyRequest,
  reply: FastifyReply,
  params = req.query as Record<string, unknown>,
) {
  const started = performance.now();
  const result = validate(endpoint.fields, params, endpoint.passthrough);
  if ('issues' in result) {
    // HibiAPI's 422 body, plus the spec's rejection text (`message`) where a required value is absent
    const message = missingMessage(endpoint.fields, result.issues);
    return hibiError(req, reply, 422, validationDetail(result.issues), {
      validation: result.issues,
      ...(message ? { message } : {}),
    });
  }
  const language = firstLanguage(req.headers['accept-language']);
  const { path, query } = endpoint.upstream(result.args);
  const userToken = req.headers[USER_TOKEN_HEADER];
  let user: ReturnType<Upstream['asUser']> | undefined;
  if (typeof userToken === 'string') {
    if (!/^[\w-]{43}$/.test(userToken)) {
      return hibiError(req, reply, 401, 'login.token_format');
    }
    user = deps.upstream.asUser(userToken, language);
  }
  const ask = (client: AppApiClient) => askUpstream(client, endpoint, path, query, result.args);
  const load = async (): Promise<Fetched> => {
    if (user) {
      // A user's own identity: no pool, no token rotation.
      const res = await ask(user.client);
      if (res.status >= 500 || isRateLimitBody(res.body)) throw new UpstreamFailure(res.body);
      return { body: res.text, cacheable: res.cacheable };
    }
    return poolLoad(deps.upstream, ask, language, req.log, path);
  };
  try {
    const key = cacheKey(name, result.args, language, user ? `user-${user.userKey}` : 'server');
    const cached = await deps.cache.fetch(
      key,
      endpoint.ttl,
      cacheMode(req.headers['cache-control']),
      load,
    );
    // `webview_novel?raw=true` answers the page itself, as text: never as HTML of our origin.
    const text = endpoint.webview && result.args.raw === true && !cached.value.startsWith('{');
    // A user's answers are theirs alone: no shared cache may keep them.
    const scope = user ? 'private, ' : '';
    // The cache keeps each answer's bytes and compressed forms: the one the client takes goes
    // out as it is, with its headers set at once.
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const stored = encoding ? cached.encoded?.[encoding] : cached.bytes;
    const contentType = text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
    const extra = text ? { 'x-content-type-options': 'nosniff' } : undefined;
    // not a query whose arguments come from the clock: it may mean another entry tomorrow
    if (
      cached.source === 'hit' &&
      !user &&
      !result.fromClock &&
      isPlainAnonymousGet(req.method, req.headers)
    ) {
      deps.fastHits?.remember(req.url, language, { key, ttl: endpoint.ttl, contentType, extra });
    }
    reply.code(200).headers({
      'content-type': contentType,
      'cache-control': cached.maxAge > 0 ? `${scope}max-age=${cached.maxAge}` : `${scope}no-cache`,
      'x-process-time': ((performance.now() - started) / 1000).toFixed(4),
      ...extra,
      ...(user ? { vary: USER_TOKEN_HEADER } : {}),
      ...(cached.source === 'hit' ? { 'x-cache-hit': 'true' } : {}),
      ...(cached.source === 'stale' ? { 'x-cache-stale': 'true' } : {}),
      ...(stored && encoding ? { 'content-encoding': encoding } : {}),
    });
    return reply.send(stored ?? cached.value);
  } catch (error) {
    if (error instanceof UpstreamFailure) {
      return reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(error.body));
    }
    if (error instanceof PixivError && error.kind === 'bad_response') {
      req.log.warn({ status: error.status, path }, 'upstream answered no JSON');
      // HibiAPI's detail text (clients match on it), but 502: the fault is upstream's, not ours.
      return upstreamError(req, reply, 'JSONDecodeError', error.retryAfter);
    }
    if (error instanceof PixivError && error.kind === 'auth' && user) {
      return hibiError(req, reply, 401, 'login.token_invalid');
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

/** One load through the server's token pool: a rate-limited token rests, and the next one tries. */
async function poolLoad(
  upstream: Upstream,
  ask: (client: AppApiClient) => Promise<UpstreamAnswer>,
  language: string | undefined,
  log: FastifyBaseLogger,
  path: string,
): Promise<Fetched> {
  let client = upstream.appApi(language);
  let res = await ask(client);
  if (isRateLimitBody(res.body)) {
    client.rateLimited();
    log.warn({ path }, 'upstream Rate Limit; resting that token');
    // Another token of the pool may still have budget.
    if (upstream.available > 0) {
      client = upstream.appApi(language);
      res = await ask(client);
      if (isRateLimitBody(res.body)) client.rateLimited();
    }
  }
  if (res.status >= 500 || isRateLimitBody(res.body)) throw new UpstreamFailure(res.body);
  return { body: res.text, cacheable: res.cacheable };
}

/**
 * A mirror answer read by the server itself (link previews, feeds) as the pool's identity, from
 * the very cache entries `/api/pixiv/<name>` fills and reads, coalesced with concurrent calls:
 * a page that the app then loads costs no second upstream call, nor the other way round. Throws
 * for invalid arguments, upstream failures without a stale entry and answers that are no JSON.
 */
export async function readMirror(
  deps: MirrorDeps,
  name: string,
  params: Record<string, unknown>,
  options: { language?: string; log: FastifyBaseLogger },
): Promise<unknown> {
  return (await readMirrorAnswer(deps, name, params, options)).value;
}

/** readMirror's answer with the seconds its cache entry stays fresh (what depends on it may last as long). */
export async function readMirrorAnswer(
  deps: MirrorDeps,
  name: string,
  params: Record<string, unknown>,
  options: { language?: string; log: FastifyBaseLogger },
): Promise<{ value: unknown; maxAge: number }> {
  const endpoint = ENDPOINTS[name];
  if (!endpoint) throw new Error(`no mirror route ${name}`);
  const result = validate(endpoint.fields, params, endpoint.passthrough);
  if ('issues' in result) throw new Error(`invalid arguments for ${name}`);
  const { path, query } = endpoint.upstream(result.args);
  const ask = (client: AppApiClient) => askUpstream(client, endpoint, path, query, result.args);
  const cached = await deps.cache.fetch(
    cacheKey(name, result.args, options.language),
    endpoint.ttl,
    'default',
    () => poolLoad(deps.upstream, ask, options.language, options.log, path),
  );
  // an answer served stale after an upstream failure lasts for nothing
  const maxAge = cached.source === 'stale' ? 0 : cached.maxAge;
  return { value: JSON.parse(cached.value) as unknown, maxAge };
}

/**
 * A mirror answer from the cache alone, as its text (the same string while it is kept), under the
 * key `readMirror` and an anonymous mirror call use; undefined when it is not there (or not
 * fresh). Never calls upstream.
 */
export async function peekMirrorText(
  deps: MirrorDeps,
  name: string,
  params: Record<string, unknown>,
  language: string | undefined,
): Promise<string | undefined> {
  const endpoint = ENDPOINTS[name];
  if (!endpoint) throw new Error(`no mirror route ${name}`);
  const result = validate(endpoint.fields, params, endpoint.passthrough);
  if ('issues' in result) throw new Error(`invalid arguments for ${name}`);
  return deps.cache.peek(cacheKey(name, result.args, language));
}

interface UpstreamAnswer {
  status: number;
  /** Parsed JSON, for the failure checks; null for a text answer. */
  body: unknown;
  /** What the mirror answers (and caches). */
  text: string;
  cacheable: boolean;
}

/**
 * One upstream call. JSON endpoints answer upstream's JSON; webview endpoints read the HTML page
 * and answer what `endpoint.webview` makes of it, or upstream's JSON error body as it came.
 */
async function askUpstream(
  client: AppApiClient,
  endpoint: MirrorEndpoint,
  path: string,
  query: Query,
  args: Args,
): Promise<UpstreamAnswer> {
  if (!endpoint.webview) {
    const res = await client.get(path, query);
    if (endpoint.reshape && res.status === 200) res.body = endpoint.reshape(res.body);
    const text = JSON.stringify(res.body);
    return {
      status: res.status,
      body: res.body,
      text,
      cacheable: isCacheable(res.status, res.body),
    };
  }
  const res = await client.getText(path, query);
  if (res.status !== 200 || res.contentType.includes('json')) {
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch (cause) {
      throw new PixivError('bad_response', `webview answered ${res.status} without JSON`, {
        cause,
      });
    }
    return { status: res.status, body, text: JSON.stringify(body), cacheable: false };
  }
  const made = endpoint.webview(res.text, args);
  if (!made) throw new PixivError('bad_response', 'the webview page holds no novel object');
  if ('text' in made) return { status: 200, body: null, text: made.text, cacheable: true };
  return { status: 200, body: made.json, text: JSON.stringify(made.json), cacheable: true };
}

export async function pixivMirrorRoutes(app: FastifyInstance, deps: MirrorDeps): Promise<void> {
  reqRoutes(app, deps);
  meRoutes(app, deps.upstream);
  openApiRoutes(app);
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    app.get(`/${name}`, (req, reply) => handle(deps, name, endpoint, req, reply));
  }
  // HibiAPI's older form, which it still serves: `/api/pixiv/?type=<route>&…`
  app.get('/', (req, reply) => {
    const { type, ...params } = req.query as Record<string, unknown>;
    const endpoint = typeof type === 'string' && Object.hasOwn(ENDPOINTS, type) && ENDPOINTS[type];
    if (!endpoint) return hibiError(req, reply, 404, 'Not Found');
    return handle(deps, type as string, endpoint, req, reply, params);
  });
  app.get('/*', (req, reply) => hibiError(req, reply, 404, 'Not Found'));
}
