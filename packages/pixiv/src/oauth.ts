/**
 * oauth.secure.pixiv.net `POST /auth/token`: the refresh grant and the PKCE authorization-code
 * grant (pixiv-upstream.md §2). The password grant is gone upstream and is not offered.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { HTTP_TIMEOUT_MS, type RawAuthTokenResponse } from '@pv/core';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEFAULT_HASH_SECRET,
  appHeaders,
} from './client-hash.ts';
import { PixivError, fetchFailure } from './errors.ts';

/** The redirect_uri pixiv registers for the app's code flow. */
export const PKCE_REDIRECT_URI = 'https://app-api.pixiv.net/web/v1/users/auth/pixiv/callback';

export interface OAuthClientOptions {
  /** Base URL of oauth.secure.pixiv.net (or the sandbox's stand-in). */
  oauthBase: string;
  clientId?: string;
  clientSecret?: string;
  hashSecret?: string;
  /** Milliseconds; default 20 000. */
  timeoutMs?: number;
}

export interface OAuthClient {
  /** Trades a refresh token for an access token. Throws PixivError 'auth' on 400 invalid_grant. */
  refresh(refreshToken: string): Promise<RawAuthTokenResponse>;
  /** Trades a PKCE login code and its verifier for tokens. */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri?: string;
  }): Promise<RawAuthTokenResponse>;
}

export function createOAuthClient(options: OAuthClientOptions): OAuthClient {
  const url = `${options.oauthBase.replace(/\/$/, '')}/auth/token`;
  const client = {
    client_id: options.clientId ?? DEFAULT_CLIENT_ID,
    client_secret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
  };

  async function post(form: Record<string, string>): Promise<RawAuthTokenResponse> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          ...appHeaders(options.hashSecret ?? DEFAULT_HASH_SECRET),
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ ...client, ...form }).toString(),
        // Never follow the token off the OAuth host.
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw fetchFailure(error, url);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      throw new PixivError('bad_response', `token endpoint answered ${res.status} without JSON`, {
        status: res.status,
        cause: error,
      });
    }
    if (res.ok && isTokenResponse(body)) return body;
    if (res.ok)
      throw new PixivError('bad_response', 'token response lacks access_token', {
        status: res.status,
      });
    const kind = res.status === 400 ? 'auth' : 'api';
    const message = (body as { errors?: { system?: { message?: string } } }).errors?.system
      ?.message;
    throw new PixivError(kind, message ?? `token endpoint answered ${res.status}`, {
      status: res.status,
      body,
    });
  }

  return {
    refresh: (refreshToken) =>
      post({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        include_policy: 'true',
        get_secure_url: '1',
      }),
    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      post({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri ?? PKCE_REDIRECT_URI,
        include_policy: 'true',
      }),
  };
}

function isTokenResponse(body: unknown): body is RawAuthTokenResponse {
  return !!body && typeof (body as { access_token?: unknown }).access_token === 'string';
}

/** A PKCE verifier (86 chars of base64url, within the 43..128 rule) and its S256 challenge. */
/** PKCE verifiers are between 43 and 128 characters (RFC 7636); ours pick a random length. */
export const PKCE_VERIFIER_MIN = 43;
export const PKCE_VERIFIER_MAX = 128;

export function pkcePair(): { verifier: string; challenge: string } {
  const length = PKCE_VERIFIER_MIN + randomInt(PKCE_VERIFIER_MAX - PKCE_VERIFIER_MIN + 1);
  const verifier = randomBytes(96).toString('base64url').slice(0, length);
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** base64url(SHA-256(verifier)) without padding. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** The app's login page for a PKCE challenge. */
export function loginUrl(appApiBase: string, challenge: string): string {
  const params = new URLSearchParams({
    code_challenge: challenge,
    code_challenge_method: 'S256',
    client: 'pixiv-android',
  });
  return `${appApiBase.replace(/\/$/, '')}/web/v1/login?${params.toString()}`;
}
