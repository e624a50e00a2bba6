/**
 * Works that were deleted from pixiv: ids between the dataset's ids, which the app API answers
 * 404 for (they are in no list), and which the recovery service (hosts/viewer-services.ts)
 * still knows, as archives do. A few per world, a pure function of the seed.
 */
import { Rng } from '../rng.ts';
import type { Dataset } from './dataset.ts';
import { TAGS } from './words.ts';

export const DELETED_WORK_COUNT = 12;

export interface DeletedWork {
  id: number;
  created: number;
  pageCount: number;
  width: number;
  height: number;
  tags: string[];
}

export function deletedWorks(data: Dataset): DeletedWork[] {
  const r = Rng.of(data.seed, 'deleted-works');
  const found: DeletedWork[] = [];
  for (let tries = 0; found.length < DELETED_WORK_COUNT && tries < 1_000; tries++) {
    const i = r.int(0, data.illustCount - 2);
    const low = data.ids[i]!;
    const high = data.ids[i + 1]!;
    if (high - low < 2) continue;
    const id = r.int(low + 1, high - 1);
    if (data.indexOf(id) !== undefined || found.some((d) => d.id === id)) continue;
    const t = r.next();
    const created =
      Math.floor((data.created[i]! + (data.created[i + 1]! - data.created[i]!) * t) / 1000) * 1000;
    const width = r.pick([1000, 1200, 1448, 2000]);
    found.push({
      id,
      created,
      pageCount: r.chance(0.7) ? 1 : r.int(2, 4),
      width,
      height: Math.round(width * r.pick([1, 1.333, 1.414, 0.75])),
      tags: r.sample(TAGS, r.int(2, 5)).map((tag) => tag.name),
    });
  }
  return found.sort((a, b) => a.id - b.id);
}
