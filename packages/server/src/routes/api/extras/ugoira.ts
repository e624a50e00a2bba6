/**
 * Ugoira as MP4, made on the server (spec 001 §7.4 "MP4 (Server)", whose server side the spec
 * leaves open): `GET /api/ugoira/{id}.mp4`. The frames and delays come from `/v1/ugoira/metadata`
 * through the upstream; the zip is the 1920x1080 variant (the spec's rule), fetched only from
 * i.pximg.net with the pixiv Referer within 60 s; ffmpeg encodes H.264 (ugoira-mp4.ts). Finished
 * MP4s are kept (bounded by bytes) per id, concurrent requests for one id share one job, and
 * encodes run two at a time (sixteen more may wait). Errors answer JSON `{error}`: 422 bad id, 404
 * not an ugoira, 502 upstream or zip failure, 503 too many waiting, 504 timeout, 500 encoding
 * failure.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unzipSync } from 'fflate';
import { PixivError } from '@pv/pixiv';
import { z } from 'zod';
import { isRateLimitBody, type Upstream } from '../../../plugins/upstream.ts';
import {
  byteLru,
  Limiter,
  LimiterFull,
  encodeUgoiraMp4,
  type UgoiraFrameData,
} from './ugoira-mp4.ts';

export const UGOIRA_ZIP_TIMEOUT_MS = 60_000;
/** A 1920x1080 zip larger than this is refused (pixiv's run to a few tens of MB). */
export const UGOIRA_MAX_ZIP_BYTES = 100 * 1024 * 1024;
export const UGOIRA_MAX_FRAMES = 1_000;
export const UGOIRA_MP4_CACHE_BYTES = 128 * 1024 * 1024;
export const UGOIRA_MAX_ENCODES = 2;
/** Encodes that may wait for a turn; past that the answer is 503 (CPU is not queued forever). */
export const UGOIRA_MAX_WAITING = 16;
/** The MP4 of a work does not change. */
export const UGOIRA_MP4_MAX_AGE = 86_400;

const Params = z.object({
  file: z.string().regex(/^\d{1,12}\.mp4$/, 'an illust id followed by .mp4'),
});
/** The metadata's zip: i.pximg.net's ugoira path, nothing else. */
const ZIP_URL =
  /^https:\/\/i\.pximg\.net(\/img-zip-ugoira\/img\/(?:\d{4}\/(?:\d{2}\/){5})(\d+)_ugoira600x600\.zip)$/;
const FRAME_FILE = /^\d{1,6}\.(jpg|jpeg|png|gif)$/i;

export interface UgoiraDeps {
  upstream: Upstream;
  /** Metadata requests (default 20 s). */
  timeoutMs?: number;
  zipTimeoutMs?: number;
  maxEncodes?: number;
  cacheBytes?: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string },
  ) {
    super(body.error);
  }
}

interface Metadata {
  ugoira_metadata?: {
    zip_urls?: { medium?: unknown };
    frames?: { file?: unknown; delay?: unknown }[];
  };
}

async function metadata(upstream: Upstream, id: number) {
  const client = upstream.appApi();
  let res: Awaited<ReturnType<typeof client.get<Metadata>>>;
  try {
    res = await client.get<Metadata>('/v1/ugoira/metadata', { illust_id: id });
  } catch (error) {
    if (error instanceof PixivError) {
      throw new Refusal(error.kind === 'timeout' ? 504 : 502, { error: 'upstream request failed' });
    }
    throw error;
  }
  if (isRateLimitBody(res.body)) client.rateLimited();
  const meta = (res.body as Metadata).ugoira_metadata;
  if (res.status === 404 || (res.status === 400 && !isRateLimitBody(res.body))) {
    throw new Refusal(404, { error: 'ugoira not found' });
  }
  if (res.status !== 200 || !meta) throw new Refusal(502, { error: 'upstream request failed' });
  const zip = ZIP_URL.exec(typeof meta.zip_urls?.medium === 'string' ? meta.zip_urls.medium : '');
  const frames = (meta.frames ?? []).map((f) => ({
    file: String(f?.file ?? ''),
    delay: Number(f?.delay),
  }));
  if (
    !zip ||
    Number(zip[2]) !== id ||
    frames.length === 0 ||
    frames.length > UGOIRA_MAX_FRAMES ||
    !frames.every((f) => FRAME_FILE.test(f.file) && Number.isFinite(f.delay))
  ) {
    throw new Refusal(502, { error: 'ugoira metadata is unusable' });
  }
  // The spec's rule: the 1920x1080 zip.
  return { zipPath: zip[1]!.replace('_ugoira600x600.zip', '_ugoira1920x1080.zip'), frames };
}

