/**
 * `npm start`: reads the environment, picks the upstream (the real pixiv, a sandbox elsewhere,
 * or the embedded sandbox), listens, and shuts down gracefully on SIGINT/SIGTERM.
 */
import { PIXIV_HOSTS, type UpstreamHosts } from '@pv/core';
import { DEMO_ACCOUNTS, sandboxHosts, startSandbox } from '@pv/sandbox';
import { buildApp } from './app.ts';
import { readEnv, refreshTokens, type Env } from './config.ts';

interface UpstreamChoice {
  hosts: UpstreamHosts;
  tokens: string[];
  kind: 'sandbox' | 'pixiv';
  describe: string;
  close?: () => Promise<void>;
}

async function chooseUpstream(env: Env): Promise<UpstreamChoice> {
  const tokens = refreshTokens(env);
  if (env.SANDBOX_URL) {
    return {
      hosts: sandboxHosts(env.SANDBOX_URL),
      tokens: tokens.length ? tokens : [DEMO_ACCOUNTS[0]!.refreshToken],
      kind: 'sandbox',
      describe: `upstream: pixiv sandbox at ${env.SANDBOX_URL} (SANDBOX_URL).`,
    };
  }
  if (tokens.length === 0) {
    const sandbox = await startSandbox({ seed: env.SANDBOX_SEED, host: '127.0.0.1', port: 0 });
    return {
      hosts: sandbox.hosts,
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
      pximg: env.UPSTREAM_PXIMG ?? PIXIV_HOSTS.pximg,
      spximg: env.UPSTREAM_SPXIMG ?? PIXIV_HOSTS.spximg,
    },
    tokens,
    kind: 'pixiv',
    describe: `upstream: pixiv (${tokens.length} refresh token${tokens.length === 1 ? '' : 's'}).`,
  };
}

async function main(): Promise<void> {
  const env = readEnv(process.env);
  const upstream = await chooseUpstream(env);
  const app = await buildApp({
    hosts: upstream.hosts,
    refreshTokens: upstream.tokens,
    upstreamKind: upstream.kind,
    webDist: env.WEB_DIST,
    imageProxy: env.IMAGE_PROXY,
    logLevel: env.LOG_LEVEL,
    cacheMaxEntries: env.CACHE_MAX_ENTRIES,
  });
  app.log.info(upstream.describe);
  await app.listen({ port: env.PORT, host: env.HOST });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
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
