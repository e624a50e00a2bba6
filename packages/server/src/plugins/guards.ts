/**
 * Protections of the mirror API: a per-IP rate limit (HibiAPI's error shape on 429) and CORS for
 * third-party mirror clients, off unless origins are configured.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export interface GuardOptions {
  rateLimitPerMinute: number;
  corsOrigins: readonly string[];
}

export async function registerMirrorGuards(
  scope: FastifyInstance,
  options: GuardOptions,
): Promise<void> {
  if (options.corsOrigins.length > 0) {
    await scope.register(cors, {
      origin: options.corsOrigins.includes('*') ? '*' : [...options.corsOrigins],
      methods: ['GET'],
      exposedHeaders: ['x-cache-hit', 'cache-control'],
      maxAge: 86_400,
    });
  }
  await registerRateLimit(scope, options.rateLimitPerMinute);
}

/**
 * A per-IP limit of `perMinute` calls a minute on the routes of `scope` (0 turns it off), with
 * HibiAPI's error shape on 429. Each scope counts on its own, so the costly extras (translation,
 * ugoira encoding, QR codes) have a budget apart from the mirror's.
 */
export async function registerRateLimit(scope: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute > 0) {
    await scope.register(rateLimit, {
      max: perMinute,
      timeWindow: 60_000,
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
