/**
 * What a request looks like in the log. Tokens and cookies never reach it: the headers that
 * carry them are redacted (SECRET_HEADERS), and so are the values of the query parameters a
 * login can carry in a URL (the OAuth callback's `code` arrives as `/account/oauth?code=…`).
 * The serializer redacts them itself rather than pino's `redact` paths: those clone every log
 * line's object, about a tenth of a cache hit's time (the headers are only logged at debug).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line. */
export const SECRET_QUERY_PARAMS = [
  'code',
  'code_verifier',
  'refresh_token',
  'access_token',
  'token',
  'session',
  'phpsessid',
  'csrf_token',
] as const;

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_QUERY_PARAMS);

/** A parameter name as a server would read it: percent-decoded (repeatedly), `+` as space, any case. */
function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  for (let i = 0; i < 3 && name.includes('%'); i++) {
    try {
      name = decodeURIComponent(name);
    } catch {
      break;
    }
  }
  return name.trim().toLowerCase();
}

/** A URL that may name a secret parameter: one of their names in any case, or a `%` escape. */
const MAY_NAME_A_SECRET = new RegExp(['%', ...SECRET_QUERY_PARAMS].join('|'), 'i');

/**
 * The URL with the values of SECRET_QUERY_PARAMS replaced by `[redacted]`, however the name is
 * spelled (`?%72efresh_token=`, `;refresh_token=`, `REFRESH_TOKEN=`).
 */
export function redactUrlSecrets(url: string): string {
  // most URLs name no secret even in part, nor hide a name in percent-escapes: nothing to split
  if (!MAY_NAME_A_SECRET.test(url)) return url;
  const parts = url.split(/([?&;])/);
  for (let i = 2; i < parts.length; i += 2) {
    const part = parts[i]!;
    const eq = part.indexOf('=');
    if (eq > 0 && SECRET_NAMES.has(paramName(part.slice(0, eq)))) {
      parts[i] = `${part.slice(0, eq)}=[redacted]`;
    }
  }
  return parts.join('');
}

/** The header that carries a user's own refresh token (local-app mode, routes/api/pixiv). */
export const USER_TOKEN_HEADER = 'x-pixiv-refresh-token';

/** Request headers whose values never reach a log line. */
export const SECRET_HEADERS = [
  'authorization',
  'cookie',
  USER_TOKEN_HEADER,
  'x-pixiv-session',
  'x-csrf-token',
] as const;

/** A copy of `headers` with the values of SECRET_HEADERS replaced by `[redacted]`. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...headers };
  for (const name of SECRET_HEADERS) if (copy[name] !== undefined) copy[name] = '[redacted]';
  return copy;
}

/** Levels at which a request's headers are logged too (after redaction), to debug clients. */
const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** The `req` serializer of the server's logger at `level`. */
export function requestSerializer(level: string) {
  const verbose = VERBOSE_LEVELS.has(level);
  return (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrlSecrets(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
    // a copy: redaction must not touch the headers the routes read
    ...(verbose ? { headers: redactHeaders(req.headers) } : {}),
  });
}

/** Paths whose requests are logged at debug: images, hashed assets and other static files. */
export function isQuietPath(url: string): boolean {
  if (url.startsWith('/assets/')) return true;
  // images; `/i/{id}` and `/s/{keyword}` without a file extension are pages (short links)
  if (/^\/(?:i|s|sk)\/[^?]*\.(?:jpe?g|png|gif|webp|zip)(?:\?|$)/i.test(url)) return true;
  // a top-level static file (favicon.svg, robots.txt); pages and API calls have no extension
  return !url.startsWith('/api/') && /^\/[^/?]+\.[a-z0-9]{1,5}(?:\?|$)/i.test(url);
}

/**
 * One log line per request, when it is answered (Fastify's "incoming request" and "route not
 * found" lines are dropped): method, URL, status and time, at info for pages and API calls and at
 * debug for images and static files; a request that failed is logged at error, as Fastify does.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const line = { req, res: reply, responseTime: Math.round(reply.elapsedTime * 100) / 100 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // pino drops a line below its level without serializing anything
    else reply.log[isQuietPath(req.url) ? 'debug' : 'info'](line, 'request completed');
  }
}
