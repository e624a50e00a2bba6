/**
 * Perceptual image search over the dataset: each indexed work is drawn small and reduced to an
 * 8x8 RGB grid; a query image is reduced the same way, and similarity falls with the mean
 * colour distance of the grids. The same picture (resized, recompressed, a page of it) scores
 * near 100 %, unrelated pictures far below.
 */
import sharp from 'sharp';
import { artSvg } from '../images/art.ts';
import type { Dataset, Work } from './dataset.ts';
import type { Rankings } from './ranking.ts';
import { latestRankingDay } from './ranking.ts';

const GRID = 8;
/** A mean channel difference of this much or more scores 0 %. */
const ZERO_AT = 96;

export async function signature(image: Buffer): Promise<Uint8Array> {
  const raw = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(GRID, GRID, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return new Uint8Array(raw);
}

/** Similarity of two signatures in percent, two decimals. */
export function similarity(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  const mean = sum / a.length;
  return Math.round(Math.max(0, 1 - mean / ZERO_AT) * 10_000) / 100;
}

export interface IndexedWork {
  work: Work;
  signature: Uint8Array;
}

/** The indexed works: everything in the latest day, week and month rankings (illust and manga). */
export class ImageIndex {
  private built: Promise<IndexedWork[]> | undefined;

  constructor(
    private readonly data: Dataset,
    private readonly rankings: Rankings,
    private readonly now: number,
  ) {}

  private async build(): Promise<IndexedWork[]> {
    const day = latestRankingDay(this.now);
    const seen = new Set<number>();
    for (const mode of ['day', 'week', 'month', 'day_manga', 'week_manga']) {
      for (const i of this.rankings.indexes(mode, day)) seen.add(i);
    }
    const out: IndexedWork[] = [];
    for (const i of seen) {
      const work = this.data.work(i);
      // The first page, composed at 1/16 of its size (the picture scales with its size).
      const svg = artSvg({
        seed: this.data.seed,
        key: `work:${work.id}:0`,
        width: Math.max(16, Math.round(work.width / 16)),
        height: Math.max(16, Math.round(work.height / 16)),
      });
      out.push({ work, signature: await signature(Buffer.from(svg)) });
    }
    return out;
  }

  works(): Promise<IndexedWork[]> {
    this.built ??= this.build();
    return this.built;
  }

  /** The best matches of an image, most similar first. */
  async search(image: Buffer, count: number): Promise<{ work: Work; similarity: number }[]> {
    const query = await signature(image);
    const works = await this.works();
    return works
      .map((w) => ({ work: w.work, similarity: similarity(query, w.signature) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, count);
  }
}
