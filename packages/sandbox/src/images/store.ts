/**
 * Resolves i.pximg.net and s.pximg.net paths to generated image bytes. Only paths that the
 * dataset's JSON would emit resolve (right date, page, extension); anything else is a 404,
 * as on pixiv. Rendered images are kept in a byte-bounded LRU and concurrent renders of one
 * path share one job.
 */
import { createHash } from 'node:crypto';
import { jstPathDate } from '../clock.ts';
import type { Dataset } from '../data/dataset.ts';
import { artSvg, placeholderSvg, renderSvg, type ImageFormat, type RenderTarget } from './art.ts';
import { avatarDate, parseImagePath } from './urls.ts';

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
const CACHE_BYTES = 96 * 1024 * 1024;
const PLACEHOLDERS: Record<string, { kind: 'no_profile' | 'limit'; size: number; tone: number }> = {
  'no_profile.png': { kind: 'no_profile', size: 170, tone: 0 },
  'no_profile_s.png': { kind: 'no_profile', size: 50, tone: 0 },
  'no_profile_ss.png': { kind: 'no_profile', size: 16, tone: 0 },
  'limit_sanity_level_360.png': { kind: 'limit', size: 360, tone: 210 },
  'limit_r18_360.png': { kind: 'limit', size: 360, tone: 340 },
  'limit_r18g_360.png': { kind: 'limit', size: 360, tone: 10 },
  'limit_mypixiv_360.png': { kind: 'limit', size: 360, tone: 120 },
  'limit_unknown_360.png': { kind: 'limit', size: 360, tone: 40 },
};

interface Job {
  svg: string;
  target: RenderTarget;
  lastModified: number;
}

export class ImageStore {
  private readonly cache = new Map<string, StoredImage>();
  private cachedBytes = 0;
  private readonly pending = new Map<string, Promise<StoredImage>>();

  constructor(private readonly data: Dataset) {}

  /** An i.pximg.net path (without the leading slash), or null when pixiv would answer 404. */
  pximg(path: string): Promise<StoredImage> | null {
    const job = this.pximgJob(path);
    return job ? this.render(`i/${path}`, job) : null;
  }

  /** An s.pximg.net path, or null. */
  spximg(path: string): Promise<StoredImage> | null {
    const m = /^common\/images\/([a-z0-9_]+\.png)$/.exec(path);
    const spec = m ? PLACEHOLDERS[m[1]!] : undefined;
    if (!spec) return null;
    const svg = placeholderSvg(spec.kind, spec.size, spec.tone);
    const target: RenderTarget = {
      width: spec.size,
      height: spec.size,
      cover: true,
      format: 'png',
      quality: 90,
    };
    return this.render(`s/${path}`, {
      svg,
      target,
      lastModified: Date.parse('2019-01-01T00:00:00Z'),
    });
  }

  private pximgJob(path: string): Job | null {
    const req = parseImagePath(path);
    if (!req) return null;
    const seed = this.data.seed;
    if (req.type === 'avatar') {
      const user = this.data.user(req.userId);
      if (!user || user.avatarStem !== req.stem || avatarDate(user) !== req.date) return null;
      const size = req.crop ? Math.min(req.crop.width, req.crop.height) : req.size;
      return {
        svg: artSvg({ seed, key: `avatar:${user.id}`, width: 170, height: 170 }),
        target: {
          width: size,
          height: size,
          cover: true,
          format: req.crop?.webp ? 'webp' : 'jpeg',
          quality: 85,
        },
        lastModified: Date.parse('2012-01-01T00:00:00Z'),
      };
    }
    const work = this.data.workById(req.id);
    if (!work || jstPathDate(work.uploaded) !== req.date) return null;
    if (req.paged !== (work.kind !== 'ugoira') || req.page >= work.pageCount) return null;
    if (req.variant === 'original' && req.ext !== work.originalExt) return null;
    if (req.variant !== 'original' && req.ext !== 'jpg') return null;
    const svg = artSvg({
      seed,
      key: `work:${work.id}:${req.page}`,
      width: work.width,
      height: work.height,
    });
    const format: ImageFormat = req.crop?.webp ? 'webp' : req.ext === 'png' ? 'png' : 'jpeg';
    const quality = req.crop?.quality ?? 90;
    let target: RenderTarget;
    if (req.variant === 'original') {
      target = { width: work.width, height: work.height, cover: false, format, quality };
    } else if (req.variant === 'square') {
      const side = req.crop ? Math.min(req.crop.width, req.crop.height) : 1200;
      target = { width: side, height: side, cover: true, format, quality };
    } else {
      target = {
        width: req.crop?.width ?? 1200,
        height: req.crop?.height ?? 1200,
        cover: false,
        format,
        quality,
      };
    }
    return { svg, target, lastModified: work.uploaded };
  }

  private render(key: string, job: Job): Promise<StoredImage> {
    const hit = this.cache.get(key);
    if (hit) {
      // Refresh recency: Map iteration order is insertion order.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const promise = renderSvg(job.svg, job.target)
      .then((bytes) => {
        const image: StoredImage = {
          bytes,
          contentType: CONTENT_TYPES[job.target.format],
          etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`,
          lastModified: new Date(Math.floor(job.lastModified / 1000) * 1000),
        };
        this.remember(key, image);
        return image;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  private remember(key: string, image: StoredImage): void {
    this.cache.set(key, image);
    this.cachedBytes += image.bytes.length;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= CACHE_BYTES) break;
      this.cache.delete(oldKey);
      this.cachedBytes -= old.bytes.length;
    }
  }
}
