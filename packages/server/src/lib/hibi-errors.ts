/** HibiAPI's error body: `{url, time, code, detail, headers}` (+ `validation` on 422). */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function hibiError(
  req: FastifyRequest,
  reply: FastifyReply,
  code: number,
  detail: string,
  extra: object = {},
) {
  const url = `${req.protocol}://${req.host}${req.url}`;
  return reply
    .code(code)
    .header('cache-control', 'no-store')
    .send({ url, time: new Date().toISOString(), code, detail, headers: {}, ...extra });
}

/** A Retry-After worth passing on: delay seconds or an HTTP date, nothing else. */
export function validRetryAfter(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d{1,7}$/.test(v)) return v;
  return v.length <= 40 && /^[\w ,:-]+$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;
}

/**
 * An upstream that failed (unreachable, unreadable, redirecting): 503 with its Retry-After
 * when it sent one, else 502. Never a 500: the fault is not ours.
 */
export function upstreamError(
  req: FastifyRequest,
  reply: FastifyReply,
  detail: string,
  retryAfter?: string,
) {
  const after = validRetryAfter(retryAfter);
  if (after) reply.header('retry-after', after);
  return hibiError(req, reply, after ? 503 : 502, detail);
}
