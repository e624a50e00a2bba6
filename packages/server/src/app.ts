/**
 * Builds the server (DESIGN.md, the one picture): mirror API, image proxy, SPA. Everything it
 * talks to is passed in, so tests build it in-process on the sandbox and use `inject`.
 */
import { createServer, type Server, type ServerOptions } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { UpstreamHosts } from '@pv/core';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { MemoryCacheStore, ResponseCache } from './plugins/cache.ts';
import { NearCacheStore } from './plugins/near-cache.ts';
import { RedisCacheStore } from './plugins/redis-cache.ts';
import { authRateLimit, registerMirrorGuards, registerRateLimit } from './plugins/guards.ts';
import { stdoutLogDestination } from './lib/log-destination.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerCompression } from './plugins/compression.ts';
import { createUpstream, type Upstream } from './plugins/upstream.ts';
import { pixivMirrorRoutes } from './routes/api/pixiv/index.ts';
import { webRoutes } from './routes/api/web/index.ts';
import { spotlightReader, spotlightRoutes } from './routes/api/extras/spotlights.ts';
import { liveRoutes } from './routes/api/extras/lives.ts';
import { imageSearchRoutes } from './routes/api/extras/image-search.ts';
import {
  sensitiveWordsLoader,
  viewerServiceRoutes,
  type ViewerServiceUrls,
} from './routes/api/extras/viewer-services.ts';
import { qrcodeRoutes } from './routes/api/extras/qrcode.ts';
import { translateRoutes } from './routes/api/extras/translate.ts';
import { immersiveTranslateRoutes } from './routes/api/extras/immersive-translate.ts';
import type { TranslateConfig } from './routes/api/extras/translate-services.ts';
import { ugoiraRoutes } from './routes/api/extras/ugoira.ts';
import { authRoutes } from './routes/api/auth/index.ts';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { imageRoutes } from './routes/img/index.ts';
import { ImageKeep } from './routes/img/keep.ts';
import { spaRoutes } from './routes/spa.ts';
import { shareRoutes } from './routes/share/index.ts';
import { previewHead } from './routes/share/head.ts';
import { firstDataHead } from './routes/first-data.ts';
import { serverRenderer } from './routes/server-render.ts';
import { feedRoutes } from './routes/feeds/index.ts';
import { RequestLogController, requestSerializer } from './lib/log.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerRouteTable } from './lib/route-table.ts';
import { FastHits, HitResponse } from './lib/fast-hits.ts';
import { requestId } from './lib/request-id.ts';
import { registerStats } from './lib/stats.ts';

