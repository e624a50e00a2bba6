/**
 * The upstream identity: app-API clients that authenticate with a pool of server refresh
 * tokens, taken round robin so that load spreads across accounts.
 */
import type { UpstreamHosts } from '@pv/core';
import {
  USER_TOKEN_CACHE_MAX,
  createAppApiClient,
  createOAuthClient,
  createRefreshTokenProvider,
  createUserTokenCache,
  refreshTokenKey,
  type AppApiClient,
  type RefreshTokenProvider,
  type UserTokenCache,
} from '@pv/pixiv';

export interface PooledClient extends AppApiClient {
  /** Upstream answered "Rate Limit" to this client's token: rest that token for a while. */
  rateLimited(): void;
}

export interface Upstream {
  hosts: UpstreamHosts;
  /** A client for one request, speaking `language` (the first Accept-Language code). */
  appApi(language?: string): PooledClient;
  /** Tokens in the pool that are not resting. */
  readonly available: number;
  /**
   * A client acting as a user, from their own refresh token (local-app mode), for one request.
   * What outlives the request is SHA-256(token) → access token (1800 s) in `userTokens`; the
   * refresh token itself is used to refresh when needed and dropped with the request. `userKey`
   * names the user for per-user caching.
   */
  asUser(
    refreshToken: string,
    language?: string,
  ): {
    client: AppApiClient;
    userKey: string;
    /** The pixiv id of the token's user (refreshing the access token when needed). */
    userId(): Promise<string | undefined>;
  };
  /** The users' access tokens, by hash (tests look inside: no refresh token may be there). */
  readonly userTokens: UserTokenCache;
}

/** Users whose access tokens are kept at once (least recently used go first). */
export const USER_TOKENS_MAX = USER_TOKEN_CACHE_MAX;

/** The key a user's token is known by: never the token itself. */
export function userKeyOf(refreshToken: string): string {
  return refreshTokenKey(refreshToken).slice(0, 32);
}

/** How long a token rests after "Rate Limit" (gallery-dl waits 300 s). */
export const RATE_LIMIT_BACKOFF_MS = 300_000;

/** pixiv's rate-limit answer, recognised by its text as clients do. */
export function isRateLimitBody(body: unknown): boolean {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' && error.message === 'Rate Limit';
}

export interface UpstreamOptions {
  hosts: UpstreamHosts;
  refreshTokens: readonly string[];
  timeoutMs?: number;
  now?: () => number;
}

export function createUpstream(options: UpstreamOptions): Upstream {
  if (options.refreshTokens.length === 0)
    throw new Error('the upstream needs at least one refresh token');
  const oauth = createOAuthClient({ oauthBase: options.hosts.oauth, timeoutMs: options.timeoutMs });
  const pool: RefreshTokenProvider[] = options.refreshTokens.map((refreshToken) =>
    createRefreshTokenProvider({ oauth, refreshToken }),
  );
  const now = options.now ?? Date.now;
  const restingUntil = pool.map(() => 0);
  let next = 0;
  /** Round robin over the tokens that are not resting; all resting → the one that rests least. */
  const pick = (): number => {
    for (let i = 0; i < pool.length; i++) {
      const index = next++ % pool.length;
      if (restingUntil[index]! <= now()) return index;
    }
    return restingUntil.indexOf(Math.min(...restingUntil));
  };
  const userTokens = createUserTokenCache({ oauth, maxEntries: USER_TOKENS_MAX });
  return {
    hosts: options.hosts,
    userTokens,
    asUser(refreshToken, language) {
      const auth = userTokens.forRequest(refreshToken);
      const client = createAppApiClient({
        hosts: options.hosts,
        auth,
        acceptLanguage: language,
        timeoutMs: options.timeoutMs,
      });
      const userId = async () => {
        await auth.getAccessToken();
        return auth.userId();
      };
      return { client, userKey: userKeyOf(refreshToken), userId };
    },
    get available() {
      return restingUntil.filter((t) => t <= now()).length;
    },
    appApi(language) {
      const index = pick();
      const client = createAppApiClient({
        hosts: options.hosts,
        auth: pool[index]!,
        acceptLanguage: language,
        timeoutMs: options.timeoutMs,
      });
      return {
        ...client,
        rateLimited: () => {
          restingUntil[index] = now() + RATE_LIMIT_BACKOFF_MS;
        },
      };
    },
  };
}

/** The first language code of an Accept-Language header ('zh-CN,zh;q=0.9' → 'zh-CN'). */
export function firstLanguage(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : undefined;
}
