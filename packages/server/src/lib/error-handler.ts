/**
 * The one error handler: whatever a route throws, the client gets the documented error shape
 * (HibiAPI's `{url, time, code, detail, headers}`, lib/hibi-errors.ts) and never an internal
 * exception's message, which can name files, libraries or the upstream's answer. A 4xx that
 * Fastify raised (bad JSON, wrong content type, body too large) keeps a short fixed reason; all
 * else is a 500 'internal error', logged in full on our side only.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hibiError } from './hibi-errors.ts';

/** Fixed reasons for the client errors Fastify raises before a handler runs. */
const REASONS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty JSON body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid JSON body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid content length',
  FST_ERR_VALIDATION: 'invalid parameters',
};

/** The client-facing reason of an error: fixed text, never the error's own message. */
export function publicReason(
  error: Pick<FastifyError, 'code' | 'statusCode'> & { detail?: unknown },
): {
  status: number;
  detail: string;
} {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // a refusal our own code built in the documented shape (the rate limit's answer names its
    // budget) keeps its words; those are ours, not an exception's
    if (typeof error.detail === 'string') return { status, detail: error.detail };
    return { status, detail: REASONS[error.code] ?? STATUS_CODES[status] ?? 'bad request' };
  }
  return { status: 500, detail: 'internal error' };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { detail?: unknown }, req, reply) => {
    const { status, detail } = publicReason(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: error.code, status }, 'request refused');
    return hibiError(req, reply, status, detail);
  });
}