async function download(base: string, path: string, timeoutMs: number): Promise<Uint8Array> {
  try {
    const res = await fetch(`${base.replace(/\/$/, '')}${path}`, {
      headers: { referer: 'https://app-api.pixiv.net/' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new Refusal(502, { error: 'ugoira zip download failed' });
    }
    if (Number(res.headers.get('content-length') ?? 0) > UGOIRA_MAX_ZIP_BYTES) {
      await res.body.cancel();
      throw new Refusal(502, { error: 'ugoira zip is too large' });
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const part of res.body as AsyncIterable<Uint8Array>) {
      size += part.length;
      if (size > UGOIRA_MAX_ZIP_BYTES) throw new Refusal(502, { error: 'ugoira zip is too large' });
      parts.push(part);
    }
    return Buffer.concat(parts);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if ((error as Error)?.name === 'TimeoutError') {
      throw new Refusal(504, { error: 'ugoira zip download timed out' });
    }
    throw new Refusal(502, { error: 'ugoira zip download failed' });
  }
}

function framesOf(zip: Uint8Array, listed: { file: string; delay: number }[]): UgoiraFrameData[] {
  const wanted = new Set(listed.map((f) => f.file));
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, { filter: (f) => wanted.has(f.name) });
  } catch {
    throw new Refusal(502, { error: 'ugoira zip is unreadable' });
  }
  return listed.map((f) => {
    const bytes = files[f.file];
    if (!bytes) throw new Refusal(502, { error: 'ugoira zip lacks a frame' });
    const ext = f.file.split('.').pop()!.toLowerCase();
    return { bytes, ext: ext === 'jpeg' ? 'jpg' : (ext as UgoiraFrameData['ext']), delay: f.delay };
  });
}

/** Answers a buffer, or the one byte range asked for. */
function sendBytes(req: FastifyRequest, reply: FastifyReply, mp4: Buffer) {
  reply.type('video/mp4').header('accept-ranges', 'bytes');
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!range || (!range[1] && !range[2])) return reply.send(mp4);
  const start = range[1] ? Number(range[1]) : Math.max(0, mp4.length - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), mp4.length - 1) : mp4.length - 1;
  if (start >= mp4.length || start > end) {
    return reply.code(416).header('content-range', `bytes */${mp4.length}`).send();
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${mp4.length}`)
    .send(mp4.subarray(start, end + 1));
}

export interface UgoiraService {
  /** Encodes run so far (tests count them). */
  readonly encodes: number;
  readonly limiter: Limiter;
  mp4(id: number): Promise<{ mp4: Buffer; cached: boolean }>;
}

export function createUgoiraService(deps: UgoiraDeps): UgoiraService {
  const cache = byteLru(deps.cacheBytes ?? UGOIRA_MP4_CACHE_BYTES);
  const limiter = new Limiter(deps.maxEncodes ?? UGOIRA_MAX_ENCODES, UGOIRA_MAX_WAITING);
  const inFlight = new Map<number, Promise<Buffer>>();
  let encodes = 0;
  const build = async (id: number): Promise<Buffer> => {
    const meta = await metadata(deps.upstream, id);
    const zip = await download(
      deps.upstream.hosts.pximg,
      meta.zipPath,
      deps.zipTimeoutMs ?? UGOIRA_ZIP_TIMEOUT_MS,
    );
    const frames = framesOf(zip, meta.frames);
    try {
      return await limiter.run(async () => {
        encodes++;
        try {
          return await encodeUgoiraMp4(frames);
        } catch {
          throw new Refusal(500, { error: 'ugoira encoding failed' });
        }
      });
    } catch (error) {
      if (error instanceof LimiterFull)
        throw new Refusal(503, { error: 'too many ugoira encodes waiting' });
      throw error;
    }
  };
  return {
    get encodes() {
      return encodes;
    },
    limiter,
    async mp4(id) {
      const hit = cache.get(String(id));
      if (hit) return { mp4: hit, cached: true };
      let job = inFlight.get(id);
      if (!job) {
        job = build(id)
          .then((mp4) => {
            cache.set(String(id), mp4);
            return mp4;
          })
          .finally(() => inFlight.delete(id));
        inFlight.set(id, job);
      }
      return { mp4: await job, cached: false };
    },
  };
}

export async function ugoiraRoutes(
  app: FastifyInstance,
  deps: UgoiraDeps & { service?: UgoiraService },
) {
  const service = deps.service ?? createUgoiraService(deps);
  app.get('/ugoira/:file', async (req, reply) => {
    const p = Params.safeParse(req.params);
    if (!p.success) {
      return reply.code(422).send({
        error: 'invalid parameters',
        issues: p.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const id = Number(p.data.file.slice(0, -'.mp4'.length));
    try {
      const { mp4, cached } = await service.mp4(id);
      reply.header('cache-control', `public, max-age=${UGOIRA_MP4_MAX_AGE}`);
      reply.header('content-disposition', `inline; filename="${id}.mp4"`);
      if (cached) reply.header('x-cache-hit', 'true');
      return sendBytes(req, reply, mp4);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      req.log.warn({ illust: id, err: error.body }, 'ugoira mp4 failed');
      return reply.code(error.status).send(error.body);
    }
  });
}
