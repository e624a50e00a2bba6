/**
 * `npm start`: reads the environment, picks the upstream (the real pixiv, a sandbox elsewhere,
 * or the embedded sandbox), listens, and shuts down gracefully on SIGINT/SIGTERM.
 */
import { PIXIV_HOSTS, type UpstreamHosts } from '@pv/core';
import {
  DEMO_ACCOUNTS,
  sandboxHosts,
  sandboxServices,
  ffmpegPath,
  ffmpegStartError,
  sandboxTranslateHosts,
  startSandbox,
  sweepStaleTempDirs,
} from '@pv/sandbox';
import { execFile } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { IdleGc, exposeGc } from './lib/idle-gc.ts';
import { listenText } from './lib/listen-text.ts';
import { megabytes } from './lib/stats.ts';
import {
  corsOrigins,
  imageProxyList,
  mirrorSites,
  pximgCandidates,
  readEnv,
  refreshTokens,
  trustProxy,
  type Env,
} from './config.ts';
import type { ViewerServiceUrls } from './routes/api/extras/viewer-services.ts';
import {
  PUBLIC_TRANSLATE_HOSTS,
  type TranslateConfig,
  type TranslateHosts,
} from './routes/api/extras/translate-services.ts';

interface UpstreamChoice {
  hosts: UpstreamHosts;
  /** The viewer's own services: the sandbox's, or the configured ones. */
  services: ViewerServiceUrls;
  /** The novel translation services: the sandbox's stand-ins, or the public ones. */
  translateHosts: TranslateHosts;
  tokens: string[];
  kind: 'sandbox' | 'pixiv';
  describe: string;
  close?: () => Promise<void>;
}

/** The services set in the environment (unset ones are left out, so defaults stay). */
function configuredServices(env: Env): ViewerServiceUrls {
  return Object.fromEntries(
    Object.entries({
      pidRecover: env.UPSTREAM_PID_RECOVER,
      notices: env.UPSTREAM_NOTICES,
      sensitiveWords: env.UPSTREAM_SENSITIVE_WORDS,
    }).filter(([, v]) => v !== undefined),
  );
}

/** Each translation service from the environment, else the upstream's own. */
function translateConfig(env: Env, upstream: UpstreamChoice): TranslateConfig {
  const hosts = upstream.translateHosts;
  return {
    hosts: {
      microsoft: env.UPSTREAM_TRANSLATE_MS ?? hosts.microsoft,
      google: env.UPSTREAM_TRANSLATE_GG ?? hosts.google,
      youdao: env.UPSTREAM_TRANSLATE_YD ?? hosts.youdao,
      ai: env.UPSTREAM_TRANSLATE_SC ?? hosts.ai,
      immersive: env.UPSTREAM_IMMERSIVE_TRANSLATE ?? hosts.immersive,
    },
    microsoftKey: env.TRANSLATE_MS_KEY,
    microsoftRegion: env.TRANSLATE_MS_REGION,
    // The sandbox's stand-in wants a bearer key as the real service does; any key will do.
    aiKey: env.TRANSLATE_SC_KEY ?? (upstream.kind === 'sandbox' ? 'sandbox' : undefined),
  };
}

async function chooseUpstream(env: Env): Promise<UpstreamChoice> {
  const tokens = refreshTokens(env);
  if (env.SANDBOX_URL) {
    return {
      hosts: sandboxHosts(env.SANDBOX_URL),
      services: { ...sandboxServices(env.SANDBOX_URL), ...configuredServices(env) },
      translateHosts: sandboxTranslateHosts(env.SANDBOX_URL),
      tokens: tokens.length ? tokens : [DEMO_ACCOUNTS[0]!.refreshToken],
      kind: 'sandbox',
      describe: `upstream: pixiv sandbox at ${env.SANDBOX_URL} (SANDBOX_URL).`,
    };
  }
  if (tokens.length === 0) {
    const sandbox = await startSandbox({ seed: env.SANDBOX_SEED, host: '127.0.0.1', port: 0 });
    return {
      hosts: sandbox.hosts,
      services: { ...sandboxServices(sandbox.baseUrl), ...configuredServices(env) },
      translateHosts: sandboxTranslateHosts(sandbox.baseUrl),
      tokens: [DEMO_ACCOUNTS[0]!.refreshToken],
      kind: 'sandbox',
      describe: `upstream: embedded pixiv sandbox at ${sandbox.baseUrl}. Set PIXIV_REFRESH_TOKEN to use pixiv.`,
      close: sandbox.close,
    };
  }
  return {
    hosts: {
      ...PIXIV_HOSTS,
      appApi: env.UPSTREAM_APP_API ?? PIXIV_HOSTS.appApi,
      oauth: env.UPSTREAM_OAUTH ?? PIXIV_HOSTS.oauth,
      www: env.UPSTREAM_WWW ?? PIXIV_HOSTS.www,
      pximg: pximgCandidates(env)[0] ?? PIXIV_HOSTS.pximg,
      spximg: env.UPSTREAM_SPXIMG ?? PIXIV_HOSTS.spximg,
      imageSearch: env.UPSTREAM_IMAGE_SEARCH ?? PIXIV_HOSTS.imageSearch,
    },
    services: configuredServices(env),
    translateHosts: PUBLIC_TRANSLATE_HOSTS,
    tokens,
    kind: 'pixiv',
    describe: `upstream: pixiv (${tokens.length} refresh token${tokens.length === 1 ? '' : 's'}).`,
  };
}

