/**
 * Protections of the API: per-IP rate limits (HibiAPI's error shape on 429), one budget per
 * group of routes, and CORS for third-party mirror clients, off unless origins are configured.
 */
import { createRequire } from 'node:module';
import cors from '@fastify/cors';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { SharedRateLimit } from '../lib/fast-hits.ts';

/** The rate limit's own in-memory store (synchronous `incr`), so a budget can be shared. */
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;

/** Clients whose budget is kept (the plugin's default). */
const RATE_LIMIT_CLIENTS = 5_000;

export interface GuardOptions {
  rateLimitPerMinute: number;
  corsOrigins: readonly string[];
}

/**
 * CORS and the rate limit of the mirror; the budget is given back so that the cache-hit path in
 * front of Fastify (lib/fast-hits.ts) counts its answers in it too (undefined when off).
 */
export async function registerMirrorGuards(
  scope: FastifyInstance,
  options: GuardOptions,
): Promise<SharedRateLimit | undefined> {
  await registerCors(scope, options.corsOrigins, ['x-cache-hit', 'cache-control']);
  if (options.rateLimitPerMinute <= 0) return undefined;
  const store = new LocalStore(false, false, RATE_LIMIT_CLIENTS);
  await registerRateLimit(scope, options.rateLimitPerMinute, store);
  return { max: options.rateLimitPerMinute, timeWindow: RATE_LIMIT_WINDOW_MS, store };
}

const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * CORS on the routes of `scope` for the configured origins (`*` for any; none: no headers at
 * all), answering preflights (`OPTIONS`) of GET and HEAD. The mirror API and the image routes
 * use it, so another site can read our JSON and draw our images on a canvas.
 */
export async function registerCors(
  scope: FastifyInstance,
  origins: readonly string[],
  exposedHeaders: readonly string[],
): Promise<void> {
  if (origins.length === 0) return;
  await scope.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD'],
    exposedHeaders: [...exposedHeaders],
    maxAge: 86_400,
  });
}

/**
 * The login bridges' share of RATE_LIMIT_PER_MINUTE: a person logs in a few times a day, while
 * guessing refresh tokens or session ids takes many calls.
 */
export const AUTH_RATE_LIMIT_DIVISOR = 10;

/** The per-IP budget of `/api/auth/*` for a configured `perMinute` (0 stays off). */
export function authRateLimit(perMinute: number): number {
  return perMinute > 0 ? Math.max(1, Math.ceil(perMinute / AUTH_RATE_LIMIT_DIVISOR)) : 0;
}

/**
 * A per-IP limit of `perMinute` calls a minute on the routes of `scope` (0 turns it off), with
 * HibiAPI's error shape on 429. Each scope counts on its own, so the costly extras (translation,
 * ugoira encoding, QR codes) have a budget apart from the mirror's. A route opts out with
 * `config: { rateLimit: false }`.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  perMinute: number,
  /** A store made by the caller, to share the budget (the plugin makes its own otherwise). */
  store?: FastifyRateLimitStore,
): Promise<void> {
  if (perMinute > 0) {
    await scope.register(rateLimit, {
      max: perMinute,
      timeWindow: RATE_LIMIT_WINDOW_MS,
      ...(store ? { store: storeCtor(store) } : {}),
      errorResponseBuilder: (req, context) => ({
        statusCode: 429,
        url: `${req.protocol}://${req.host}${req.url}`,
        time: new Date().toISOString(),
        code: 429,
        detail: `Rate limit exceeded: ${context.max} requests per minute`,
        headers: {},
      }),
    });
  }
}

/** The plugin makes its store with `new`: this hands it one made beforehand. */
function storeCtor(store: FastifyRateLimitStore): FastifyRateLimitStoreCtor {
  return function SharedStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
