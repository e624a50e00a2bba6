/**
 * The mirror the app reads from (spec 000 §7: "a configurable API mirror chosen from a list";
 * spec 001 §5.2). This server's own `/api/pixiv` is the default; any HibiAPI-compatible mirror
 * can be chosen instead. A new address is checked before it is kept: it must be an http(s) URL
 * (or a path on this server) and answer a `/rank` request with a ranking.
 */
import { HTTP_TIMEOUT_MS } from '@pv/core';
import { STORAGE_KEYS } from './storage-keys.ts';
import { syncFirstDataCookie } from './first-data-cookie.ts';

/** This server's mirror: the default, and the only base that receives the user's token. */
export const OWN_API_BASE = '/api/pixiv';

/**
 * The address as a base URL without a trailing slash, or null when it is not one: an absolute
 * http(s) URL with a host and no credentials, query or fragment, or a path on this server.
 */
export function normaliseApiBase(input: string): string | null {
  const value = input.trim().replace(/\/+$/, '');
  if (value === '') return null;
  // `//host/…` is protocol-relative: another host, not a path on this server.
  if (value.startsWith('/'))
    return /^\/(?!\/)[\w\-./]*$/.test(value) && !value.includes('..') && !value.includes('//')
      ? value
      : null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether calls to `base` stay on this server (so the user's token may go with them). */
export function isOwnServerBase(base: string): boolean {
  return base.startsWith('/') && !base.startsWith('//');
}

/** The chosen mirror base; the default when none was chosen or the stored one is damaged. */
export function readApiBase(storage: Storage = localStorage): string {
  return normaliseApiBase(storage.getItem(STORAGE_KEYS.apiBase) ?? '') ?? OWN_API_BASE;
}

export type ApiBaseCheck =
  { ok: true; base: string } | { ok: false; reason: 'invalid_url' | 'connect_error' };

/**
 * Checks a new mirror address as spec 001 §5.2 says: 'Invalid URL' for a malformed one, the
 * connect error when a `/rank` request to it fails or answers no ranking. Nothing is stored.
 */
export async function checkApiBase(
  input: string,
  doFetch: typeof fetch = (...args) => fetch(...args),
): Promise<ApiBaseCheck> {
  const base = normaliseApiBase(input);
  if (!base) return { ok: false, reason: 'invalid_url' };
  try {
    const res = await doFetch(`${base}/rank`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as { illusts?: unknown } | null;
    if (!res.ok || !body || !Array.isArray(body.illusts)) {
      return { ok: false, reason: 'connect_error' };
    }
    return { ok: true, base };
  } catch {
    return { ok: false, reason: 'connect_error' };
  }
}

/** Keeps a checked base (the default base clears the choice). */
export function saveApiBase(base: string, storage: Storage = localStorage): void {
  if (base === OWN_API_BASE) storage.removeItem(STORAGE_KEYS.apiBase);
  else storage.setItem(STORAGE_KEYS.apiBase, base);
  // another mirror: the server's preloads of its own mirror calls would go unused (back to this
  // server's own, the app's next start decides, as it knows whether a token goes with the calls)
  if (base !== OWN_API_BASE) syncFirstDataCookie(true);
}
