/**
 * The client of the server's mirror API (or any HibiAPI-compatible mirror). Every answer becomes
 * `{status: 0, data}` or `{status: -1, msg}` where msg is an i18n key: 'Rate Limit' gives
 * tip.rate_limit, anything else tip.unknown_err (spec 000 §8).
 */
import {
  HTTP_TIMEOUT_MS,
  extractUpstreamMessage,
  toUserMessageKey,
  type UserMessageKey,
} from '@pv/core';
import { SAVED_HEADER } from '../../sw/names.ts';
import { takePreloaded } from './preloaded.ts';

export type ApiResult<T> = { status: 0; data: T } | { status: -1; msg: UserMessageKey };
export type ApiParams = Record<string, string | number | boolean | undefined>;

export interface ApiClient {
  /** `GET {base}/{name}?{params}`. Never throws. */
  get<T>(name: string, params?: ApiParams, signal?: AbortSignal): Promise<ApiResult<T>>;
  /** `GET {webBase}/{name}?{params}`: this server's www proxy. Never throws. */
  web<T>(name: string, params?: ApiParams, signal?: AbortSignal): Promise<ApiResult<T>>;
  /** `GET {extrasBase}/{name}?{params}`: this server's extras (pixivision, live, …). Never throws. */
  extras<T>(name: string, params?: ApiParams, signal?: AbortSignal): Promise<ApiResult<T>>;
}

export interface ApiClientOptions {
  /** Mirror base, e.g. '/api/pixiv' or 'https://mirror.example/api/pixiv'. */
  base?: string;
  /** The www proxy of this server. Default '/api/web'. */
  webBase?: string;
  /** The extras of this server. Default '/api'. */
  extrasBase?: string;
  /** The user's own refresh token, sent with mirror calls in local-app mode. */
  userToken?: () => string | undefined;
  /** The browser's www session, sent with web-proxy calls only (spec 000 §7). */
  webSession?: () => { session: string; csrfToken: string } | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told after each call whether the network answered (false: a network error, not a 4xx/5xx). */
  onNetwork?: (ok: boolean) => void;
}

/**
 * An answer that carries an error: the app API's `{error: {...}}`, the web's `{error: true,
 * message}` or ranking.php's `{error: "..."}`. The web envelope's `error: false` is a success.
 */
function hasUpstreamError(body: unknown): boolean {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return error !== null && error !== undefined && error !== false && error !== '';
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = (options.base ?? '/api/pixiv').replace(/\/$/, '');
  const webBase = (options.webBase ?? '/api/web').replace(/\/$/, '');
  const extrasBase = (options.extrasBase ?? '/api').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  async function call<T>(
    root: string,
    name: string,
    params: ApiParams,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<T>> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
    const qs = query.toString();
    const timeout = AbortSignal.timeout(timeoutMs);
    const token = options.userToken?.();
    const session = root === webBase ? options.webSession?.() : undefined;
    const url = `${root}/${name}${qs ? `?${qs}` : ''}`;
    const headers = {
      // The user's token goes to this server only, never to a third-party mirror.
      ...(root === base && token && base.startsWith('/') ? { 'x-pixiv-refresh-token': token } : {}),
      ...(session ? { 'x-pixiv-session': session.session, 'x-csrf-token': session.csrfToken } : {}),
    };
    // the answer the page's HTML preloaded, when this call is the very request it stands for
    const preloaded = Object.keys(headers).length === 0 ? takePreloaded(url) : undefined;
    try {
      const res = await (preloaded ??
        doFetch(url, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          headers: { accept: 'application/json', ...headers },
        }));
      // An answer the service worker took from what the user saved: the network is still down.
      options.onNetwork?.(!res.headers.has(SAVED_HEADER));
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok || body === undefined || hasUpstreamError(body)) {
        return { status: -1, msg: toUserMessageKey(extractUpstreamMessage(body)) };
      }
      return { status: 0, data: body as T };
    } catch (err) {
      // fetch rejects with a TypeError when no answer came (offline, refused, DNS); a timeout or
      // an abort is not the network being down.
      if (err instanceof TypeError) options.onNetwork?.(false);
      return { status: -1, msg: 'tip.unknown_err' };
    }
  }
  return {
    get: (name, params = {}, signal) => call(base, name, params, signal),
    web: (name, params = {}, signal) => call(webBase, name, params, signal),
    extras: (name, params = {}, signal) => call(extrasBase, name, params, signal),
  };
}
