/**
 * The pick behind www's discovery routes (`/ajax/discovery/artworks`, `/ajax/illust/discovery`,
 * `/ajax/discovery/users`): popular works of the last 120 days in a fresh order per call, as
 * pixiv's discovery reshuffles. Each call draws the next generator of its route's sequence
 * (SandboxState.nextRng), so shuffling still brings new works while two sandboxes with the same
 * seed, asked the same calls, answer the same works.
 */
import type { Work } from '../../data/dataset.ts';
import type { SandboxState } from '../../state.ts';

const DISCOVERY_POOL_DAYS = 120;
const DISCOVERY_MIN_BOOKMARKS = 200;

/** Up to `count` distinct popular recent works whose x_restrict `accept` lets through. */
export function discoveryPicks(
  state: SandboxState,
  route: string,
  count: number,
  accept: (xRestrict: number) => boolean,
): Work[] {
  const d = state.data;
  const from = d.firstIndexFrom(state.now - DISCOVERY_POOL_DAYS * 86_400_000);
  const to = d.firstIndexFrom(state.now);
  const rng = state.nextRng(`www-discovery:${route}`);
  const picks: Work[] = [];
  const seen = new Set<number>();
  for (let tries = 0; picks.length < count && tries < count * 40; tries++) {
    const i = rng.int(from, Math.max(from, to - 1));
    if (seen.has(i) || !accept(d.xRestrict[i]!) || d.bookmarks[i]! < DISCOVERY_MIN_BOOKMARKS) {
      continue;
    }
    seen.add(i);
    picks.push(d.work(i));
  }
  return picks;
}
