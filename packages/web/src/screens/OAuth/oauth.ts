/**
 * The OAuth (PKCE) login of spec 001 §1 (b), §2.3: the server makes the PKCE pair and pixiv's
 * login URL (`GET /api/auth/login`); the browser keeps the verifier 600 s; pixiv ends the login at
 * `pixiv://account/login?code=…`, which reaches `/account/oauth?code=…` through the redirector
 * (on a sandbox deployment, the server) or pasted by the user; the code and the verifier are then
 * traded for the refresh token (`POST /api/auth/code`).
 */
import { readCodeVerifier, saveCodeVerifier } from '../../state/settings/client-config.ts';

/** After the OAuth login the location is replaced with / after 200 ms (spec 001 §2.3, §9). */
export const OAUTH_SUCCESS_RELOAD_MS = 200;

const CODE = /^[\w.~-]{1,512}$/;
/** pixiv's older end of the login, an https callback carrying the same code. */
const CALLBACK = 'https://app-api.pixiv.net/web/v1/users/auth/pixiv/callback';

/**
 * The sign-in code in what the user pasted: the code itself, the `pixiv://account/login?code=…`
 * address pixiv ends the login at, or the older https callback. Null when there is none.
 */
export function oauthCodeFrom(input: string): string | null {
  const text = input.trim();
  if (CODE.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const app = url.protocol === 'pixiv:' && url.host === 'account' && url.pathname === '/login';
  if (!app && `${url.origin}${url.pathname}` !== CALLBACK) return null;
  const code = url.searchParams.get('code');
  return code && CODE.test(code) ? code : null;
}

export type OAuthStart =
  { ok: true; url: string; redirectorUrl: string | null } | { ok: false; key: string };

/** Asks the server for a PKCE pair and keeps the verifier for its 600 s. */
export async function startOAuthLogin(now: () => number = Date.now): Promise<OAuthStart> {
  try {
    const res = await fetch('/api/auth/login');
    if (!res.ok) return { ok: false, key: 'tip.unknown_err' };
    const body = (await res.json()) as {
      url?: string;
      code_verifier?: string;
      expires_in?: number;
      redirector_url?: string | null;
    };
    if (typeof body.url !== 'string' || typeof body.code_verifier !== 'string') {
      return { ok: false, key: 'tip.unknown_err' };
    }
    if (!saveCodeVerifier(body.code_verifier, body.expires_in, now())) {
      return { ok: false, key: 'tip.unknown_err' };
    }
    return { ok: true, url: body.url, redirectorUrl: body.redirector_url ?? null };
  } catch {
    return { ok: false, key: 'tip.unknown_err' };
  }
}

export type OAuthResult =
  { ok: true; refreshToken: string; user: { name: string } } | { ok: false; key: string };

async function exchange(code: string): Promise<OAuthResult> {
  const value = oauthCodeFrom(code);
  if (!value) return { ok: false, key: 'login.oauth_code_format' };
  const stored = readCodeVerifier();
  if (!stored.ok) return { ok: false, key: `login.oauth_${stored.reason}` };
  try {
    const res = await fetch('/api/auth/code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: value, code_verifier: stored.verifier }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      refresh_token?: string;
      user?: { name: string };
      error?: string;
    };
    if (!res.ok || !body.refresh_token || !body.user) {
      return { ok: false, key: body.error ?? 'tip.unknown_err' };
    }
    return { ok: true, refreshToken: body.refresh_token, user: body.user };
  } catch {
    return { ok: false, key: 'tip.unknown_err' };
  }
}

const inFlight = new Map<string, Promise<OAuthResult>>();

/**
 * Trades a code with the stored verifier. A code is good for one try, so a second call for the
 * same code while the first is under way (a remounted screen) shares its answer.
 */
export function exchangeOAuthCode(code: string): Promise<OAuthResult> {
  let pending = inFlight.get(code);
  if (!pending) {
    pending = exchange(code).finally(() => inFlight.delete(code));
    inFlight.set(code, pending);
  }
  return pending;
}
