/**
 * Ugoira zips on i.pximg.net (pixiv-upstream.md §5): `img-zip-ugoira/img/<date>/<id>_ugoira600x600.zip`
 * and `…_ugoira1920x1080.zip`, holding the frames `000000.jpg`… that `/v1/ugoira/metadata` and
 * the web's `ugoira_meta` list, as real JPEGs drawn by sharp (frame 0 is the `_ugoira0.jpg`
 * original). The frames are stored uncompressed, as in pixiv's zips. Zips are built on first
 * request, concurrent requests share one build, and built zips sit in a byte-bounded LRU.
 */
import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import { jstPathDate } from '../clock.ts';
import { LONG_UGOIRA_ID, type Dataset } from '../data/dataset.ts';
import { artSvg, renderSvg } from './art.ts';
import { longUgoiraSvg } from './long-ugoira.ts';
import type { StoredImage } from './store.ts';

export interface UgoiraFrame {
  file: string;
  delay: number;
}

/** The two zip sizes pixiv offers, as the boxes the frames are fitted into. */
export const UGOIRA_ZIP_SIZES = {
  '600x600': { width: 600, height: 600 },
  '1920x1080': { width: 1920, height: 1080 },
} as const;
export type UgoiraZipSize = keyof typeof UGOIRA_ZIP_SIZES;

const ZIP_PATH =
  /^img-zip-ugoira\/img\/(\d{4}\/\d{2}\/\d{2}\/\d{2}\/\d{2}\/\d{2})\/(\d+)_ugoira(600x600|1920x1080)\.zip$/;
/** Bytes of built zips kept. */
export const UGOIRA_ZIP_CACHE_BYTES = 48 * 1024 * 1024;

/** `https://i.pximg.net/img-zip-ugoira/img/<date>/<id>_ugoira<size>.zip` of a work. */
export function ugoiraZipUrl(id: number, uploaded: number, size: UgoiraZipSize): string {
  return `https://i.pximg.net/img-zip-ugoira/img/${jstPathDate(uploaded)}/${id}_ugoira${size}.zip`;
}

export class UgoiraZips {
  private readonly cache = new Map<string, StoredImage>();
  private readonly pending = new Map<string, Promise<StoredImage>>();
  private cachedBytes = 0;
  /**
   * The long ugoira's 150 frames, rendered once on its first zip and kept: both of its zips
   * (600×600 fits either box) are built from them without drawing again.
   */
  private longFrames: Promise<Buffer[]> | null = null;
  /** Zips built so far (tests check the cache with it). */
  builds = 0;

  constructor(
    private readonly data: Dataset,
    private readonly framesOf: (id: number) => UgoiraFrame[],
    private readonly maxBytes = UGOIRA_ZIP_CACHE_BYTES,
  ) {}

  /** The zip at an i.pximg.net path (no leading slash); null when it is not a real ugoira's zip. */
  get(path: string): Promise<StoredImage> | null {
    const m = ZIP_PATH.exec(path);
    if (!m) return null;
    const [, date, rawId, size] = m;
    const work = this.data.workById(Number(rawId));
    if (!work || work.kind !== 'ugoira' || jstPathDate(work.uploaded) !== date) return null;
    const hit = this.cache.get(path);
    if (hit) {
      this.cache.delete(path);
      this.cache.set(path, hit);
      return Promise.resolve(hit);
    }
    const inFlight = this.pending.get(path);
    if (inFlight) return inFlight;
    const box = UGOIRA_ZIP_SIZES[size as UgoiraZipSize];
    const job = this.build(work.id, work.width, work.height, box, work.uploaded)
      .then((image) => {
        this.remember(path, image);
        return image;
      })
      .finally(() => this.pending.delete(path));
    this.pending.set(path, job);
    return job;
  }

  private async build(
    id: number,
    width: number,
    height: number,
    box: { width: number; height: number },
    uploaded: number,
  ): Promise<StoredImage> {
    this.builds++;
    const frames = this.framesOf(id);
    const files: Zippable = {};
    const target = { width: box.width, height: box.height, cover: false, format: 'jpeg' } as const;
    const long = id === LONG_UGOIRA_ID ? await this.renderLongFrames() : null;
    // One frame at a time: the machine is shared, and a zip is at most a few dozen frames.
    for (const [k, frame] of frames.entries()) {
      const svg = () =>
        artSvg({ seed: this.data.seed, key: `work:${id}:0`, width, height, frame: k });
      const jpeg = long?.[k] ?? (await renderSvg(svg(), { ...target, quality: 90 }));
      files[frame.file] = [new Uint8Array(jpeg), { level: 0, mtime: new Date(uploaded) }];
    }
    const bytes = Buffer.from(zipSync(files));
    return {
      bytes,
      contentType: 'application/zip',
      etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`,
      lastModified: new Date(Math.floor(uploaded / 1000) * 1000),
    };
  }

  private renderLongFrames(): Promise<Buffer[]> {
    this.longFrames ??= (async () => {
      const out: Buffer[] = [];
      for (let k = 0; k < this.framesOf(LONG_UGOIRA_ID).length; k++) {
        const target = { width: 600, height: 600, cover: false, format: 'jpeg' } as const;
        out.push(await renderSvg(longUgoiraSvg(k), { ...target, quality: 90 }));
      }
      return out;
    })().catch((error: unknown) => {
      this.longFrames = null;
      throw error;
    });
    return this.longFrames;
  }

  private remember(key: string, image: StoredImage): void {
    if (image.bytes.length > this.maxBytes) return;
    this.cache.set(key, image);
    this.cachedBytes += image.bytes.length;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= this.maxBytes) break;
      this.cache.delete(oldKey);
      this.cachedBytes -= old.bytes.length;
    }
  }
}
