/**
 * Access tokens of users who send their own refresh token with each request (local-app mode,
 * DESIGN.md "Login"). The cache keeps only SHA-256(refresh token) → {access token, expiry, user
 * id}: the refresh token arrives with every request, is used to refresh when the access token is
 * missing or expired, and is then dropped with the request. A memory dump, a heap snapshot or a
 * serialised cache therefore never holds a user's refresh token.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_TTL_SECONDS } from '@pv/core';
import type { OAuthClient } from './oauth.ts';
import { accessTokenLifetimeMs, type AccessTokenSource } from './token-provider.ts';

/** What is kept of one user's login. Never the refresh token. */
export interface UserTokenEntry {
  accessToken: string;
  /** Epoch ms after which the access token is refreshed. */
  expires: number;
  /** The pixiv user id of the token, as the string pixiv sends. */
  userId: string | undefined;
}

/** An access-token source for one request of one user. */
export interface UserAccessTokenSource extends AccessTokenSource {
  /** The cache key of the user: SHA-256 of the refresh token, hex. */
  readonly key: string;
  /** The pixiv user id, once an access token has been fetched. */
  userId(): string | undefined;
}

export interface UserTokenCache {
  /**
   * The source for a request carrying `refreshToken`. The returned object holds the token only
   * for the request's life (it refreshes with it); the cache keeps its hash.
   */
  forRequest(refreshToken: string): UserAccessTokenSource;
  /** The kept entries, oldest use first: what a memory dump of the cache would show. */
  entries(): [key: string, entry: UserTokenEntry][];
  readonly size: number;
}

export interface UserTokenCacheOptions {
  oauth: OAuthClient;
  /** Users kept at once; the least recently used go first. Default 1000. */
  maxEntries?: number;
  /** Default 1800 s (spec 001 §9), or upstream's expires_in if shorter. */
  ttlSeconds?: number;
  now?: () => number;
}

/** The key a user's refresh token is known by: SHA-256, hex. Never the token itself. */
export function refreshTokenKey(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('hex');
}

export const USER_TOKEN_CACHE_MAX = 1_000;

export function createUserTokenCache(options: UserTokenCacheOptions): UserTokenCache {
  const ttlMs = (options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS) * 1000;
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? USER_TOKEN_CACHE_MAX;
  const entries = new LRUCache<string, UserTokenEntry>({ max: Math.max(1, max) });
  // Concurrent requests of one user share one refresh. The promise's callbacks never name the
  // refresh token, so nothing keeps it once the OAuth call is done.
  const inFlight = new Map<string, Promise<UserTokenEntry>>();

  function refresh(key: string, refreshToken: string): Promise<UserTokenEntry> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = options.oauth
        .refresh(refreshToken)
        .then((res) => {
          const entry: UserTokenEntry = {
            accessToken: res.access_token,
            expires: now() + accessTokenLifetimeMs(res, ttlMs),
            userId: res.user?.id ?? res.response?.user?.id,
          };
          entries.set(key, entry);
          return entry;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    forRequest(refreshToken) {
      const key = refreshTokenKey(refreshToken);
      let handedOut: string | undefined;
      let user: string | undefined;
      return {
        key,
        async getAccessToken() {
          const entry = entries.get(key);
          if (entry && entry.expires > now()) {
            ({ accessToken: handedOut, userId: user } = entry);
            return entry.accessToken;
          }
          const fresh = await refresh(key, refreshToken);
          ({ accessToken: handedOut, userId: user } = fresh);
          return fresh.accessToken;
        },
        invalidate() {
          // Only the token this request was refused with: another request may have refreshed.
          if (entries.get(key)?.accessToken === handedOut) entries.delete(key);
        },
        userId: () => user,
      };
    },
    entries: () =>
      [...entries.rkeys()].map((key): [string, UserTokenEntry] => [key, { ...entries.peek(key)! }]),
    get size() {
      return entries.size;
    },
  };
}
