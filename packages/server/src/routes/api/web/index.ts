/**
 * `/api/web/*`: a proxy for exactly the www.pixiv.net routes the app uses (routes.ts, posts.ts),
 * never an open one. Each GET names its one upstream path and validates its parameters (422 like
 * the mirror); the upstream JSON goes back with 200, so the app reads `{error, message, body}` or
 * the ranking's own shape. The browser's session (`x-pixiv-session`, `x-csrf-token`) goes to the
 * www host only; answers made with it are never cached, and are marked private.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PixivError, createWebClient, type WebSession } from '@pv/pixiv';
import { hibiError, upstreamError } from '../../../lib/hibi-errors.ts';
import type { ResponseCache } from '../../../plugins/cache.ts';
import { firstLanguage, type Upstream } from '../../../plugins/upstream.ts';
import { validate, validationDetail } from '../pixiv/params.ts';
import { cacheMode } from '../pixiv/index.ts';
import { registerWebPosts } from './posts.ts';
import { WEB_ROUTES, type WebRoute } from './routes.ts';
import { SESSION_HEADER, sessionOf } from './session.ts';

export { WEB_RANKING_MODES, WEB_ROUTES, WEB_PAGE_SIZES } from './routes.ts';
export { WEB_POSTS } from './posts.ts';
export { SESSION_HEADER, CSRF_HEADER, NEW_CSRF_HEADER } from './session.ts';

export interface WebDeps {
  upstream: Upstream;
  cache: ResponseCache;
  /** Upstream timeout in ms (default the client's 20 s). */
  timeoutMs?: number;
}

/** The cache key of a www route's anonymous answer. */
function webCacheKey(name: string, args: Record<string, unknown>, language: string | undefined) {
  return `web:${name}:${language ?? ''}:${JSON.stringify(Object.entries(args).sort())}`;
}

/** A 200 answer with `error: false`; upstream failures of routes that swallow them are not. */
function isOk(status: number, body: unknown): boolean {
  return (
    status === 200 &&
    !!body &&
    typeof body === 'object' &&
    !('error' in body && (body as { error: unknown }).error)
  );
}

/** www answered 5xx or 429: a stale copy is better, and without one the answer is 502/503. */
class WebUpstreamFailure extends Error {
  readonly status: number;
  readonly retryAfter: string | undefined;
  constructor(res: { status: number; retryAfter?: string }) {
    super(`www answered ${res.status}`);
    this.status = res.status;
    this.retryAfter = res.retryAfter;
  }
}

/** The empty-data envelope a failed GET answers (spec 000 §8), with the reason in a header. */
function swallowed(reply: FastifyReply, route: WebRoute, reason: string, message = '') {
  return reply
    .code(200)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-web-error', reason)
    .send({ error: false, message, body: route.empty!() });
}

async function load(
  deps: WebDeps,
  route: WebRoute,
  args: Record<string, unknown>,
  language: string | undefined,
  session: WebSession | null,
) {
  const { path, query } = route.upstream(args as Parameters<WebRoute['upstream']>[0]);
  const web = createWebClient({
    hosts: deps.upstream.hosts,
    acceptLanguage: language,
    timeoutMs: deps.timeoutMs,
    ...(session ? { session } : {}),
  });
  return { path, res: await web.getJson<unknown>(path, query) };
}

