/**
 * Compresses text answers on the fly (lib/compress.ts): every string or buffer body of a
 * compressible type and at least COMPRESS_MIN_BYTES goes out in brotli or gzip when the client
 * accepts one, with `Vary: Accept-Encoding`. Streams (static files, images) pass untouched: the
 * static assets are precompressed at build time and images never shrink. A route that sends a
 * stored compressed form sets Content-Encoding itself, and this hook only adds the Vary.
 */
import type { FastifyInstance } from 'fastify';
import {
  COMPRESS_MIN_BYTES,
  compress,
  isCompressibleType,
  pickEncoding,
  varyAcceptEncoding,
} from '../lib/compress.ts';

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!isCompressibleType(reply.getHeader('content-type') as string | undefined)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyAcceptEncoding(reply.getHeader('vary') as string | undefined));
    if (reply.hasHeader('content-encoding')) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compress(Buffer.from(payload), encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
