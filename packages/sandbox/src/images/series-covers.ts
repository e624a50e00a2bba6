/**
 * Illust series covers on i.pximg.net (`c/782x410_80_a2_g5/illust-series-cover-original/…` and
 * the uncropped original), drawn from the series' first work so a cover looks like its series.
 * Only a real series' path at its real date and hash resolves; renders are kept in a small LRU.
 */
import { createHash } from 'node:crypto';
import { jstPathDate } from '../clock.ts';
import type { Dataset } from '../data/dataset.ts';
import { illustSeries, parseSeriesCoverPath, type WorksOf } from '../data/series.ts';
import { artSvg, renderSvg } from './art.ts';
import type { StoredImage } from './store.ts';

const KEEP = 64;

export class SeriesCovers {
  private readonly cache = new Map<string, Promise<StoredImage>>();

  constructor(
    private readonly data: Dataset,
    private readonly worksOf: WorksOf,
  ) {}

  /** The cover at an i.pximg.net path (no leading slash), or null when it is not one. */
  get(path: string): Promise<StoredImage> | null {
    const req = parseSeriesCoverPath(path);
    if (!req) return null;
    const series = illustSeries(this.data, this.worksOf, req.id);
    if (!series || series.coverHash !== req.hash) return null;
    if (jstPathDate(series.coverUploaded) !== req.date) return null;
    const hit = this.cache.get(path);
    if (hit) return hit;
    const first = this.data.work(series.works[0]!);
    const svg = artSvg({
      seed: this.data.seed,
      key: `work:${first.id}:0`,
      width: first.width,
      height: first.height,
    });
    const target = req.crop
      ? { width: req.crop.width, height: req.crop.height, cover: true, quality: req.crop.quality }
      : { width: first.width, height: first.height, cover: false, quality: 90 };
    const job = renderSvg(svg, { ...target, format: 'jpeg' }).then((bytes) => ({
      bytes,
      contentType: 'image/jpeg',
      etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`,
      lastModified: new Date(Math.floor(series.coverUploaded / 1000) * 1000),
    }));
    job.catch(() => this.cache.delete(path));
    if (this.cache.size >= KEEP) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(path, job);
    return job;
  }
}
