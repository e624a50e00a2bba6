/**
 * Resolves i.pximg.net and s.pximg.net paths to generated image bytes. Only paths that the
 * dataset's JSON would emit resolve (right date, page, extension); anything else is a 404,
 * as on pixiv. Rendered images are kept in a byte-bounded LRU and concurrent renders of one
 * path share one job.
 */
import { createHash } from 'node:crypto';
import { jstPathDate } from '../clock.ts';
import type { Dataset } from '../data/dataset.ts';
import type { Novels } from '../data/novels.ts';
import { artSvg, placeholderSvg, renderSvg, type ImageFormat, type RenderTarget } from './art.ts';
import { avatarDate, parseImagePath, type ImageRequest } from './urls.ts';

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
  'limit_unviewable_360.png': { kind: 'limit', size: 360, tone: 270 },
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

  constructor(
    private readonly data: Dataset,
    /** The novels, built on first use (covers and images uploaded into texts). */
    private readonly novels?: () => Novels,
  ) {}

  /** An i.pximg.net path (without the leading slash), or null when pixiv would answer 404. */
  pximg(path: string): Promise<StoredImage> | null {
    const job = this.pximgJob(path);
    return job ? this.render(`i/${path}`, job) : null;
  }

  /** An s.pximg.net path, or null. */
  spximg(path: string): Promise<StoredImage> | null {
    const thumb =
      /^common\/images\/novel_thumb\/novel_thumb_([1-8])_(128x128|176mw|240mw)\.jpg$/.exec(path);
    if (thumb) return this.render(`s/${path}`, novelThumbJob(this.data.seed, thumb[1]!, thumb[2]!));
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

  /**
   * An img-sketch.pximg.net path: `c!/w=W[,h=H],f=webp:jpeg/uploads/{medium|user_icon}/file/{n}/{name}.jpg`,
   * where n is the live's id (thumbnails) or the pixiv user id (icons). Null for anything else.
   */
  sketchImg(path: string): Promise<StoredImage> | null {
    const m =
      /^c!\/w=(\d{2,4})(?:,h=(\d{2,4}))?,f=webp:jpeg\/uploads\/(medium|user_icon)\/file\/(\d+)\/(?:sq240_)?[0-9a-f]{16}\.jpg$/.exec(
        path,
      );
    if (!m) return null;
    const width = Math.min(1280, Number(m[1]));
    const kind = m[3]!;
    const id = Number(m[4]);
    if (kind === 'user_icon' && !this.data.user(id)) return null;
    const height = m[2]
      ? Math.min(1280, Number(m[2]))
      : kind === 'user_icon'
        ? width
        : Math.round((width * 9) / 16);
    const svg = artSvg({
      seed: this.data.seed,
      key: `sketch:${kind}:${id}`,
      width: kind === 'user_icon' ? 240 : 1280,
      height: kind === 'user_icon' ? 240 : 720,
    });
    return this.render(`sk/${path}`, {
      svg,
      target: { width, height, cover: true, format: 'jpeg', quality: 85 },
      lastModified: Date.parse('2020-01-01T00:00:00Z'),
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
    if (req.type === 'novel') return this.novelJob(req);
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

  /** A novel cover or uploaded image, when the novel really has it at that date and hash. */
  private novelJob(req: Extract<ImageRequest, { type: 'novel' }>): Job | null {
    const novels = this.novels?.();
    if (!novels) return null;
    let key: string;
    let width: number;
    let height: number;
    let lastModified: number;
    if (req.kind === 'cover') {
      const novel = novels.novel(req.id);
      if (!novel || novel.coverHash !== req.hash) return null;
      if (req.variant === 'original' && req.ext !== 'jpg') return null;
      [key, width, height, lastModified] = [`novel-cover:${novel.id}`, 848, 1200, novel.uploaded];
    } else {
      const novel = novels.novel(Math.floor(req.id / 100));
      const k = req.id % 100;
      if (!novel || k < 1 || k > novel.uploadedImages || novels.imageHash(req.id) !== req.hash)
        return null;
      if (req.variant === 'original' && req.ext !== 'png') return null;
      [key, width, height, lastModified] = [`novel-image:${req.id}`, 1200, 900, novel.uploaded];
    }
    if (jstPathDate(lastModified) !== req.date) return null;
    const format: ImageFormat = req.crop?.webp ? 'webp' : req.ext === 'png' ? 'png' : 'jpeg';
    const quality = req.crop?.quality ?? 90;
    let target: RenderTarget;
    if (req.variant === 'original') target = { width, height, cover: false, format, quality };
    else if (req.variant === 'square') {
      const side = req.crop ? Math.min(req.crop.width, req.crop.height) : 1200;
      target = { width: side, height: side, cover: true, format, quality };
    } else {
      const box = req.crop ?? { width: 1200, height: 1200 };
      target = { width: box.width, height: box.height, cover: false, format, quality };
    }
    return { svg: artSvg({ seed: this.data.seed, key, width, height }), target, lastModified };
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

/** pixiv's default covers for novels without their own: 128x128 square, 176 and 240 wide. */
function novelThumbJob(seed: number, n: string, size: string): Job {
  const width = size === '128x128' ? 128 : size === '176mw' ? 176 : 240;
  const height = size === '128x128' ? 128 : Math.round(width * 1.414);
  return {
    svg: artSvg({ seed, key: `novel-thumb:${n}`, width: 848, height: 1200 }),
    target: { width, height, cover: true, format: 'jpeg', quality: 85 },
    lastModified: Date.parse('2019-01-01T00:00:00Z'),
  };
}
