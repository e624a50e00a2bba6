/**
 * `/i/*`, `/s/*` and `/sk/*`: i.pximg.net, s.pximg.net and img-sketch.pximg.net through this server, with the pixiv Referer
 * they require. Only those two hosts are ever fetched (the path is appended to a fixed base,
 * after rejecting traversal and encoded tricks); bodies stream; Range and validators pass
 * through; redirects are not followed. With CORS_ORIGINS set, those origins may read them
 * (draw them on a canvas), as they may call the mirror API.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_TIMEOUT_MS } from '@pv/core';
import { registerCors } from '../../plugins/guards.ts';
import type { ImageKeep, KeptImage } from './keep.ts';
import { allowedImageType, SIGNATURE_BYTES, sniffImageType } from './signature.ts';

const PASS_REQUEST = ['range', 'if-none-match', 'if-modified-since', 'if-range'] as const;
const PASS_RESPONSE = [
  'content-length',
  'content-range',
  'etag',
  'last-modified',
  'accept-ranges',
] as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Every answer of an image route (pictures, 304s, kept copies, errors): never a document. Were a
 * source ever to slip markup past the signature check, it could neither run script nor load
 * anything on our origin.
 */
const IMAGE_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
} as const;
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
  /** Upstream timeout in ms (default 20 s). */
  timeoutMs?: number;
  /**
   * Further i.pximg.net stand-ins (UPSTREAM_PXIMG's list after the first), tried in turn when one
   * fails (no answer, a timeout, a 5xx, something that is no picture).
   */
  pximgFallbacks?: readonly string[];
  /** Pictures kept to answer when every source fails; none kept without it. */
  keep?: ImageKeep;
  /** Origins that may read the images cross-site (CORS_ORIGINS, as for the mirror API). */
  corsOrigins?: readonly string[];
}

interface ProxyRoute {
  /** The upstream bases, tried in order. */
  bases: readonly string[];
  prefix?: RegExp;
  safe?: (path: string) => boolean;
  timeoutMs?: number;
  keep?: ImageKeep;
  /** The keep's key space ('i', 's', 'sk'). */
  host: string;
}

/** One upstream answer that may be relayed, or why none can be (and whether another may). */
type Attempt =
  { res: Response; checked?: CheckedBody } | { failed: string; status?: number; retry: boolean };

