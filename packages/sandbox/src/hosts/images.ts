/**
 * i.pximg.net and s.pximg.net. i.pximg.net answers 403 unless the Referer is a pixiv page
 * (pixiv-upstream.md §5); both support ETag / If-None-Match, Last-Modified and single byte
 * ranges, and send the long cache lifetime pixiv's CDN does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deletedWorks } from '../data/deleted.ts';
import { DeletedImages } from '../images/deleted-images.ts';
import { SeriesCovers } from '../images/series-covers.ts';
import { StampImages } from '../images/stamps.ts';
import { UgoiraZips } from '../images/ugoira-zip.ts';
import { ugoiraFrames } from './app-api/illusts.ts';
import type { StoredImage } from '../images/store.ts';
import type { SandboxState } from '../state.ts';

const FORBIDDEN_HTML =
  '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n</body>\r\n</html>\r\n';
const NOT_FOUND_HTML =
  '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n</body>\r\n</html>\r\n';

/** True when the Referer's host is pixiv.net or one of its subdomains. */
export function isPixivReferer(referer: string | undefined): boolean {
  if (!referer) return false;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host === 'pixiv.net' || host.endsWith('.pixiv.net');
  } catch {
    return false;
  }
}

/** Parses a single `bytes=` range against a length; 'invalid' when unsatisfiable. */
export function parseRange(
  header: string,
  length: number,
): { start: number; end: number } | 'invalid' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, length - suffix);
    end = length - 1;
  } else {
    start = Number(a);
    end = b === '' ? length - 1 : Math.min(Number(b), length - 1);
  }
  if (start >= length || start > end) return 'invalid';
  return { start, end };
}

async function sendImage(
  req: FastifyRequest,
  reply: FastifyReply,
  job: Promise<StoredImage> | null,
): Promise<FastifyReply> {
  if (!job) return reply.code(404).type('text/html').send(NOT_FOUND_HTML);
  const image = await job;
  reply
    .header('content-type', image.contentType)
    .header('etag', image.etag)
    .header('last-modified', image.lastModified.toUTCString())
    .header('cache-control', 'max-age=31536000')
    .header('accept-ranges', 'bytes');
  if (req.headers['if-none-match'] === image.etag) return reply.code(304).send();
  const range = req.headers.range ? parseRange(req.headers.range, image.bytes.length) : null;
  if (range === 'invalid') {
    return reply.code(416).header('content-range', `bytes */${image.bytes.length}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${image.bytes.length}`)
      .send(image.bytes.subarray(range.start, range.end + 1));
  }
  return reply.send(image.bytes);
}

export function registerPximg(app: FastifyInstance, state: SandboxState): void {
  const covers = new SeriesCovers(state.data, (i) => state.indexes.worksOf(i));
  const zips = new UgoiraZips(state.data, (id) => ugoiraFrames(state, id));
  const deleted = new DeletedImages(state.data.seed, deletedWorks(state.data));
  app.get('/*', async (req, reply) => {
    if (!isPixivReferer(req.headers.referer)) {
      return reply.code(403).type('text/html').send(FORBIDDEN_HTML);
    }
    const path = (req.params as { '*': string })['*'];
    return sendImage(
      req,
      reply,
      zips.get(path) ?? covers.get(path) ?? deleted.get(path) ?? state.images.pximg(path),
    );
  });
}

export function registerSpximg(app: FastifyInstance, state: SandboxState): void {
  const stamps = new StampImages(state.data.seed);
  app.get('/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    return sendImage(req, reply, stamps.get(path) ?? state.images.spximg(path));
  });
}

/** img-sketch.pximg.net: live thumbnails and sketch user icons (no Referer check). */
export function registerSketchImg(app: FastifyInstance, state: SandboxState): void {
  app.get('/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    return sendImage(req, reply, state.images.sketchImg(path));
  });
}
