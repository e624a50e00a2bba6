/**
 * Access tokens from a refresh token, cached for 1800 s (spec 001 §9) or upstream's expires_in
 * if shorter. Concurrent callers share one refresh; a failed refresh is not remembered.
 *
 * The provider holds its refresh token for its whole life: it is meant for the server's own
 * tokens (PIXIV_REFRESH_TOKEN). Users' tokens go through user-tokens.ts, which keeps only a hash.
 */
import { ACCESS_TOKEN_TTL_SECONDS } from '@pv/core';
import type { RawAuthTokenResponse } from '@pv/core';
import type { OAuthClient } from './oauth.ts';

export interface AccessTokenSource {
  getAccessToken(): Promise<string>;
  /** Forget the cached token (after upstream called it invalid). */
  invalidate(): void;
}

export interface RefreshTokenProvider extends AccessTokenSource {
  /** The pixiv user id of the last successful refresh, as the string pixiv sends. */
  userId(): string | undefined;
}

/**
 * How long an access token is used, ms: `ttlMs` (1800 s) or upstream's `expires_in` when that is
 * shorter; a missing or non-positive expires_in leaves the TTL.
 */
export function accessTokenLifetimeMs(
  res: Pick<RawAuthTokenResponse, 'expires_in'>,
  ttlMs: number,
) {
  return Math.min(ttlMs, (res.expires_in > 0 ? res.expires_in : Infinity) * 1000);
}

export interface RefreshTokenProviderOptions {
  oauth: OAuthClient;
  refreshToken: string;
  ttlSeconds?: number;
  now?: () => number;
}

export function createRefreshTokenProvider(
  options: RefreshTokenProviderOptions,
): RefreshTokenProvider {
  const ttlMs = (options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS) * 1000;
  const now = options.now ?? Date.now;
  let cached: { token: string; expires: number } | undefined;
  let inFlight: Promise<string> | undefined;
  let user: string | undefined;

  function refresh(): Promise<string> {
    inFlight ??= options.oauth
      .refresh(options.refreshToken)
      .then((res) => {
        cached = { token: res.access_token, expires: now() + accessTokenLifetimeMs(res, ttlMs) };
        user = res.user?.id ?? res.response?.user?.id;
        return res.access_token;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    getAccessToken() {
      if (cached && cached.expires > now()) return Promise.resolve(cached.token);
      return refresh();
    },
    invalidate() {
      cached = undefined;
    },
    userId: () => user,
  };
}
