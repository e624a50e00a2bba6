/**
 * The client config (spec 001 §5): the user's refresh token and whether the local-app API mode
 * is on, and the www session of the session-cookie login (spec 001 §2.3). Both stay in this
 * browser; the server only ever sees them on the requests that need them (the token in
 * `x-pixiv-refresh-token` on mirror calls, the session in `x-pixiv-session` and `x-csrf-token` on
 * web-proxy calls) and never keeps them. The session is kept 180 days, like pixiv's cookie;
 * an expired one reads as signed out.
 */
import { useSyncExternalStore } from 'react';
import { SESSION_ID_PATTERN, isSessionExpired, sessionExpiresAt } from '@pv/core';
import { STORAGE_KEYS } from './storage-keys.ts';
import { OWN_API_BASE, readApiBase } from './api-base.ts';
import { syncFirstDataCookie } from './first-data-cookie.ts';

/** The account a session login answered (spec 000 §3 "Current user"). */
export interface SessionUser {
  id: number;
  pixivId: string;
  name: string;
  profileImg: string;
  profileImgBig: string;
  premium: boolean;
  xRestrict: number;
}

/** A stored www session: the PHPSESSID value, its CSRF token, the account and its expiry. */
export interface WebSession {
  session: string;
  csrfToken: string;
  user: SessionUser;
  /** Milliseconds since the epoch; from then on the session reads as absent. */
  expiresAt: number;
}

/**
 * The modes of a browser that talks to pixiv's app API itself (spec 001 §3 client config, §4):
 * direct mode (pixiv's hosts by a fixed address) and the API proxy, which exclude each other.
 * On this site the server is the one that talks to pixiv, so they have no effect here; they are
 * kept, shown and carried by settings files (transfer.ts) so that nothing a user set is lost.
 */
export interface ApiModes {
  directMode: boolean;
  useApiProxy: boolean;
  /** The chosen API proxy host ('' the default). */
  apiProxy: string;
}

export const DEFAULT_API_MODES: ApiModes = { directMode: false, useApiProxy: false, apiProxy: '' };

/** The modes of a stored client config (or a settings file's), the two never both on. */
export function parseApiModes(v: Partial<Record<keyof ApiModes, unknown>>): ApiModes {
  const directMode = v.directMode === true;
  return {
    directMode,
    useApiProxy: v.useApiProxy === true && !directMode,
    apiProxy: typeof v.apiProxy === 'string' ? v.apiProxy.slice(0, 255) : '',
  };
}

export interface ClientConfig extends ApiModes {
  refreshToken: string;
  useLocalAppApi: boolean;
  /** The session-cookie login, or null (none, damaged, or expired). */
  webSession: WebSession | null;
}

const EMPTY: ClientConfig = {
  refreshToken: '',
  useLocalAppApi: false,
  webSession: null,
  ...DEFAULT_API_MODES,
};
let cachedRaw: string | null | undefined;
let cachedSessionRaw: string | null | undefined;
let cached: ClientConfig = EMPTY;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function parseSession(raw: string | null, now: number): WebSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<WebSession> | null;
    const user = v?.user;
    if (
      !v ||
      typeof v.session !== 'string' ||
      !SESSION_ID_PATTERN.test(v.session) ||
      typeof v.csrfToken !== 'string' ||
      typeof v.expiresAt !== 'number' ||
      isSessionExpired(v.expiresAt, now) ||
      !user ||
      typeof user.id !== 'number' ||
      typeof user.name !== 'string'
    ) {
      return null;
    }
    return { session: v.session, csrfToken: v.csrfToken, user, expiresAt: v.expiresAt };
  } catch {
    return null;
  }
}

type StoredConfig = Omit<ClientConfig, 'webSession'>;

const EMPTY_STORED: StoredConfig = {
  refreshToken: '',
  useLocalAppApi: false,
  ...DEFAULT_API_MODES,
};

function parseConfig(raw: string | null): StoredConfig {
  try {
    const v = (raw ? JSON.parse(raw) : {}) as Partial<ClientConfig> | null;
    if (!v || typeof v !== 'object') return EMPTY_STORED;
    return {
      refreshToken: typeof v.refreshToken === 'string' ? v.refreshToken : '',
      useLocalAppApi: v.useLocalAppApi === true,
      ...parseApiModes(v),
    };
  } catch {
    return EMPTY_STORED;
  }
}

export function readClientConfig(): ClientConfig {
  const raw = localStorage.getItem(STORAGE_KEYS.clientConfig);
  const sessionRaw = localStorage.getItem(STORAGE_KEYS.webSession);
  const now = Date.now();
  const expired = cached.webSession !== null && isSessionExpired(cached.webSession.expiresAt, now);
  if (raw !== cachedRaw || sessionRaw !== cachedSessionRaw || expired) {
    cachedRaw = raw;
    cachedSessionRaw = sessionRaw;
    cached = { ...parseConfig(raw), webSession: parseSession(sessionRaw, now) };
  }
  return cached;
}

/**
 * Saves the token part of the config, keeping the API modes (the session has its own calls
 * below).
 */
export function saveClientConfig(
  next: Pick<ClientConfig, 'refreshToken' | 'useLocalAppApi'>,
): void {
  const { refreshToken, useLocalAppApi } = next;
  const current = parseConfig(localStorage.getItem(STORAGE_KEYS.clientConfig));
  const stored: StoredConfig = { ...current, refreshToken, useLocalAppApi };
  localStorage.setItem(STORAGE_KEYS.clientConfig, JSON.stringify(stored));
  syncFirstDataCookie((useLocalAppApi && refreshToken !== '') || readApiBase() !== OWN_API_BASE);
  emit();
}

