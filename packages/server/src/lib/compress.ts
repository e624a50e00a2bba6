/**
 * Response compression (issue 17): brotli or gzip for text bodies (HTML, JS, CSS, JSON, SVG and
 * the like) of at least COMPRESS_MIN_BYTES, chosen from the request's Accept-Encoding. Images
 * and bodies that already carry a Content-Encoding are never touched. The static assets come
 * precompressed from the build (`.br`/`.gz` beside each file, served by @fastify/static); the
 * mirror keeps its compressed forms with the cache entry (plugins/cache.ts), so a cache hit
 * compresses nothing.
 */
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';

/** Bodies below this many bytes go out as they are: the framing would eat the gain. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The compressed forms of one body (only those made). */
export type Encoded = Partial<Record<Encoding, Buffer>>;

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|atom\+xml|rss\+xml|manifest\+json|ld\+json|x-ndjson)|image\/svg\+xml)/i;

/** Whether a body of `contentType` is text that compression shrinks. */
export function isCompressibleType(contentType: string | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType.trim());
}

/**
 * The encoding to answer with for an Accept-Encoding header: brotli before gzip, each unless
 * refused with `q=0`; `*` admits both. Undefined for identity.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  // browsers send a handful of distinct headers: each is parsed once (2 % of a cache hit's time)
  const known = PICKED.get(header);
  if (known !== undefined) return known || undefined;
  const picked = parseEncoding(header);
  if (PICKED.size >= PICKED_MAX) PICKED.clear();
  PICKED.set(header, picked ?? '');
  return picked;
}

const PICKED = new Map<string, Encoding | ''>();
const PICKED_MAX = 256;

function parseEncoding(header: string): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Bodies up to this size are compressed on the spot (about 2 ms for 64 KB of JSON): the
 * thread pool's hand-off costs more than that on a busy machine (measured 40 to 120 ms for
 * 1 to 40 KB bodies with 8 test processes on 2 cores). Larger ones go to the pool.
 */
const SYNC_MAX_BYTES = 64 * 1024;

/**
 * Brotli quality 5 with a window fitted to the body, and gzip level 6: within a few per cent
 * of the best ratio for JSON at a fraction of quality 11's time, as bodies compressed here are
 * made while a client waits. (Brotli's default 4 MB window doubles the time of a 50 KB body.)
 */
function brotliOptions(size: number): BrotliOptions {
  const window = Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1)) + 1));
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_LGWIN]: window,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

export async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const small = body.length <= SYNC_MAX_BYTES;
  if (encoding === 'gzip')
    return small ? gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 });
  const options = brotliOptions(body.length);
  return small ? brotliCompressSync(body, options) : brotli(body, options);
}

/** Both compressed forms of `body`, or none when it is below COMPRESS_MIN_BYTES. */
export async function compressBoth(body: Buffer): Promise<Encoded> {
  if (body.length < COMPRESS_MIN_BYTES) return {};
  const [br, gz] = await Promise.all([compress(body, 'br'), compress(body, 'gzip')]);
  return { br, gzip: gz };
}

/** Adds `accept-encoding` to a Vary header value (undefined: none yet). */
export function varyAcceptEncoding(current: string | undefined): string {
  if (!current) return 'accept-encoding';
  if (current.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, accept-encoding`;
}