async function attempt(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  req: FastifyRequest,
): Promise<Attempt> {
  let res: Response;
  try {
    // HEAD asks upstream for the whole answer too, so that it is checked as a GET's would be and
    // answers the very same headers; its body is then dropped unread.
    res = await fetch(url, {
      method: 'GET',
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    req.log.warn({ err: (error as Error).name }, 'image upstream failed');
    return { failed: 'image upstream failed', retry: true };
  }
  if (res.status >= 300 && res.status < 400 && res.status !== 304) {
    await res.body?.cancel();
    return { failed: 'image upstream redirected', retry: true };
  }
  if (res.status === 200 || res.status === 206) {
    const checked = await checkedBody(res);
    if (typeof checked === 'string') {
      req.log.warn({ status: res.status, problem: checked }, 'image upstream answer refused');
      return { failed: `image upstream answer ${checked}`, retry: true };
    }
    return { res, checked };
  }
  await res.body?.cancel();
  if (res.status === 304) return { res };
  // upstream's own error page is never relayed: its status (a 5xx as 502) and our reason; a 4xx
  // is the picture's own answer, which another source would give as well
  const status = res.status >= 500 || res.status < 400 ? 502 : res.status;
  return { failed: `image upstream answered ${res.status}`, status, retry: status === 502 };
}

async function proxy(req: FastifyRequest, reply: FastifyReply, route: ProxyRoute) {
  const { prefix = /^\/[is]\//, safe = isSafeImagePath, timeoutMs = HTTP_TIMEOUT_MS } = route;
  const rawPath = req.url.replace(prefix, '').split('?')[0] ?? '';
  // `/i/{id}` and `/s/{keyword}` are also SPA routes (artwork and search short links). Every
  // image path ends in a file extension; anything else is a page for the app.
  if (!IMAGE_FILE.test(rawPath)) return reply.callNotFound();
  reply.headers(IMAGE_ANSWER_HEADERS);
  if (!safe(rawPath))
    return reply.code(400).header('cache-control', 'no-store').send({ error: 'bad image path' });
  const key = `${route.host}/${rawPath}`;
  const fresh = plainRequest(req) ? route.keep?.get(key) : undefined;
  if (fresh) return sendHit(req, reply, fresh);
  const headers: Record<string, string> = {
    Referer: 'https://www.pixiv.net/',
    'User-Agent': 'Mozilla/5.0 (pixiv-viewer image proxy)',
  };
  for (const name of PASS_REQUEST) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let outcome: Attempt = { failed: 'no image source', retry: true };
  for (const base of route.bases) {
    outcome = await attempt(`${base}/${rawPath}`, headers, timeoutMs, req);
    if (!('failed' in outcome) || !outcome.retry) break;
  }
  if ('failed' in outcome) {
    const kept = outcome.retry && !req.headers.range ? route.keep?.get(key) : undefined;
    if (kept) return sendKept(req, reply, kept);
    if (outcome.status && outcome.status !== 502) {
      return reply
        .code(outcome.status)
        .header('cache-control', 'no-store')
        .send({ error: outcome.failed });
    }
    return refuse(reply, outcome.failed);
  }
  const { res, checked } = outcome;
  reply.code(res.status);
  for (const name of PASS_RESPONSE) {
    const value = res.headers.get(name);
    if (value) reply.header(name, value);
  }
  if (!checked) return reply.header('cache-control', IMMUTABLE).send();
  reply.header('content-type', checked.type);
  reply.header('cache-control', checked.cacheable ? IMMUTABLE : 'no-store');
  let body = checked.body;
  if (req.method === 'HEAD') {
    body.destroy();
    // An empty stream: Fastify's HEAD handling keeps the content-length set above.
    return reply.send(Readable.from([]));
  }
  if (route.keep && res.status === 200) {
    const length = res.headers.get('content-length');
    body = route.keep.recording(
      key,
      {
        type: checked.type,
        etag: res.headers.get('etag') ?? undefined,
        lastModified: res.headers.get('last-modified') ?? undefined,
      },
      body,
      length === null ? null : Number(length),
    );
  }
  return reply.send(body);
}

/**
 * A request the kept copy may answer as upstream would: no byte range, and no reload (a reload's
 * `no-cache` asks upstream again, and falls back on the kept copy only when that fails).
 */
function plainRequest(req: FastifyRequest): boolean {
  if (req.headers.range) return false;
  const noCache = /no-cache|no-store|max-age=0/i;
  return (
    !noCache.test(String(req.headers['cache-control'] ?? '')) &&
    !noCache.test(String(req.headers.pragma ?? ''))
  );
}

/** A picture passed on before, answered from memory with its upstream headers. */
function sendHit(req: FastifyRequest, reply: FastifyReply, kept: KeptImage) {
  reply
    .header('content-type', kept.type)
    .header('accept-ranges', 'bytes')
    .header('cache-control', IMMUTABLE);
  if (kept.etag) reply.header('etag', kept.etag);
  if (kept.lastModified) reply.header('last-modified', kept.lastModified);
  const match = req.headers['if-none-match'];
  const since = req.headers['if-modified-since'];
  const unchanged =
    match !== undefined
      ? !!kept.etag && match.split(/\s*,\s*/).some((tag) => tag === kept.etag || tag === '*')
      : since !== undefined && !!kept.lastModified && since === kept.lastModified;
  if (unchanged) return reply.code(304).send();
  reply.code(200).header('content-length', kept.body.length);
  return reply.send(req.method === 'HEAD' ? Readable.from([]) : kept.body);
}

/** The kept copy of a picture, when every source failed. */
function sendKept(req: FastifyRequest, reply: FastifyReply, kept: KeptImage) {
  req.log.warn({ path: req.url }, 'image sources failed; answering the kept copy');
  reply
    .code(200)
    .header('content-type', kept.type)
    .header('content-length', kept.body.length)
    // a kept copy stands in for a while only: the next load tries upstream again
    .header('cache-control', 'public, max-age=60')
    .header('x-image-kept', 'true');
  return reply.send(req.method === 'HEAD' ? Readable.from([]) : kept.body);
}

/** A failed image: 502, never cached anywhere. */
function refuse(reply: FastifyReply, reason: string) {
  return reply
    .code(502)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: reason });
}

/** A checked body: what it is (by its signature) and whether it may be cached. */
interface CheckedBody {
  body: Readable;
  type: string;
  /** False for a byte range whose signature could not be read (it starts past the first bytes). */
  cacheable: boolean;
}

/**
 * The body of a 200/206, or why it is refused: upstream must name a picture type pixiv serves (or
 * a zip), and the first bytes must be one (SVG, HTML, XML and lying headers are refused), and it
 * must not be empty. The first bytes are read before anything is sent, then the whole body streams
 * on. A byte range that starts past them cannot be checked: it passes with upstream's (allowed)
 * type under nosniff and the sandbox CSP, and is never cached. A body cut short of its
 * content-length errors the stream mid-way, which ends the client's connection unfinished (so no
 * browser keeps it).
 */
async function checkedBody(res: Response): Promise<CheckedBody | string> {
  const declared = allowedImageType(res.headers.get('content-type'));
  if (!declared) {
    await res.body?.cancel();
    return 'is not an image';
  }
  const length = res.headers.get('content-length');
  if (length !== null && !/^[1-9]\d{0,10}$/.test(length.trim())) {
    await res.body?.cancel();
    return 'is empty';
  }
  if (!res.body) return 'is empty';
  const stream = Readable.fromWeb(res.body as WebReadableStream);
  const range = res.status === 206 ? res.headers.get('content-range') : null;
  if (range !== null && !/^bytes 0-/i.test(range.trim())) {
    return { body: stream, type: declared, cacheable: false };
  }
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let read = 0;
  let ended = false;
  try {
    while (read < SIGNATURE_BYTES) {
      const next = (await iterator.next()) as IteratorResult<Buffer>;
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      read += next.value.length;
    }
  } catch {
    stream.destroy();
    return 'failed';
  }
  if (read === 0) {
    stream.destroy();
    return 'is empty';
  }
  const sniffed = sniffImageType(Buffer.concat(head));
  // a range of a few bytes from the start is too short to tell: treated as a later range
  const tooShort = range !== null && ended && read < 12;
  if (!sniffed && !tooShort) {
    stream.destroy();
    return 'is not a picture';
  }
  const body = Readable.from(
    (async function* () {
      try {
        yield* head;
        if (ended) return;
        for (;;) {
          const next = (await iterator.next()) as IteratorResult<Buffer>;
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // the client went away: stop reading upstream too
        stream.destroy();
      }
    })(),
  );
  return sniffed
    ? { body, type: sniffed, cacheable: true }
    : { body, type: declared, cacheable: false };
}

/** Response headers another origin's script may read from an image answer. */
const EXPOSED = ['content-length', 'content-range', 'etag', 'last-modified', 'cache-control'];

export async function imageRoutes(app: FastifyInstance, options: ImageProxyOptions): Promise<void> {
  const { timeoutMs, keep } = options;
  const origins = options.corsOrigins ?? [];
  const pximg = [options.pximg, ...(options.pximgFallbacks ?? [])];
  // One scope per prefix, so that CORS (and its preflight route) covers the image paths only.
  const routes: [prefix: string, handler: (req: FastifyRequest, reply: FastifyReply) => unknown][] =
    [
      ['/i', (req, reply) => proxy(req, reply, { bases: pximg, timeoutMs, keep, host: 'i' })],
      [
        '/s',
        (req, reply) => proxy(req, reply, { bases: [options.spximg], timeoutMs, keep, host: 's' }),
      ],
      [
        '/sk',
        (req, reply) =>
          proxy(req, reply, {
            bases: [options.sketchImg],
            prefix: /^\/sk\//,
            safe: isSafeSketchImagePath,
            timeoutMs,
            keep,
            host: 'sk',
          }),
      ],
    ];
  for (const [prefix, handler] of routes) {
    await app.register(
      async (scope) => {
        await registerCors(scope, origins, EXPOSED);
        scope.get('/*', handler);
      },
      { prefix },
    );
  }
}
