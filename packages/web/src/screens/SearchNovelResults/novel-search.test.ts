import { describe, expect, it } from 'vitest';
import { planNovelSearch } from './novel-search.ts';

const SAFE = { r18: false, r18g: false, ai: true };
const ADULT = { r18: true, r18g: false, ai: true };
const q = (s = '') => new URLSearchParams(s);

describe('planNovelSearch (spec 000 §5 Search)', () => {
  it('appends the R-18 exclusions and drops adult results without R-18', () => {
    const plan = planNovelSearch('  cat   dog ', q(), SAFE);
    expect(plan).toMatchObject({
      kind: 'search',
      dropAdult: true,
      search: { word: 'cat dog -R-18 -R18 -18+', hideAi: false },
    });
  });

  it('refuses R-18 queries without R-18, and searches them with it', () => {
    expect(planNovelSearch('R-18 cat', q(), SAFE)).toEqual({ kind: 'refused' });
    expect(planNovelSearch('cat r18', q(), SAFE)).toEqual({ kind: 'refused' });
    expect(planNovelSearch('R-18 cat', q(), ADULT)).toMatchObject({
      kind: 'search',
      dropAdult: false,
      search: { word: 'R-18 cat' },
    });
  });

  it('refuses a keyword holding a sensitive word, with or without R-18', () => {
    const words = ['NSFW', 'グロ'];
    expect(planNovelSearch('cat nsfw', q(), SAFE, { sensitiveWords: words })).toEqual({
      kind: 'refused',
    });
    expect(planNovelSearch('グロテスク', q(), ADULT, { sensitiveWords: words })).toEqual({
      kind: 'refused',
    });
    expect(planNovelSearch('cat', q(), SAFE, { sensitiveWords: words }).kind).toBe('search');
  });

  it('hides AI novels (search_ai_type=1) when AI is off', () => {
    const plan = planNovelSearch('cat', q(), { ...SAFE, ai: false });
    expect(plan.kind === 'search' && plan.search.hideAi).toBe(true);
  });

  it('takes the novel search targets and the filters from the URL', () => {
    const plan = planNovelSearch(
      'cat',
      q('mode=text&order=date_asc&duration=within_last_day&start_date=2020-02-02&min_fav=1000'),
      ADULT,
    );
    expect(plan).toEqual({
      kind: 'search',
      dropAdult: false,
      minFav: 1000,
      search: {
        word: 'cat',
        hideAi: false,
        mode: 'text',
        sort: 'date_asc',
        duration: 'within_last_day',
        start_date: '2020-02-02',
        end_date: undefined,
      },
    });
    for (const mode of ['partial_match_for_tags', 'exact_match_for_tags', 'keyword']) {
      const p = planNovelSearch('cat', q(`mode=${mode}`), ADULT);
      expect(p.kind === 'search' && p.search.mode).toBe(mode);
    }
  });

  it('falls back to defaults for unknown values and dates before 2007-09-13', () => {
    const plan = planNovelSearch(
      'cat',
      q('mode=title_and_caption&order=popular_desc&start_date=2007-09-12&duration=x'),
      ADULT,
    );
    expect(plan).toMatchObject({
      search: { mode: 'partial_match_for_tags', sort: 'date_desc' },
    });
    expect(plan.kind === 'search' && plan.search.start_date).toBeUndefined();
    expect(plan.kind === 'search' && plan.search.duration).toBeUndefined();
  });

  it('sends empty keywords back and pasted artwork links to the artwork', () => {
    expect(planNovelSearch('   ', q(), SAFE)).toEqual({ kind: 'empty' });
    expect(planNovelSearch('https://www.pixiv.net/artworks/12345', q(), SAFE)).toEqual({
      kind: 'artwork',
      id: 12345,
    });
  });
});
