/**
 * The app-API client (app-api.pixiv.net). It returns upstream JSON verbatim with its status,
 * error bodies included, because the mirror answers them as they came; it throws only when
 * there is no usable JSON (timeout, network, non-JSON). A 400 invalid_grant answer triggers
 * one token refresh and one retry.
 */
import { HTTP_TIMEOUT_MS, PIXIV_HOSTS, type RawAppApiError, type UpstreamHosts } from '@pv/core';
import { DEFAULT_HASH_SECRET, appHeaders } from './client-hash.ts';
import { PixivError, fetchFailure, isInvalidGrant } from './errors.ts';
import type { AccessTokenSource } from './token-provider.ts';

export type QueryValue =
  string | number | boolean | undefined | null | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface AppApiResult<T> {
  status: number;
  body: T | RawAppApiError;
}

export interface AppApiClientOptions {
  hosts: Pick<UpstreamHosts, 'appApi'>;
  auth?: AccessTokenSource;
  /** Forwarded as Accept-Language; picks the language of `translated_name`. */
  acceptLanguage?: string;
  timeoutMs?: number;
  hashSecret?: string;
}

/** A body read as text: the webview pages (`/webview/v2/novel`) answer HTML, not JSON. */
export interface AppApiTextResult {
  status: number;
  contentType: string;
  text: string;
  /** Upstream's Retry-After header (a 503's or 429's), for the caller to pass on. */
  retryAfter?: string;
}

export interface AppApiClient {
  get<T>(path: string, query?: Query): Promise<AppApiResult<T>>;
  /** A GET whose answer is kept as text, with the same headers, bearer and one refresh retry. */
  getText(path: string, query?: Query): Promise<AppApiTextResult>;
  post<T>(path: string, form?: Query): Promise<AppApiResult<T>>;
  /** Follows a `next_url`; only https://app-api.pixiv.net/v… URLs are accepted. */
  getNext<T>(nextUrl: string): Promise<AppApiResult<T>>;
}

/** PHP-style encoding: arrays as `name[]=a&name[]=b`; undefined and null are left out. */
export function encodeQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  return params.toString();
}

/**
 * The path and query of a next_url, or a PixivError 'forbidden_url'. Upstream writes next_url on
 * its real origin; accepting any other origin would let a crafted URL make us fetch anywhere.
 */
export function nextUrlPath(nextUrl: string): string {
  let url: URL;
  try {
    url = new URL(nextUrl);
  } catch {
    throw new PixivError('forbidden_url', 'next_url is not a URL');
  }
  if (
    url.origin !== PIXIV_HOSTS.appApi ||
    !url.pathname.startsWith('/v') ||
    url.username ||
    url.password
  ) {
    throw new PixivError('forbidden_url', `refusing to follow ${url.origin}${url.pathname}`);
  }
  return `${url.pathname}${url.search}`;
}

export function createAppApiClient(options: AppApiClientOptions): AppApiClient {
  const base = options.hosts.appApi.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  async function fetchText(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body?: string,
  ): Promise<AppApiTextResult> {
    const url = `${base}${pathAndQuery}`;
    const headers: Record<string, string> = {
      ...appHeaders(options.hashSecret ?? DEFAULT_HASH_SECRET),
      Referer: 'https://app-api.pixiv.net/',
    };
    if (options.acceptLanguage) headers['Accept-Language'] = options.acceptLanguage;
    if (options.auth) headers.Authorization = `Bearer ${await options.auth.getAccessToken()}`;
    if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    try {
      const res = await fetch(url, {
        method,
        headers,
        body,
        // A redirect is an answer: following it could take the token to another host.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status >= 300 && res.status < 400) {
        // The app API never redirects; a 3xx is a broken or hostile upstream, not an answer.
        await res.body?.cancel();
        throw new PixivError('bad_response', `app API answered ${res.status}`, {
          status: res.status,
        });
      }
      const text = await res.text();
      const retryAfter = res.headers.get('retry-after') ?? undefined;
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        text,
        ...(retryAfter ? { retryAfter } : {}),
      };
    } catch (error) {
      throw fetchFailure(error, url);
    }
  }

  async function once<T>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body?: string,
  ): Promise<AppApiResult<T>> {
    const res = await fetchText(method, pathAndQuery, body);
    try {
      return { status: res.status, body: JSON.parse(res.text) as T | RawAppApiError };
    } catch (error) {
      throw new PixivError('bad_response', `app API answered ${res.status} without JSON`, {
        status: res.status,
        body: res.text.slice(0, 200),
        cause: error,
        retryAfter: res.retryAfter,
      });
    }
  }

  /** The text of a GET; a 400 invalid_grant JSON answer refreshes the token once, as JSON calls do. */
  async function getText(pathAndQuery: string): Promise<AppApiTextResult> {
    const first = await fetchText('GET', pathAndQuery);
    if (!options.auth || first.status !== 400) return first;
    let parsed: unknown;
    try {
      parsed = JSON.parse(first.text);
    } catch {
      return first;
    }
    if (!isInvalidGrant(first.status, parsed)) return first;
    options.auth.invalidate();
    return fetchText('GET', pathAndQuery);
  }

  async function call<T>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body?: string,
  ): Promise<AppApiResult<T>> {
    const first = await once<T>(method, pathAndQuery, body);
    if (!options.auth || !isInvalidGrant(first.status, first.body)) return first;
    // The cached access token died early (revoked, or upstream restarted): refresh once.
    options.auth.invalidate();
    return once<T>(method, pathAndQuery, body);
  }

  return {
    get: (path, query) => {
      const qs = encodeQuery(query);
      return call('GET', qs ? `${path}?${qs}` : path);
    },
    getText: (path, query) => {
      const qs = encodeQuery(query);
      return getText(qs ? `${path}?${qs}` : path);
    },
    post: (path, form) => call('POST', path, encodeQuery(form)),
    getNext: async (nextUrl) => call('GET', nextUrlPath(nextUrl)),
  };
}
