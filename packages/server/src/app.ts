/**
 * Builds the server (DESIGN.md, the one picture): mirror API, image proxy, SPA. Everything it
 * talks to is passed in, so tests build it in-process on the sandbox and use `inject`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { UpstreamHosts } from '@pv/core';
import { MemoryCacheStore, ResponseCache } from './plugins/cache.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { createUpstream } from './plugins/upstream.ts';
import { pixivMirrorRoutes } from './routes/api/pixiv/index.ts';
import { imageRoutes } from './routes/img/index.ts';
import { spaRoutes } from './routes/spa.ts';

export interface AppConfig {
  hosts: UpstreamHosts;
  refreshTokens: readonly string[];
  /** 'sandbox' or 'pixiv': shown by /api/config. */
  upstreamKind: 'sandbox' | 'pixiv';
  webDist: string;
  imageProxy?: string;
  logLevel?: string;
  cacheMaxEntries?: number;
  upstreamTimeoutMs?: number;
  /** Where logs go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

/** Log paths that never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-pixiv-refresh-token"]',
  'res.headers["set-cookie"]',
];

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 512 },
    requestIdHeader: false,
  });
  registerSecurityHeaders(app, config.imageProxy);
  const upstream = createUpstream({
    hosts: config.hosts,
    refreshTokens: config.refreshTokens,
    timeoutMs: config.upstreamTimeoutMs,
  });
  const cache = new ResponseCache(new MemoryCacheStore(config.cacheMaxEntries ?? 5_000));
  await app.register(async (scope) => pixivMirrorRoutes(scope, { upstream, cache }), {
    prefix: '/api/pixiv',
  });
  app.get('/api/config', async () => ({
    upstream: config.upstreamKind,
    imageProxy: config.imageProxy ?? null,
  }));
  await app.register(async (scope) =>
    imageRoutes(scope, { pximg: config.hosts.pximg, spximg: config.hosts.spximg }),
  );
  await app.register(async (scope) => spaRoutes(scope, { webDist: config.webDist }));
  return app;
}