export interface AppConfig {
  hosts: UpstreamHosts;
  refreshTokens: readonly string[];
  /** 'sandbox' or 'pixiv': shown by /api/config. */
  upstreamKind: 'sandbox' | 'pixiv';
  webDist: string;
  imageProxy?: string;
  /**
   * PUBLIC_URL: the origin absolute URLs are built from. Without it they name the request's host,
   * and the answers that carry one are not publicly cacheable (routes/share/public-url.ts).
   */
  publicUrl?: string;
  /** IMAGE_PROXIES: further image sources the app may use (and the CSP allows). */
  imageProxies?: string[];
  logLevel?: string;
  cacheMaxEntries?: number;
  /** Byte bound of the in-memory cache (default 256 MiB). */
  cacheMaxBytes?: number;
  upstreamTimeoutMs?: number;
  /** The clock of the token pool's back-off (tests move it). */
  upstreamNow?: () => number;
  /** The clock of the rendered pages' first data: their ranking days and draws (tests move it). */
  renderNow?: () => Date;
  /**
   * Requests per minute per client IP of each API group (mirror, /api/web, extras, costly extras;
   * /api/auth gets a tenth); 0 turns the limits off. Default 300.
   */
  rateLimitPerMinute?: number;
  /** Proxies whose X-Forwarded-For is believed (config.ts, trustProxy). Default none. */
  trustProxy?: FastifyHttpOptions<Server>['trustProxy'];
  /** Origins allowed to call `/api/pixiv/*` and read the images cross-site (`*` for any). Default none. */
  corsOrigins?: readonly string[];
  /** Shared cache for several instances (`redis://…`); the in-memory LRU without it. */
  redisUrl?: string;
  /**
   * Self-hosted mode (spec 000 §1): the app offers recommended, latest, user search, popular
   * preview and discovery, and no search autocomplete. Default true.
   */
  selfHosted?: boolean;
  /** Other sites running this viewer (the about page's mirror list); shown by /api/config. */
  mirrors?: readonly string[];
  /** SauceNAO API key for the image search (real upstream only). */
  imageSearchApiKey?: string;
  /** The novel translation services (`/api/pixiv-novel-translate`); without it that route answers 503. */
  translate?: TranslateConfig;
  /** The viewer's own services (pid recovery, notices, sensitive words); unset ones answer 503. */
  services?: ViewerServiceUrls;
  /** UPSTREAM_PXIMG's further candidates: the image proxy fails over to them in turn. */
  pximgFallbacks?: readonly string[];
  /** PREVIEW_ADULT: link previews and picture links show R-18, R-18G and AI works' pictures. */
  previewAdult?: boolean;
  /**
   * SSR=1: the rankings' pages carry their first view rendered on the server from the web build's
   * dist/server/entry-server.js (routes/server-render.ts); without that bundle, the shell.
   */
  serverRender?: boolean;
  /** STATS_ENDPOINT: `GET /api/stats` answers the memory figures to this machine (lib/stats.ts). */
  statsEndpoint?: boolean;
  /** Where logs go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The upstream identity (token pool), for the routes and for tests. */
    upstream: Upstream;
    /** The mirror's cache-hit path in front of Fastify (tests read its count). */
    fastHits: FastHits;
  }
}

/** Longest request URL accepted, in characters. */
export const MAX_URL_LENGTH = 4096;

