/**
 * Perceptual image search over the dataset: every work's first page is reduced to an 8x8 RGB
 * grid; a query image is reduced the same way (by sharp), and similarity falls with the mean
 * colour distance of the grids. The same picture (resized, recompressed, a page of it) scores
 * near 100 %, unrelated pictures far below.
 *
 * The index holds every all-ages and R-18 work (any kind; R-18G is left out) published by the
 * sandbox's present: about 58 000 of the default 60 000. It is built on the first search, from
 * the pictures' scenes (images/art-grid.ts) rather than by rendering them, in slices that yield
 * to the event loop, so other requests go on being answered meanwhile. For the default dataset
 * that takes about 3 s of CPU and holds 192 bytes a work (about 11 MB); `npm run bench --
 * sandbox` records both.
 */
import sharp from 'sharp';
import { artScene } from '../images/art.ts';
import { sceneGrid } from '../images/art-grid.ts';
import type { Dataset, Work } from './dataset.ts';

const GRID = 8;
const CELL_BYTES = GRID * GRID * 3;
/** Sample points per cell side when a grid is computed from a scene. */
const SAMPLES = 3;
/** A mean channel difference of this much or more scores 0 %. */
const ZERO_AT = 96;
/** The build hands the event loop back after this long. */
const SLICE_MS = 25;
/** The highest age rating indexed: all ages and R-18. */
const MAX_X_RESTRICT = 1;

/** The grid of an uploaded image. */
export async function signature(image: Buffer): Promise<Uint8Array> {
  const raw = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(GRID, GRID, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return new Uint8Array(raw);
}

/** Similarity of two signatures (or of `a` and the cell run of `b` at `offset`), in percent. */
export function similarity(a: Uint8Array, b: Uint8Array, offset = 0): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[offset + i]!);
  const mean = sum / a.length;
  return Math.round(Math.max(0, 1 - mean / ZERO_AT) * 10_000) / 100;
}

/** The grid of a work's first page at its full size, computed from its scene. */
export function workGrid(data: Dataset, work: Pick<Work, 'id' | 'width' | 'height'>): Uint8Array {
  const scene = artScene({
    seed: data.seed,
    key: `work:${work.id}:0`,
    width: work.width,
    height: work.height,
  });
  return sceneGrid(scene, GRID, SAMPLES);
}

interface Built {
  /** Work indexes, ascending. */
  indexes: Int32Array;
  /** One grid a work, in the order of `indexes`. */
  grids: Uint8Array;
  buildMs: number;
}

export class ImageIndex {
  private built: Promise<Built> | undefined;

  constructor(
    private readonly data: Dataset,
    private readonly now: number,
  ) {}

  /** Which works are indexed: published by the present, all ages or R-18. */
  covers(index: number): boolean {
    return (
      index < this.data.firstIndexFrom(this.now) && this.data.xRestrict[index]! <= MAX_X_RESTRICT
    );
  }

  private async build(): Promise<Built> {
    const started = performance.now();
    const d = this.data;
    const end = d.firstIndexFrom(this.now);
    const picked: number[] = [];
    for (let i = 0; i < end; i++) if (d.xRestrict[i]! <= MAX_X_RESTRICT) picked.push(i);
    const indexes = Int32Array.from(picked);
    const grids = new Uint8Array(indexes.length * CELL_BYTES);
    let sliceStart = performance.now();
    for (let k = 0; k < indexes.length; k++) {
      // Derived without the memo, which a full scan would only churn.
      grids.set(workGrid(d, d.deriveWork(indexes[k]!)), k * CELL_BYTES);
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    return { indexes, grids, buildMs: performance.now() - started };
  }

  private index(): Promise<Built> {
    this.built ??= this.build();
    return this.built;
  }

  /** Builds the index if it is not built yet; its size and how long the build took. */
  async stats(): Promise<{ works: number; bytes: number; buildMs: number }> {
    const { indexes, grids, buildMs } = await this.index();
    return { works: indexes.length, bytes: grids.byteLength + indexes.byteLength, buildMs };
  }

  /** The best matches of an image, most similar first. */
  async search(image: Buffer, count: number): Promise<{ work: Work; similarity: number }[]> {
    const query = await signature(image);
    const { indexes, grids } = await this.index();
    // The best `count` so far, most similar first (a short list: count is at most 40).
    const best: { k: number; similarity: number }[] = [];
    for (let k = 0; k < indexes.length; k++) {
      const s = similarity(query, grids, k * CELL_BYTES);
      if (best.length === count && s <= best[count - 1]!.similarity) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.similarity < s) at--;
      best.splice(at, 0, { k, similarity: s });
      if (best.length > count) best.pop();
    }
    return best.map(({ k, similarity: s }) => ({
      work: this.data.work(indexes[k]!),
      similarity: s,
    }));
  }
}
