/**
 * What a request looks like in the log. Tokens and cookies never reach it: the headers that
 * carry them are redacted (app.ts, REDACTED_PATHS), and so are the values of the query
 * parameters a login can carry in a URL (the OAuth callback's `code` arrives as
 * `/account/oauth?code=…`).
 */
import type { FastifyRequest } from 'fastify';

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

const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** The URL with the values of SECRET_QUERY_PARAMS replaced by `[redacted]`. */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]');
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
    ...(verbose ? { headers: { ...req.headers } } : {}),
  });
}
