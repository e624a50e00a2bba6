/**
 * The www.pixiv.net client: ajax JSON, ranking.php and the form posts, as a browser sends them
 * (pixiv-upstream.md §3). Paths are chosen by the caller from a fixed list; the client only ever
 * talks to the configured www host. A session cookie and CSRF token are sent when given.
 */
import { HTTP_TIMEOUT_MS, type UpstreamHosts } from '@pv/core';
import { PixivError, fetchFailure } from './errors.ts';
import { encodeQuery, type Query } from './app-api.ts';

export const WEB_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export interface WebSession {
  /** The PHPSESSID cookie value. */
  phpsessid: string;
  /** The x-csrf-token the form posts need. */
  csrfToken?: string;
}

export interface WebResult<T = unknown> {
  status: number;
  body: T;
  /** Upstream's Retry-After header, when it sent one (a 503's or 429's). */
  retryAfter?: string;
}

export interface WebClient {
  /** GET a JSON path (`/ajax/...`, `/ranking.php`). */
  getJson<T>(path: string, query?: Query): Promise<WebResult<T>>;
  /** GET an HTML page (for the CSRF token). */
  getText(path: string, query?: Query): Promise<WebResult<string>>;
  /** POST a JSON or form body with the session's CSRF token. */
  post<T>(path: string, body: string, contentType: string): Promise<WebResult<T>>;
}

export interface WebClientOptions {
  hosts: Pick<UpstreamHosts, 'www'>;
  session?: WebSession;
  acceptLanguage?: string;
  timeoutMs?: number;
}

/** Only plain absolute paths on the www host: no scheme, no host, no dot segments. */
export function assertWebPath(path: string): void {
  if (
    !/^\/[A-Za-z0-9_\-./]*$/.test(path) ||
    path.includes('//') ||
    /(^|\/)\.\.?(\/|$)/.test(path)
  ) {
    throw new PixivError('forbidden_url', `refusing web path ${path.slice(0, 80)}`);
  }
}

