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