/** The stored config with other API modes, the token untouched (a settings import). */
export function withApiModes(raw: string | null, modes: ApiModes): string {
  const stored: StoredConfig = { ...parseConfig(raw), ...parseApiModes({ ...modes }) };
  return JSON.stringify(stored);
}

/** The API modes of a stored config. */
export function apiModesOf(raw: string | null): ApiModes {
  const { directMode, useApiProxy, apiProxy } = parseConfig(raw);
  return { directMode, useApiProxy, apiProxy };
}

/** Keeps a session login for 180 days from `now` (ms since the epoch). */
export function saveWebSession(
  login: { session: string; csrfToken: string; user: SessionUser },
  now: number = Date.now(),
): void {
  const stored: WebSession = { ...login, expiresAt: sessionExpiresAt(now) };
  localStorage.setItem(STORAGE_KEYS.webSession, JSON.stringify(stored));
  emit();
}

/** Logout of the session login: the session value and its CSRF token are removed. */
export function clearWebSession(): void {
  localStorage.removeItem(STORAGE_KEYS.webSession);
  emit();
}

/** The token the mirror calls carry, when the local-app mode is on. */
export function userToken(): string | undefined {
  const c = readClientConfig();
  return c.useLocalAppApi && c.refreshToken ? c.refreshToken : undefined;
}

/** The session and CSRF token the web-proxy calls carry, while a session login is kept. */
export function webSessionHeaders(): { session: string; csrfToken: string } | undefined {
  const s = readClientConfig().webSession;
  return s ? { session: s.session, csrfToken: s.csrfToken } : undefined;
}

/** The local-app mode with a refresh token (what the app-API features need). */
export function isLocalAppSignedIn(c: ClientConfig): boolean {
  return c.useLocalAppApi && c.refreshToken.length > 0;
}

/** Signed in (spec 000 §4): a session value is stored, or the local-app mode is on. */
export function isSignedIn(c: ClientConfig): boolean {
  return c.webSession !== null || isLocalAppSignedIn(c);
}

export function useClientConfig(): ClientConfig {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = (e: StorageEvent) => {
        const keys: (string | null)[] = [STORAGE_KEYS.clientConfig, STORAGE_KEYS.webSession, null];
        if (keys.includes(e.key)) l();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', onStorage);
      };
    },
    readClientConfig,
    () => EMPTY,
  );
}

/** Signed in by either login: a stored session, or the local-app mode with its token. */
export function useSignedIn(): boolean {
  return isSignedIn(useClientConfig());
}

/** Signed in for the app-API features (bookmark hearts, req_post): the local-app mode only. */
export function useLocalAppSignedIn(): boolean {
  return isLocalAppSignedIn(useClientConfig());
}

/** The stored session login, or null. */
export function useWebSession(): WebSession | null {
  return useClientConfig().webSession;
}

/** PKCE code verifiers are 43–128 characters (spec 001 §5.1). */
export const CODE_VERIFIER_MIN = 43;
export const CODE_VERIFIER_MAX = 128;
/** A code verifier is kept at most 600 s (spec 001 §5.1, §9). */
export const CODE_VERIFIER_TTL_SECONDS = 600;

/** The verifier of an OAuth login in progress, or why there is none to use. */
export type CodeVerifierResult =
  { ok: true; verifier: string } | { ok: false; reason: 'missing' | 'expired' };

const isVerifier = (v: unknown): v is string =>
  typeof v === 'string' &&
  v.length >= CODE_VERIFIER_MIN &&
  v.length <= CODE_VERIFIER_MAX &&
  /^[A-Za-z0-9._~-]+$/.test(v);

/**
 * Keeps the code verifier of a starting OAuth login until `now` plus the server's `expires_in`
 * (never more than 600 s). A verifier of the wrong length or alphabet is refused (false).
 */
export function saveCodeVerifier(
  verifier: string,
  expiresInSeconds: number = CODE_VERIFIER_TTL_SECONDS,
  now: number = Date.now(),
): boolean {
  if (!isVerifier(verifier)) return false;
  const seconds = Math.min(Math.max(0, expiresInSeconds), CODE_VERIFIER_TTL_SECONDS);
  const expiresAt = now + seconds * 1000;
  localStorage.setItem(STORAGE_KEYS.oauthCodeVerifier, JSON.stringify({ verifier, expiresAt }));
  return true;
}

/**
 * The stored code verifier, while it lasts: none (or a damaged one) is 'missing'; from its
 * expiry instant on it is 'expired' and removed.
 */
export function readCodeVerifier(now: number = Date.now()): CodeVerifierResult {
  const raw = localStorage.getItem(STORAGE_KEYS.oauthCodeVerifier);
  if (!raw) return { ok: false, reason: 'missing' };
  let stored: { verifier?: unknown; expiresAt?: unknown } | null;
  try {
    stored = JSON.parse(raw) as typeof stored;
  } catch {
    stored = null;
  }
  if (!stored || !isVerifier(stored.verifier) || typeof stored.expiresAt !== 'number') {
    return { ok: false, reason: 'missing' };
  }
  if (now >= stored.expiresAt) {
    clearCodeVerifier();
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, verifier: stored.verifier };
}

export function clearCodeVerifier(): void {
  localStorage.removeItem(STORAGE_KEYS.oauthCodeVerifier);
}