export function createWebClient(options: WebClientOptions): WebClient {
  const base = options.hosts.www.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = {
      'User-Agent': WEB_USER_AGENT,
      Referer: 'https://www.pixiv.net/',
      ...extra,
    };
    if (options.acceptLanguage) h['Accept-Language'] = options.acceptLanguage;
    if (options.session) h.Cookie = `PHPSESSID=${options.session.phpsessid}`;
    return h;
  }

  async function request(
    method: 'GET' | 'POST',
    path: string,
    query: Query | undefined,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; text: string; retryAfter?: string }> {
    assertWebPath(path);
    const qs = encodeQuery(query);
    const url = `${base}${path}${qs ? `?${qs}` : ''}`;
    try {
      const res = await fetch(url, {
        method,
        headers: headers(init.headers),
        body: init.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const retryAfter = res.headers.get('retry-after') ?? undefined;
      return { status: res.status, text: await res.text(), ...(retryAfter ? { retryAfter } : {}) };
    } catch (error) {
      throw fetchFailure(error, url);
    }
  }

  function parse<T>(status: number, text: string, retryAfter?: string): WebResult<T> {
    try {
      return { status, body: JSON.parse(text) as T, ...(retryAfter ? { retryAfter } : {}) };
    } catch (error) {
      throw new PixivError('bad_response', `www answered ${status} without JSON`, {
        status,
        body: text.slice(0, 200),
        cause: error,
        retryAfter,
      });
    }
  }

  return {
    async getJson<T>(path: string, query?: Query) {
      const { status, text, retryAfter } = await request('GET', path, query, {
        headers: { Accept: 'application/json' },
      });
      return parse<T>(status, text, retryAfter);
    },
    async getText(path: string, query?: Query) {
      const { status, text } = await request('GET', path, query);
      return { status, body: text };
    },
    async post<T>(path: string, body: string, contentType: string) {
      const extra: Record<string, string> = {
        'Content-Type': contentType,
        Accept: 'application/json',
      };
      if (options.session?.csrfToken) extra['x-csrf-token'] = options.session.csrfToken;
      const { status, text } = await request('POST', path, undefined, { body, headers: extra });
      return parse<T>(status, text);
    },
  };
}

/** pixiv's session id: the user id, an underscore and 32 alphanumerics (spec 001 §5.1). */
export const PHPSESSID_PATTERN = /^\d+_[0-9A-Za-z]{32}$/;

/** pixiv's CSRF tokens: 32 hex characters. */
export const CSRF_TOKEN_PATTERN = /^[0-9a-f]{32}$/i;

/** What the www top page says about a session (readWebSession). */
export type WebSessionRead =
  | { kind: 'ok'; user: WebSessionUser; token: string }
  /** www answered 5xx. */
  | { kind: 'unavailable'; status: number }
  /** The page names no user, or another user than the session's id: a dead or foreign session. */
  | { kind: 'invalid' }
  /** The user is there but the page carries no usable CSRF token. */
  | { kind: 'no_token' };

/**
 * Reads the session's user and current CSRF token from the www top page, as the session login
 * does and as web clients do when pixiv refuses a stale token. `web` must carry the session's
 * cookie. Throws PixivError on network failures like every call of the client.
 */
export async function readWebSession(web: WebClient, phpsessid: string): Promise<WebSessionRead> {
  const res = await web.getText('/');
  if (res.status >= 500) return { kind: 'unavailable', status: res.status };
  const page = res.status === 200 ? parseWebSessionPage(res.body) : null;
  const user = page?.user;
  // pixiv's session ids start with the user's id.
  if (!page || !user || !phpsessid.startsWith(`${user.id}_`)) return { kind: 'invalid' };
  if (!page.token || !CSRF_TOKEN_PATTERN.test(page.token)) return { kind: 'no_token' };
  return { kind: 'ok', user, token: page.token };
}

/**
 * Whether a form post's answer is pixiv refusing the CSRF token (it goes stale when pixiv
 * rotates it): 403, or 400 whose message names the token. A refusal for another reason (an
 * anonymous session, a bad body) is not retried.
 */
export function isCsrfRefusal(status: number, body: unknown): boolean {
  if (status === 403) return true;
  const message = (body as { message?: unknown } | null)?.message;
  return status === 400 && typeof message === 'string' && /csrf|token/i.test(message);
}

/** The signed-in user as www pages carry it (`userData.self`, or `userData` in the older form). */
export interface WebSessionUser {
  id: string;
  pixivId: string;
  name: string;
  profileImg: string;
  profileImgBig: string;
  premium: boolean;
  xRestrict: number;
}

/** What a www page says about its session: the CSRF token and the user (null: anonymous). */
export interface WebSessionPage {
  token: string | null;
  user: WebSessionUser | null;
}

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#39;': "'",
  '&#039;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

function decodeAttribute(value: string): string {
  return value.replace(/&(?:quot|#0?39|lt|gt|amp);/g, (e) => ENTITIES[e] ?? e);
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function sessionUser(value: unknown): WebSessionUser | null {
  const u = asObject(value);
  if (!u || (typeof u.id !== 'string' && typeof u.id !== 'number') || !/^\d+$/.test(String(u.id)))
    return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: String(u.id),
    pixivId: text(u.pixivId),
    name: text(u.name),
    profileImg: text(u.profileImg),
    profileImgBig: text(u.profileImgBig),
    premium: u.premium === true,
    xRestrict: typeof u.xRestrict === 'number' ? u.xRestrict : 0,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Reads the CSRF token and the user out of a www page, as web clients do: first the current
 * Next.js form (`<script id="__NEXT_DATA__">` → `props.pageProps.serverSerializedPreloadedState`,
 * a JSON string, → `api.token` and `userData.self`), then the older
 * `<meta name="global-data" content='{"token", "userData"}'>`. Null when the page has neither.
 */
export function parseWebSessionPage(html: string): WebSessionPage | null {
  const script = /<script\b[^>]*\bid=["']__NEXT_DATA__["'][^>]*>([\s\S]*?)<\/script>/i.exec(html);
  if (script) {
    const next = asObject(parseJson(script[1]!));
    const raw = asObject(asObject(next?.props)?.pageProps)?.serverSerializedPreloadedState;
    const state = asObject(typeof raw === 'string' ? parseJson(raw) : raw);
    if (state) {
      const token = asObject(state.api)?.token;
      return {
        token: typeof token === 'string' && token ? token : null,
        user: sessionUser(asObject(state.userData)?.self),
      };
    }
  }
  for (const meta of html.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = meta[0];
    if (!/\b(?:name=["']global-data["']|id=["']meta-global-data["'])/i.test(tag)) continue;
    const content = /\bcontent=(?:'([^']*)'|"([^"]*)")/i.exec(tag);
    const data = asObject(parseJson(decodeAttribute(content?.[1] ?? content?.[2] ?? '')));
    if (!data) continue;
    return {
      token: typeof data.token === 'string' && data.token ? data.token : null,
      user: sessionUser(data.userData),
    };
  }
  return null;
}