/** What the login page shows of each sandbox demo account (nothing secret: all in the README). */
const DEMO_ACCOUNT_CHOICES = DEMO_ACCOUNTS.map((a) => ({
  account: a.account,
  name: a.name,
  password: a.password,
  refreshToken: a.refreshToken,
  session: a.phpsessid,
  xRestrict: a.xRestrict,
  premium: a.isPremium,
}));

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const logLevel = config.logLevel ?? 'info';
  const fastHits = new FastHits({ trustProxy: config.trustProxy, maxUrlLength: MAX_URL_LENGTH });
  const app = Fastify({
    // A repeated anonymous mirror call is answered from the cache before Fastify (lib/fast-hits.ts).
    serverFactory: (handler, options) => {
      // HitResponse: node's ServerResponse, which the fast path can give its checked header lines
      const http: ServerOptions = { ...(options.http as ServerOptions | undefined) };
      const server = createServer({ ...http, ServerResponse: HitResponse }, (req, res) => {
        if (!fastHits.answer(req, res)) handler(req, res);
      });
      // what Fastify does with its own server (fastify/lib/server.js), with its defaults
      const timeouts = options as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
      };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
    logger: {
      level: logLevel,
      serializers: { req: requestSerializer(logLevel) },
      // standard output in batches (lib/log-destination.ts)
      stream: config.logStream ?? stdoutLogDestination(),
    },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 512 },
    requestIdHeader: false,
    genReqId: requestId,
    // one line per request instead of two (lib/log.ts)
    logController: new RequestLogController(),
  });
  app.decorate('publicUrl', config.publicUrl ?? null);
  registerStats(app, { endpoint: !!config.statsEndpoint });
  registerSecurityHeaders(app, [config.imageProxy, ...(config.imageProxies ?? [])]);
  registerCompression(app);
  registerErrorHandler(app);
  registerRouteTable(app);
  // Graceful shutdown: answers sent once close() has begun end their connection, so that close()
  // waits for requests in flight and not for idle keep-alive connections. The fast hit path
  // stands aside from then on, so every answer goes through this hook.
  app.addHook('preClose', async () => {
    fastHits.closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (fastHits.closing) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (req, reply) => {
    // Every real call has a short URL; refuse oversized ones before any work.
    if (req.url.length > MAX_URL_LENGTH) return reply.code(414).send({ detail: 'URI Too Long' });
    reply.header('x-request-id', req.id);
  });
  const upstream = createUpstream({
    hosts: config.hosts,
    refreshTokens: config.refreshTokens,
    timeoutMs: config.upstreamTimeoutMs,
    now: config.upstreamNow,
  });
  app.decorate('upstream', upstream);
  app.decorate('fastHits', fastHits);
  // the in-memory store's bounds, or with Redis the near copies' (near-cache.ts)
  const limits = { maxEntries: config.cacheMaxEntries ?? 5_000, maxBytes: config.cacheMaxBytes };
  let store: MemoryCacheStore | NearCacheStore;
  if (config.redisUrl) {
    const redis = await RedisCacheStore.connect(config.redisUrl);
    // each instance keeps its hot entries near for a few seconds
    const near = new NearCacheStore(redis, limits);
    app.memoryParts.set('responses', () => near.size);
    app.addHook('onClose', async () => {
      near.close();
      await redis.close();
    });
    store = near;
  } else {
    const memory = new MemoryCacheStore(limits);
    app.memoryParts.set('responses', () => ({ entries: memory.size, bytes: memory.bytes }));
    store = memory;
  }
  app.memoryParts.set('fast_hit_urls', () => fastHits.size);
  const cache = new ResponseCache(store, Date.now, (error) =>
    app.log.warn({ err: error }, 'cache store failed; answering without it'),
  );
  const perMinute = config.rateLimitPerMinute ?? 300;
  // Each group below has its own per-IP budget (guards.ts), so browsing one part of the site
  // never spends another's.
  await app.register(
    async (scope) => {
      const rateLimit = await registerMirrorGuards(scope, {
        rateLimitPerMinute: perMinute,
        corsOrigins: config.corsOrigins ?? [],
      });
      // Not with CORS (its headers depend on the caller). With Redis, from the near copies.
      if (!config.corsOrigins?.length) {
        fastHits.enable({ store, rateLimit, log: app.log });
      }
      await pixivMirrorRoutes(scope, { upstream, cache, fastHits });
    },
    { prefix: '/api/pixiv' },
  );
  await app.register(
    async (scope) => {
      await registerRateLimit(scope, perMinute);
      await webRoutes(scope, { upstream, cache, timeoutMs: config.upstreamTimeoutMs });
    },
    { prefix: '/api/web' },
  );
  // Plugins that routes of several groups below rely on.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(multipart);
  // The sensitive-word list: one copy for its route and the server's render of search pages.
  const wordsUrl = config.services?.sensitiveWords;
  const sensitiveWords = wordsUrl
    ? sensitiveWordsLoader(wordsUrl, config.upstreamTimeoutMs)
    : undefined;
  // The extras that read upstream per call: spotlights, lives, deleted-work recovery, notices.
  await app.register(async (scope) => {
    await registerRateLimit(scope, perMinute);
    await scope.register(
      async (inner) =>
        spotlightRoutes(inner, { upstream, cache, timeoutMs: config.upstreamTimeoutMs }),
      { prefix: '/api' },
    );
    await scope.register(async (inner) =>
      liveRoutes(inner, { upstream, timeoutMs: config.upstreamTimeoutMs }),
    );
    await scope.register(async (inner) =>
      viewerServiceRoutes(inner, {
        urls: config.services ?? {},
        cache,
        timeoutMs: config.upstreamTimeoutMs,
        sensitiveWords,
      }),
    );
  });
  // The extras that cost real work per call (drawing, translating, encoding, a reverse image
  // search against a service with a small quota).
  await app.register(async (scope) => {
    await registerRateLimit(scope, perMinute);
    await scope.register(qrcodeRoutes, { prefix: '/api' });
    await scope.register(
      async (inner) => translateRoutes(inner, { upstream, cache, config: config.translate }),
      { prefix: '/api' },
    );
    await scope.register(
      async (inner) => immersiveTranslateRoutes(inner, { upstream, config: config.translate }),
      { prefix: '/api' },
    );
    await scope.register(async (inner) => ugoiraRoutes(inner, { upstream }), { prefix: '/api' });
    await scope.register(async (inner) =>
      imageSearchRoutes(inner, {
        base: config.hosts.imageSearch,
        apiKey: config.imageSearchApiKey,
      }),
    );
  });
  // The login bridges: a stricter budget, as they are where tokens and sessions get guessed.
  await app.register(async (scope) => {
    await registerRateLimit(scope, authRateLimit(perMinute));
    await authRoutes(scope, {
      hosts: config.hosts,
      timeoutMs: config.upstreamTimeoutMs,
      // Against the sandbox the server is the login redirector; never for pixiv's real login.
      redirector: config.upstreamKind === 'sandbox',
    });
  });
  // What the app is told about this server: answered by /api/config and carried in every page
  // (spa.ts), so that the app's first render already knows it (no row that goes when it answers).
  const clientConfig = {
    upstream: config.upstreamKind,
    imageProxy: config.imageProxy ?? null,
    imageProxies: config.imageProxies ?? [],
    selfHosted: config.selfHosted ?? true,
    mirrors: config.mirrors ?? [],
    // The sandbox's public demo accounts (packages/sandbox/README.md), so that the login page can
    // tell a newcomer what to sign in with; never against pixiv.
    demoAccounts: config.upstreamKind === 'sandbox' ? DEMO_ACCOUNT_CHOICES : [],
  };
  app.get('/api/config', async () => clientConfig);
  const imageKeep = new ImageKeep();
  app.memoryParts.set('images', () => ({ entries: imageKeep.size, bytes: imageKeep.bytes }));
  await app.register(async (scope) =>
    imageRoutes(scope, {
      timeoutMs: config.upstreamTimeoutMs,
      pximg: config.hosts.pximg,
      spximg: config.hosts.spximg,
      sketchImg: config.hosts.sketchImg,
      pximgFallbacks: config.pximgFallbacks,
      keep: imageKeep,
      corsOrigins: config.corsOrigins ?? [],
    }),
  );
  const share = {
    deps: { upstream, cache },
    imageProxy: config.imageProxy,
    adult: !!config.previewAdult,
  };
  // Link previews' oEmbed and picture links, and the feeds: upstream reads, so a budget of their own.
  await app.register(async (scope) => {
    await registerRateLimit(scope, perMinute);
    await shareRoutes(scope, share);
    await feedRoutes(scope, share);
  });
  const render = config.serverRender
    ? serverRenderer({
        webDist: config.webDist,
        deps: share.deps,
        ...(config.renderNow && { now: config.renderNow }),
        config: clientConfig,
        spotlights: spotlightReader({ upstream, cache, timeoutMs: config.upstreamTimeoutMs }),
        // what the app reads from /api/sensitive-words: none without the service
        sensitiveWords: sensitiveWords ?? (() => Promise.resolve([])),
      })
    : undefined;
  if (render?.size) app.memoryParts.set('rendered_pages', render.size);
  await app.register(async (scope) =>
    spaRoutes(scope, {
      webDist: config.webDist,
      config: clientConfig,
      head: [
        previewHead(share),
        firstDataHead({ deps: share.deps, imageProxy: config.imageProxy }),
      ],
      render,
    }),
  );
  return app;
}
