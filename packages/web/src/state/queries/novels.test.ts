import { describe, expect, it } from 'vitest';
import { CACHE_TTL_SECONDS, LIST_THROTTLE_MS, jstDay } from '@pv/core';
import {
  NOVEL_LATEST_STALE_MS,
  NOVEL_RANKING_STALE_MS,
  NOVEL_RECOMMENDED_STALE_MS,
  NOVEL_SEARCH_STALE_MS,
  RANDOM_NOVEL_RANK_MODES,
  novelRankingKey,
  novelSearchKey,
  novelSearchParams,
  randomNovelPage,
  type NovelSearch,
} from './novels.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('novel cache lifetimes (spec 000 §7)', () => {
  it('keep rankings 1209600 s, searches 3600 s, recommendations 43200 s, latest 600 s', () => {
    expect(NOVEL_RANKING_STALE_MS).toBe(1_209_600_000);
    expect(NOVEL_SEARCH_STALE_MS).toBe(3_600_000);
    expect(NOVEL_RECOMMENDED_STALE_MS).toBe(43_200_000);
    expect(NOVEL_LATEST_STALE_MS).toBe(600_000);
    expect(CACHE_TTL_SECONDS.rankings).toBe(1_209_600);
  });

  it('page a novel search no faster than every 2500 ms (spec 000 §9)', () => {
    expect(LIST_THROTTLE_MS.novelSearch).toBe(2_500);
    expect(LIST_THROTTLE_MS.random).toBe(1_500);
  });
});

describe('random novels', () => {
  it('are finished after page 4', () => {
    expect(randomNovelPage(1, NOW).hasMore).toBe(true);
    expect(randomNovelPage(3, NOW).hasMore).toBe(true);
    expect(randomNovelPage(4, NOW).hasMore).toBe(false);
    expect(randomNovelPage(5, NOW).hasMore).toBe(false);
  });

  it('draw from the random rank modes the novel ranking has', () => {
    expect(RANDOM_NOVEL_RANK_MODES).toEqual(['day', 'week', 'day_male']);
    const modes = new Set([0, 0.34, 0.67, 0.99].map((r) => randomNovelPage(1, NOW, () => r).mode));
    expect([...modes]).toEqual(['day', 'week', 'day_male']);
  });

  it('ask for a day 2 to 14 days back', () => {
    expect(randomNovelPage(1, NOW, () => 0).date).toBe(jstDay(NOW, 2));
    expect(randomNovelPage(1, NOW, () => 0.999).date).toBe(jstDay(NOW, 14));
    for (let i = 0; i < 50; i++) {
      const { date } = randomNovelPage(1, NOW);
      expect(date >= jstDay(NOW, 14) && date <= jstDay(NOW, 2)).toBe(true);
    }
  });
});

describe('novel search query', () => {
  const search: NovelSearch = {
    word: 'cat -R-18 -R18 -18+',
    hideAi: true,
    mode: 'text',
    sort: 'date_asc',
    duration: 'within_last_week',
    start_date: '2020-01-01',
    end_date: '2020-12-31',
  };

  it('names the order `sort` and the target `mode`, with the page and search_ai_type', () => {
    expect(novelSearchParams(search, 3)).toEqual({
      word: 'cat -R-18 -R18 -18+',
      page: 3,
      mode: 'text',
      sort: 'date_asc',
      duration: 'within_last_week',
      start_date: '2020-01-01',
      end_date: '2020-12-31',
      search_ai_type: 1,
    });
  });

  it('leaves unset filters out and sends search_ai_type=0 with AI on', () => {
    const params = novelSearchParams(
      { word: 'cat', hideAi: false, mode: 'keyword', sort: 'date_desc' },
      1,
    );
    expect(params).toMatchObject({ search_ai_type: 0, mode: 'keyword', sort: 'date_desc' });
    expect(params.duration).toBeUndefined();
    expect(params.start_date).toBeUndefined();
    expect('order' in params).toBe(false);
  });

  it('gives each filter combination its own list', () => {
    const a = novelSearchKey(search);
    expect(novelSearchKey({ ...search, sort: 'date_desc' })).not.toEqual(a);
    expect(novelSearchKey({ ...search, mode: 'keyword' })).not.toEqual(a);
    expect(novelSearchKey({ ...search, hideAi: false })).not.toEqual(a);
    expect(novelSearchKey({ ...search })).toEqual(a);
    expect(novelRankingKey('day', '2026-11-20')).toEqual(['novel-ranking', 'day', '2026-11-20']);
  });
});
