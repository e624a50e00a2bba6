/**
 * Typed upstream failures. Every error the pixiv client throws is a PixivError whose `kind`
 * says what went wrong, so callers map it without parsing messages.
 */
export type PixivErrorKind =
  /** Upstream answered with an error body (4xx/5xx JSON). */
  | 'api'
  /** The body says "Rate Limit" (pixiv's status for it is unverified: 403 reported, not 429). */
  | 'rate_limit'
  /** OAuth refused: bad refresh token, or a bearer token still invalid after one refresh. */
  | 'auth'
  /** No answer within the timeout (20 s by default). */
  | 'timeout'
  /** Connection refused, DNS failure, reset. */
  | 'network'
  /** Upstream answered something that is not the JSON it should be. */
  | 'bad_response'
  /** A URL the client refuses to fetch (not a pixiv app-API URL): SSRF guard. */
  | 'forbidden_url';

export class PixivError extends Error {
  readonly kind: PixivErrorKind;
  readonly status: number | undefined;
  readonly body: unknown;
  /** Upstream's Retry-After (seconds or a date), when it sent one with the failure. */
  readonly retryAfter: string | undefined;

  constructor(
    kind: PixivErrorKind,
    message: string,
    options: { status?: number; body?: unknown; cause?: unknown; retryAfter?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'PixivError';
    this.kind = kind;
    this.status = options.status;
    this.body = options.body;
    this.retryAfter = options.retryAfter;
  }
}

function errorMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return [];
  const e = error as Record<string, unknown>;
  return [e.message, e.user_message].filter((m): m is string => typeof m === 'string');
}

/** True for an app-API body saying the bearer token is invalid (pixiv answers 400, not 401). */
export function isInvalidGrant(status: number, body: unknown): boolean {
  return status === 400 && errorMessages(body).some((m) => /invalid_grant|OAuth/.test(m));
}

/** Sorts an app-API error answer into rate_limit, auth or api. */
export function classifyAppApiError(status: number, body: unknown): PixivErrorKind {
  const messages = errorMessages(body);
  if (messages.some((m) => m === 'Rate Limit')) return 'rate_limit';
  if (status === 400 && messages.some((m) => m.includes('OAuth'))) return 'auth';
  return 'api';
}

/** Wraps a fetch failure: AbortSignal.timeout aborts with a TimeoutError. */
export function fetchFailure(error: unknown, url: string): PixivError {
  if (error instanceof PixivError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new PixivError('timeout', `upstream timed out: ${redactUrl(url)}`, { cause: error });
  }
  return new PixivError('network', `upstream unreachable: ${redactUrl(url)}`, { cause: error });
}

/** The URL without its query (which may carry ids a log need not keep). */
export function redactUrl(url: string): string {
  return url.split('?')[0] ?? url;
}
