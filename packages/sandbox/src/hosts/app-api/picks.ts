/** Deterministic choices of works for related and recommended lists. */
import { Rng } from '../../rng.ts';
import type { SandboxState } from '../../state.ts';

const RELATED_MAX = 300;
const RECOMMENDED_MAX = 300;
const DAY_MS = 86_400_000;
const relatedCache = new WeakMap<SandboxState, Map<number, number[]>>();

/** Up to 300 works sharing the most tags with the work, ties broken by a stable hash. */
export function relatedIndexes(state: SandboxState, index: number): number[] {
  let cache = relatedCache.get(state);
  if (!cache) relatedCache.set(state, (cache = new Map()));
  const hit = cache.get(index);
  if (hit) return hit;
  const work = state.data.work(index);
  const shared = new Map<number, number>();
  for (const tag of work.tags) {
    if (/^R-18|^AI/.test(tag.name)) continue;
    for (const other of state.indexes.withTag(tag.name)) {
      if (other !== index) shared.set(other, (shared.get(other) ?? 0) + 1);
    }
  }
  const order = (i: number) => state.data.hash(`related:${index}:${i}`);
  const result = [...shared.keys()]
    .sort((a, b) => shared.get(b)! - shared.get(a)! || order(a) - order(b))
    .slice(0, RELATED_MAX);
  if (cache.size > 1000) cache.clear();
  cache.set(index, result);
  return result;
}

/** Popular works of the last 90 days (illusts or manga), shuffled per account and day. */
export function recommendedIndexes(state: SandboxState, manga: boolean, seed: string): number[] {
  const d = state.data;
  const from = d.firstIndexFrom(d.now - 90 * DAY_MS);
  const pool: number[] = [];
  for (let i = from; i < d.illustCount; i++) {
    if ((d.kind[i] === 1) === manga && d.bookmarks[i]! >= 500) pool.push(i);
  }
  return Rng.of(d.seed, `recommended:${seed}`).sample(pool, RECOMMENDED_MAX);
}
