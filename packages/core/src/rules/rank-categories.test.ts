import { describe, expect, it } from 'vitest';
import { artworkFixture } from '../test-fixtures.ts';
import { AI_AUTHOR_IDS, RANK_CATEGORIES, filterRanking, rankTypesOf } from './rank-categories.ts';
import { rankTypeOf } from './rank-types.ts';

describe('rank categories', () => {
  it('are overall, illust, ugoira, manga and novel', () => {
    expect(RANK_CATEGORIES).toEqual(['overall', 'illust', 'ugoira', 'manga', 'novel']);
  });

  it('offer their types: monthly and rookie only where pixiv has them', () => {
    expect(rankTypesOf('illust').map((t) => t.type)).toEqual([
      'daily',
      'weekly',
      'monthly',
      'rookie',
      'daily_r18',
      'weekly_r18',
    ]);
    expect(rankTypesOf('ugoira').map((t) => t.type)).toEqual([
      'daily',
      'weekly',
      'daily_r18',
      'weekly_r18',
    ]);
    expect(rankTypesOf('manga').every((t) => t.category === 'manga')).toBe(true);
    expect(rankTypesOf('overall')).toHaveLength(14);
    expect(rankTypesOf('novel')).toEqual([]);
  });
});

describe('ranking filter', () => {
  const daily = rankTypeOf('daily')!;
  const dailyR18 = rankTypeOf('daily_r18')!;
  const dailyAi = rankTypeOf('daily_ai')!;
  const r18Tagged = artworkFixture({ id: 2, tags: [{ name: 'R-18', translated_name: null }] });
  const ai = artworkFixture({ id: 3, illust_ai_type: 2 });
  const byAiAuthor = artworkFixture({
    id: 4,
    author: { id: 77, name: 'a', avatar: '', is_followed: false },
  });
  const plain = artworkFixture({ id: 1 });

  it('drops adult-tagged works from non-R-18 rankings only', () => {
    expect(filterRanking([plain, r18Tagged], { type: daily, hideManga: false })).toEqual([plain]);
    expect(filterRanking([plain, r18Tagged], { type: dailyR18, hideManga: false })).toHaveLength(2);
  });

  it('drops AI works and AI authors from non-AI rankings only', () => {
    const opts = { hideManga: false, aiAuthorIds: [77] };
    expect(filterRanking([plain, ai, byAiAuthor], { ...opts, type: daily })).toEqual([plain]);
    expect(filterRanking([plain, ai, byAiAuthor], { ...opts, type: dailyAi })).toHaveLength(3);
  });

  it('AI_AUTHOR_IDS is a list of pixiv user ids (whole, positive, each once)', () => {
    expect(AI_AUTHOR_IDS.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(AI_AUTHOR_IDS).size).toBe(AI_AUTHOR_IDS.length);
  });

  it('hide-manga drops manga by type, by tag and by mostly-manga author', () => {
    const manga = artworkFixture({ id: 5, type: 'manga' });
    const tagged = artworkFixture({ id: 6, tags: [{ name: '漫画', translated_name: 'manga' }] });
    const mangaka = { id: 88, name: 'm', avatar: '', is_followed: false };
    const mangakaWorks = [
      artworkFixture({ id: 7, type: 'manga', author: mangaka }),
      artworkFixture({ id: 8, type: 'manga', author: mangaka }),
      artworkFixture({ id: 9, author: mangaka }),
    ];
    const all = [plain, manga, tagged, ...mangakaWorks];
    expect(filterRanking(all, { type: daily, hideManga: true })).toEqual([plain]);
    expect(filterRanking(all, { type: daily, hideManga: false })).toHaveLength(6);
  });

  it('filter-by-favourites drops the works already bookmarked, only when asked', () => {
    const bookmarked = artworkFixture({ id: 10, is_bookmarked: true });
    const list = [plain, bookmarked];
    expect(filterRanking(list, { type: daily, hideManga: false, hideBookmarked: true })).toEqual([
      plain,
    ]);
    expect(filterRanking(list, { type: daily, hideManga: false })).toEqual(list);
    expect(
      filterRanking(list, { type: daily, hideManga: false, hideBookmarked: false }),
    ).toHaveLength(2);
  });
});
