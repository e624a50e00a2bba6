/**
 * The browser's www session on `/api/web/*`: the PHPSESSID in `x-pixiv-session` and the CSRF
 * token in `x-csrf-token` (spec 000 §7: "Web-proxy calls send the stored cookie and the CSRF
 * token as headers"). They go to the www host only, are never logged (lib/log.ts redacts both) and
 * never stored; answers made with them are never cached or shared.
 */
import type { FastifyRequest } from 'fastify';
import { CSRF_TOKEN_PATTERN, PHPSESSID_PATTERN, type WebSession } from '@pv/pixiv';

export const SESSION_HEADER = 'x-pixiv-session';
export const CSRF_HEADER = 'x-csrf-token';
/**
 * The answer header of a form post that needed a fresh CSRF token (pixiv refused the browser's
 * stale one): the new token, for the browser to keep in place of the old one.
 */
export const NEW_CSRF_HEADER = 'x-csrf-token-refreshed';

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The session of a request: none, a well-formed one, or 'malformed'. */
export function sessionOf(req: FastifyRequest): WebSession | null | 'malformed' {
  const phpsessid = header(req, SESSION_HEADER);
  const csrf = header(req, CSRF_HEADER);
  if (!phpsessid) return csrf ? 'malformed' : null;
  if (!PHPSESSID_PATTERN.test(phpsessid)) return 'malformed';
  if (csrf !== undefined && !CSRF_TOKEN_PATTERN.test(csrf)) return 'malformed';
  return { phpsessid, csrfToken: csrf };
}
