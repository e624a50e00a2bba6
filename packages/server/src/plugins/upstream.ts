/**
 * The upstream identity: app-API clients that authenticate with a pool of server refresh
 * tokens, taken round robin so that load spreads across accounts.
 */
import type { UpstreamHosts } from '@pv/core';
import {
  createAppApiClient,
  createOAuthClient,
  createRefreshTokenProvider,
  type AppApiClient,
  type RefreshTokenProvider,
} from '@pv/pixiv';

export interface Upstream {
  hosts: UpstreamHosts;
  /** A client for one request, speaking `language` (the first Accept-Language code). */
  appApi(language?: string): AppApiClient;
}

export interface UpstreamOptions {
  hosts: UpstreamHosts;
  refreshTokens: readonly string[];
  timeoutMs?: number;
}

export function createUpstream(options: UpstreamOptions): Upstream {
  if (options.refreshTokens.length === 0)
    throw new Error('the upstream needs at least one refresh token');
  const oauth = createOAuthClient({ oauthBase: options.hosts.oauth, timeoutMs: options.timeoutMs });
  const pool: RefreshTokenProvider[] = options.refreshTokens.map((refreshToken) =>
    createRefreshTokenProvider({ oauth, refreshToken }),
  );
  let next = 0;
  return {
    hosts: options.hosts,
    appApi(language) {
      const auth = pool[next++ % pool.length]!;
      return createAppApiClient({
        hosts: options.hosts,
        auth,
        acceptLanguage: language,
        timeoutMs: options.timeoutMs,
      });
    },
  };
}

/** The first language code of an Accept-Language header ('zh-CN,zh;q=0.9' → 'zh-CN'). */
export function firstLanguage(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : undefined;
}
