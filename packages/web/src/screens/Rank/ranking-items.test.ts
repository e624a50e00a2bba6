import { describe, expect, it, vi } from 'vitest';
import type * as core from '@pv/core';
import { normaliseIllust, rankTypeOf, type Artwork, type RawIllust } from '@pv/core';
import detail from '../../../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { rankingItems } from './ranking-items.ts';

// A test list stands in for core's AI author list (empty until ids are known), to show that the
// ranking screen's filter reads that list.
vi.mock('@pv/core', async (importOriginal) => ({
  ...(await importOriginal<typeof core>()),
  AI_AUTHOR_IDS: [77],
}));

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
const options = { prefs, hideManga: false, hideBookmarked: false };

describe('rankingItems', () => {
  it("non-AI modes drop AI works and works of core's AI authors", () => {
    const shown = rankingItems(list, { ...options, rankType: rankTypeOf('daily')! });
    expect(shown.map((a) => a.id)).toEqual([1]);
  });

  it('AI modes keep them; the content filter still drops blocked authors', () => {
    const shown = rankingItems(list, { ...options, rankType: rankTypeOf('daily_ai')! });
    expect(shown.map((a) => a.id)).toEqual([1, 2, 3]);
  });
});
