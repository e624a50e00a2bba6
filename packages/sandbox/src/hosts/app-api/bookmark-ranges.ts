/**
 * `/v1/search/bookmark-ranges/illust` and `/novel` (pixiv-api-client, pixiv.ts): the bookmark
 * count ranges in which a search has results, `{bookmark_ranges: [{bookmark_num_min,
 * bookmark_num_max}]}`, both strings as the clients type them (pixiv.ts PixivBookmarkRanges,
 * cssxsh BookmarkRangeData), `"*"` for the open top. The parameters are the search's own
 * (search.ts, novel-search.ts; its bookmark filters are ignored here), and each range listed
 * gives a non-empty `/v1/search/illust|novel` with those `bookmark_num_min`/`_max`; a range
 * left out gives an empty one.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../../state.ts';
import { appError, type Query } from './common.ts';
import { searchIndexes } from './search.ts';
import { searchNovelIndexes } from './novel-search.ts';

/** Lower bounds of the ranges; each range ends below the next, the last one is open. */
export const BOOKMARK_RANGE_STEPS = [0, 100, 250, 500, 1000, 5000, 10_000, 20_000, 30_000];

export interface BookmarkRange {
  bookmark_num_min: string;
  bookmark_num_max: string;
}

/** The ranges (of BOOKMARK_RANGE_STEPS) holding at least one of these bookmark counts. */
export function bookmarkRanges(counts: Iterable<number>): BookmarkRange[] {
  const used = new Set<number>();
  for (const count of counts) {
    let step = 0;
    while (step + 1 < BOOKMARK_RANGE_STEPS.length && count >= BOOKMARK_RANGE_STEPS[step + 1]!)
      step++;
    used.add(step);
  }
  return [...used]
    .sort((a, b) => a - b)
    .map((step) => ({
      bookmark_num_min: String(BOOKMARK_RANGE_STEPS[step]),
      bookmark_num_max:
        step + 1 < BOOKMARK_RANGE_STEPS.length ? String(BOOKMARK_RANGE_STEPS[step + 1]! - 1) : '*',
    }));
}

export function registerBookmarkRanges(app: FastifyInstance, state: SandboxState): void {
  const unbounded = (query: Query): Query => ({
    ...query,
    bookmark_num_min: undefined,
    bookmark_num_max: undefined,
  });

  app.get('/v1/search/bookmark-ranges/illust', async (req, reply) => {
    const result = searchIndexes(state, req, unbounded(req.query as Query));
    if (typeof result === 'string') return reply.code(400).send(appError(result));
    return reply.send({
      bookmark_ranges: bookmarkRanges(result.map((i) => state.data.bookmarks[i]!)),
    });
  });

  app.get('/v1/search/bookmark-ranges/novel', async (req, reply) => {
    const result = searchNovelIndexes(state, req, unbounded(req.query as Query));
    if (typeof result === 'string') return reply.code(400).send(appError(result));
    return reply.send({
      bookmark_ranges: bookmarkRanges(result.map((i) => state.novels.bookmarks[i]!)),
    });
  });
}