/**
 * Bounds how far V8 grows the heap over the objects alive after a full collection. Under a burst
 * (500 concurrent cold calls in the load bench) V8's own factor took the heap from 80 to 280 MB
 * with 75 MB alive, and gave it back only some 40 s after the burst; at 50 % the heap stopped at
 * 130 MB (RSS 227 MB instead of 372) with the same throughput. Set first, before the heap grows;
 * V8 reads the factor at each full collection.
 */
function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** Gives a burst's heap back after `seconds` of quiet (lib/idle-gc.ts); 0: V8 alone decides. */
function startIdleGc(seconds: number, log: FastifyBaseLogger): () => void {
  if (seconds === 0) return () => {};
  return new IdleGc({
    quietSeconds: seconds,
    gc: exposeGc(),
    onCollect: (before, after) =>
      log.info(
        { heap_before_mb: megabytes(before), heap_after_mb: megabytes(after) },
        'collected the heap after a quiet spell',
      ),
  }).start();
}

async function main(): Promise<void> {
  const env = readEnv(process.env);
  applyHeapGrowth(env.HEAP_GROWING_PERCENT);
  // what a killed server left in the temporary folder (ugoira encodes, the sandbox's HLS loops)
  sweepStaleTempDirs();
  const upstream = await chooseUpstream(env);
  const app = await buildApp({
    hosts: upstream.hosts,
    refreshTokens: upstream.tokens,
    upstreamKind: upstream.kind,
    webDist: env.WEB_DIST,
    imageProxy: env.IMAGE_PROXY,
    publicUrl: env.PUBLIC_URL,
    imageProxies: imageProxyList(env),
    logLevel: env.LOG_LEVEL,
    cacheMaxEntries: env.CACHE_MAX_ENTRIES,
    cacheMaxBytes: env.CACHE_MAX_BYTES,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    corsOrigins: corsOrigins(env),
    trustProxy: trustProxy(env),
    redisUrl: env.REDIS_URL,
    selfHosted: env.SELF_HOSTED === 'true',
    previewAdult: env.PREVIEW_ADULT === 'true',
    serverRender: env.SSR === '1',
    statsEndpoint: env.STATS_ENDPOINT === 'true',
    pximgFallbacks: upstream.kind === 'pixiv' ? pximgCandidates(env).slice(1) : [],
    mirrors: mirrorSites(env),
    imageSearchApiKey: env.SAUCENAO_API_KEY,
    services: upstream.services,
    translate: translateConfig(env, upstream),
  });
  // The first line a person reads says where to open the site (lib/listen-text.ts).
  await app.listen({ port: env.PORT, host: env.HOST, listenTextResolver: listenText(env.HOST) });
  app.log.info(upstream.describe);
  // Said once at start rather than at the first ugoira video a person asks for.
  execFile(ffmpegPath(), ['-version'], (error) => {
    if (error) app.log.warn(`ugoira videos will fail: ${ffmpegStartError(error).message}`);
  });
  const stopIdleGc = startIdleGc(env.IDLE_GC_SECONDS, app.log);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      stopIdleGc();
      app.log.info({ signal }, 'shutting down');
      void app
        .close()
        .then(() => upstream.close?.())
        .then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
