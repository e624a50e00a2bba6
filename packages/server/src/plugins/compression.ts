/**
 * Compresses text answers on the fly (lib/compress.ts): every string or buffer body of a
 * compressible type and at least COMPRESS_MIN_BYTES goes out in brotli or gzip when the client
 * accepts one, with `Vary: Accept-Encoding`. Streams (static files, images) pass untouched: the
 * static assets are precompressed at build time and images never shrink. A route that sends a
 * stored compressed form sets Content-Encoding itself, and this hook only adds the Vary. The
 * compressed forms of the app's page shells are kept.
 */
import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { addMemoryPart } from '../lib/stats.ts';
import {
  COMPRESS_MIN_BYTES,
  compress,
  isCompressibleType,
  pickEncoding,
  varyAcceptEncoding,
} from '../lib/compress.ts';

/** Bytes of compressed page shells kept: some hundreds of pages. */
export const SHELLS_MAX_BYTES = 4 * 1024 * 1024;

export function registerCompression(app: FastifyInstance): void {
  // The app's page shells repeat byte for byte (one path, the same head parts), and compressing
  // one took half a page request's time (`/`: 4,700 answers a second uncompressed, 2,300 in
  // brotli): each compressed form is made once and kept, by encoding and the text's SHA-256, not
  // by the text (a page of 150–300 KB as its own key, counted twice over as UTF-16, left room for
  // six). A kept server render's pages do not come here: spa.ts keeps them as served, compressed.
  // A render that is not kept does, as a shell would.
  const shells = keptBodies(app, 'page_shells', SHELLS_MAX_BYTES);
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!isCompressibleType(reply.getHeader('content-type') as string | undefined)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyAcceptEncoding(reply.getHeader('vary') as string | undefined));
    if (reply.hasHeader('content-encoding')) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const shell =
      typeof payload === 'string' &&
      /^text\/html/i.test(String(reply.getHeader('content-type'))) &&
      `${encoding}:${hash('sha256', payload, 'base64')}`;
    let body = shell ? shells.get(shell) : undefined;
    if (!body) {
      body = await compress(Buffer.from(payload), encoding);
      if (shell) shells.set(shell, body);
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

/**
 * A keep of compressed answers in memory: bodies by key (counted as UTF-16), least recently used
 * go first past `maxBytes`; its size is the server's memory figure `name` (lib/stats.ts).
 */
export function keptBodies(
  app: FastifyInstance,
  name: string,
  maxBytes: number,
): LRUCache<string, Buffer> {
  const kept = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (body, key) => body.length + key.length * 2,
  });
  addMemoryPart(app, name, () => ({ entries: kept.size, bytes: kept.calculatedSize }));
  return kept;
}
