import { describe, expect, it } from 'vitest';
import { AI_AUTHOR_IDS, normaliseIllust, rankTypeOf, type Artwork, type RawIllust } from '@pv/core';
import detail from '../../../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { rankingItems } from './ranking-items.ts';

// A real capture (the repository's fixtures/), not hand-written JSON.
const base = normaliseIllust((detail as unknown as { illust: RawIllust }).illust);
const work = (id: number, authorId: number, over: Partial<Artwork> = {}): Artwork => ({
  ...base,
  id,
  author: { ...base.author, id: authorId },
  x_restrict: 0,
  illust_ai_type: 1,
  tags: [{ name: '風景', translated_name: null }],
  ...over,
});
const prefs = {
  content: { r18: false, r18g: false, ai: true },
  blocks: { tags: [], authorIds: [5] },
};
const list = [work(1, 10), work(2, 77), work(3, 10, { illust_ai_type: 2 }), work(4, 5)];
// A test list stands in for core's AI author list (empty until ids are known).
const options = { prefs, hideManga: false, hideBookmarked: false, aiAuthorIds: [77] };

describe('rankingItems', () => {
  it("non-AI modes drop AI works and works of the AI authors' list", () => {
    const shown = rankingItems(list, { ...options, rankType: rankTypeOf('daily')! });
    expect(shown.map((a) => a.id)).toEqual([1]);
  });

  it('AI modes keep them; the content filter still drops blocked authors', () => {
    const shown = rankingItems(list, { ...options, rankType: rankTypeOf('daily_ai')! });
    expect(shown.map((a) => a.id)).toEqual([1, 2, 3]);
  });

  it("reads core's AI author list when given none", () => {
    const core = AI_AUTHOR_IDS.length > 0 ? AI_AUTHOR_IDS[0]! : 77;
    const { aiAuthorIds: _given, ...coreOptions } = options;
    const shown = rankingItems([work(1, 10), work(2, core)], {
      ...coreOptions,
      rankType: rankTypeOf('daily')!,
    });
    expect(shown.map((a) => a.id)).toEqual(AI_AUTHOR_IDS.length > 0 ? [1] : [1, 2]);
  });
});
