/**
 * `/i/*`, `/s/*` and `/sk/*`: i.pximg.net, s.pximg.net and img-sketch.pximg.net through this server, with the pixiv Referer
 * they require. Only those two hosts are ever fetched (the path is appended to a fixed base,
 * after rejecting traversal and encoded tricks); bodies stream; Range and validators pass
 * through; redirects are not followed.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_TIMEOUT_MS } from '@pv/core';

const PASS_REQUEST = ['range', 'if-none-match', 'if-modified-since', 'if-range'] as const;
const PASS_RESPONSE = [
  'content-type',
  'content-length',
  'content-range',
  'etag',
  'last-modified',
  'accept-ranges',
] as const;
/** Image and ugoira files upstream serves. */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|zip)$/i;
/** Image paths use a small alphabet; anything else (`%`, `\`, `?`, `..`) is refused. */
const SAFE_PATH = /^[\w-]+(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*$/;

/** True when a proxied path is plain: no traversal, no encoding, no empty segments. */
export function isSafeImagePath(path: string): boolean {
  return path.length > 0 && path.length <= 512 && SAFE_PATH.test(path);
}

/**
 * img-sketch.pximg.net paths: an optional resize directive (`c!/w=400,h=400,f=webp:jpeg/`) and an
 * upload path. Nothing else is fetched from that host.
 */
const SKETCH_IMAGE_PATH =
  /^(?:c!\/w=\d{1,4}(?:,h=\d{1,4})?,f=webp:jpeg\/)?uploads\/[a-z_]+\/file\/\d{1,12}\/[\w-]{1,80}\.(?:jpe?g|png|gif)$/;

export function isSafeSketchImagePath(path: string): boolean {
  return path.length <= 256 && SKETCH_IMAGE_PATH.test(path);
}

export interface ImageProxyOptions {
  /** Base URLs of i.pximg.net, s.pximg.net and img-sketch.pximg.net (or the sandbox's stand-ins). */
  pximg: string;
  spximg: string;
  sketchImg: string;
}

async function proxy(
  base: string,
  req: FastifyRequest,
  reply: FastifyReply,
  prefix = /^\/[is]\//,
  safe = isSafeImagePath,
) {
  const rawPath = req.url.replace(prefix, '').split('?')[0] ?? '';
  // `/i/{id}` and `/s/{keyword}` are also SPA routes (artwork and search short links). Every
  // image path ends in a file extension; anything else is a page for the app.
  if (!IMAGE_FILE.test(rawPath)) return reply.callNotFound();
  if (!safe(rawPath)) return reply.code(400).type('text/plain').send('bad image path');
  const headers: Record<string, string> = {
    Referer: 'https://www.pixiv.net/',
    'User-Agent': 'Mozilla/5.0 (pixiv-viewer image proxy)',
  };
  for (const name of PASS_REQUEST) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let res: Response;
  try {
    res = await fetch(`${base}/${rawPath}`, {
      method: req.method === 'HEAD' ? 'HEAD' : 'GET',
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    req.log.warn({ err: (error as Error).name }, 'image upstream failed');
    return reply.code(502).type('text/plain').send('image upstream failed');
  }
  if (res.status >= 300 && res.status < 400 && res.status !== 304) {
    await res.body?.cancel();
    return reply.code(502).type('text/plain').send('image upstream redirected');
  }
  reply.code(res.status);
  for (const name of PASS_RESPONSE) {
    const value = res.headers.get(name);
    if (value) reply.header(name, value);
  }
  const ok = res.status === 200 || res.status === 206 || res.status === 304;
  reply.header('cache-control', ok ? 'public, max-age=31536000, immutable' : 'no-store');
  reply.header('x-content-type-options', 'nosniff');
  if (!res.body || req.method === 'HEAD' || res.status === 304) return reply.send();
  return reply.send(Readable.fromWeb(res.body as WebReadableStream));
}

export async function imageRoutes(app: FastifyInstance, options: ImageProxyOptions): Promise<void> {
  app.get('/i/*', (req, reply) => proxy(options.pximg, req, reply));
  app.get('/s/*', (req, reply) => proxy(options.spximg, req, reply));
  app.get('/sk/*', (req, reply) =>
    proxy(options.sketchImg, req, reply, /^\/sk\//, isSafeSketchImagePath),
  );
}
