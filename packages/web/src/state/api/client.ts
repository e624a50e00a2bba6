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

export type ApiResult<T> = { status: 0; data: T } | { status: -1; msg: UserMessageKey };
export type ApiParams = Record<string, string | number | boolean | undefined>;

export interface ApiClient {
  /** `GET {base}/{name}?{params}`. Never throws. */
  get<T>(name: string, params?: ApiParams, signal?: AbortSignal): Promise<ApiResult<T>>;
}

export interface ApiClientOptions {
  /** Mirror base, e.g. '/api/pixiv' or 'https://mirror.example/api/pixiv'. */
  base?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function hasUpstreamError(body: unknown): boolean {
  return (
    !!body &&
    typeof body === 'object' &&
    'error' in body &&
    (body as { error: unknown }).error != null
  );
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = (options.base ?? '/api/pixiv').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return {
    async get<T>(
      name: string,
      params: ApiParams = {},
      signal?: AbortSignal,
    ): Promise<ApiResult<T>> {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
      const qs = query.toString();
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const res = await doFetch(`${base}/${name}${qs ? `?${qs}` : ''}`, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          headers: { accept: 'application/json' },
        });
        const body: unknown = await res.json().catch(() => undefined);
        if (!res.ok || body === undefined || hasUpstreamError(body)) {
          return { status: -1, msg: toUserMessageKey(extractUpstreamMessage(body)) };
        }
        return { status: 0, data: body as T };
      } catch {
        return { status: -1, msg: 'tip.unknown_err' };
      }
    },
  };
}