async function handle(
  deps: WebDeps,
  name: string,
  route: WebRoute,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const result = validate(route.fields, req.query as Record<string, unknown>);
  if ('issues' in result) {
    return hibiError(req, reply, 422, validationDetail(result.issues), {
      validation: result.issues,
    });
  }
  const session = sessionOf(req);
  if (session === 'malformed') return reply.code(400).send({ error: 'login.session_format' });
  if (route.session === 'required' && !session) {
    return reply.code(401).send({ error: 'login.required' });
  }
  const language = firstLanguage(req.headers['accept-language']);
  try {
    if (session) {
      // A session's answers are that user's alone: never cached, never shared.
      const { res } = await load(deps, route, result.args, language, session);
      reply.header('cache-control', 'private, no-store').header('vary', SESSION_HEADER);
      if (route.empty && !isOk(res.status, res.body)) {
        const message = (res.body as { message?: unknown } | null)?.message;
        return swallowed(
          reply,
          route,
          `upstream ${res.status}`,
          typeof message === 'string' ? message : '',
        );
      }
      return reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .send(res.body);
    }
    const cached = await deps.cache.fetch(
      webCacheKey(name, result.args, language),
      route.ttl,
      route.ttl === 0 ? 'bypass' : cacheMode(req.headers['cache-control']),
      async () => {
        const { res } = await load(deps, route, result.args, language, null);
        // A failing upstream is not an answer: the cache serves its stale copy instead.
        if (res.status >= 500 || res.status === 429) throw new WebUpstreamFailure(res);
        return { body: JSON.stringify(res.body), cacheable: isOk(res.status, res.body) };
      },
    );
    if (route.empty) {
      const body = JSON.parse(cached.value) as unknown;
      if (!isOk(200, body)) {
        const message = (body as { message?: unknown } | null)?.message;
        return swallowed(
          reply,
          route,
          'upstream error',
          typeof message === 'string' ? message : '',
        );
      }
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('cache-control', cached.maxAge > 0 ? `max-age=${cached.maxAge}` : 'no-cache');
    if (cached.source === 'hit') reply.header('x-cache-hit', 'true');
    if (cached.source === 'stale') reply.header('x-cache-stale', 'true');
    return reply.code(200).send(cached.value);
  } catch (error) {
    if (error instanceof WebUpstreamFailure) {
      req.log.warn({ status: error.status, route: name }, 'www answered a failure, no stale copy');
      if (route.empty) return swallowed(reply, route, `upstream ${error.status}`);
      return upstreamError(req, reply, 'Upstram API request failed', error.retryAfter);
    }
    if (!(error instanceof PixivError)) throw error;
    if (route.empty) {
      req.log.warn({ kind: error.kind, route: name }, 'www request failed; answering empty data');
      return swallowed(reply, route, error.kind);
    }
    if (error.kind === 'bad_response')
      return upstreamError(req, reply, 'JSONDecodeError', error.retryAfter);
    req.log.warn({ kind: error.kind, route: name }, 'www request failed');
    return hibiError(req, reply, 502, 'Upstram API request failed');
  }
}

/**
 * A www route's anonymous answer (no session), as the route answers it to a browser without one
 * and under the same cache key, with the seconds it stays fresh (0 for discovery's fresh set on
 * every call, unless `keep` names the seconds a copy of the reader's own keeps it): for the
 * server's own render of a page (routes/server-render.ts). Rejects on
 * invalid params and on any answer the route would not send as it came (an upstream failure,
 * an error envelope).
 */
export async function readWebAnswer(
  deps: WebDeps,
  name: string,
  params: Record<string, unknown>,
  options: { language?: string; keep?: number },
): Promise<{ value: unknown; maxAge: number }> {
  const route = WEB_ROUTES[name];
  if (!route) throw new Error(`no www route ${name}`);
  const result = validate(route.fields, params);
  if ('issues' in result) throw new Error(`invalid arguments for ${name}`);
  // a route that keeps nothing, read through a copy of the reader's own (`MirrorCall.keep`), under
  // a key of its own: the route's calls still draw anew and never touch it
  const ttl = route.ttl === 0 && options.keep ? options.keep : route.ttl;
  const key = webCacheKey(name, result.args, options.language);
  const cached = await deps.cache.fetch(
    ttl === route.ttl ? key : `${key}:kept`,
    ttl,
    ttl === 0 ? 'bypass' : 'default',
    async () => {
      const { res } = await load(deps, route, result.args, options.language, null);
      if (res.status >= 500 || res.status === 429) throw new WebUpstreamFailure(res);
      return { body: JSON.stringify(res.body), cacheable: isOk(res.status, res.body) };
    },
  );
  const value = JSON.parse(cached.value) as unknown;
  if (!isOk(200, value)) throw new Error(`www route ${name} answered an error`);
  return { value, maxAge: cached.source === 'stale' ? 0 : cached.maxAge };
}

export async function webRoutes(app: FastifyInstance, deps: WebDeps): Promise<void> {
  for (const [name, route] of Object.entries(WEB_ROUTES)) {
    app.get(`/${name}`, (req, reply) => handle(deps, name, route, req, reply));
  }
  registerWebPosts(app, deps.upstream);
  app.all('/*', (req, reply) => hibiError(req, reply, 404, 'Not Found'));
}
