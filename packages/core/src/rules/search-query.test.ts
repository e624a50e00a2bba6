import { describe, expect, it } from 'vitest';
import {
  SEARCH_HISTORY_MAX,
  MIN_FAV_TAGS,
  SEARCH_BOX_MAX_LENGTH,
  addToSearchHistory,
  keepSearchResult,
  numericShortcuts,
  parseSearchFilters,
  splitSearchWords,
  homeSearchTarget,
  artworkIdFromKeyword,
  artworkIdFromUrl,
  normaliseKeyword,
  planSearch,
  hasBlockedWord,
  searchAiType,
  hasSensitiveWord,
} from './search-query.ts';

const SAFE = { r18: false, r18g: false, ai: true };

describe('search keyword rules', () => {
  it('collapses whitespace runs, full-width spaces included', () => {
    expect(normaliseKeyword('  猫 \u3000  耳\t ')).toBe('猫 耳');
  });

  it('jumps to an artwork pasted as the last word', () => {
    expect(artworkIdFromKeyword('猫 https://www.pixiv.net/artworks/123456')).toBe(123456);
    expect(artworkIdFromKeyword('https://www.pixiv.net/en/artworks/99')).toBe(99);
    expect(
      artworkIdFromUrl('http://www.pixiv.net/member_illust.php?mode=medium&illust_id=42'),
    ).toBe(42);
    expect(artworkIdFromKeyword('https://www.pixiv.net/artworks/1 猫')).toBeNull();
    expect(artworkIdFromUrl('ftp://www.pixiv.net/artworks/1')).toBeNull();
    expect(artworkIdFromUrl('artworks/1')).toBeNull();
    expect(planSearch('https://www.pixiv.net/artworks/7', SAFE)).toEqual({
      kind: 'artwork',
      id: 7,
    });
  });

  it('appends -R-18 -R18 -18+ and drops adult results without R-18 or R-18G', () => {
    expect(planSearch('猫', SAFE)).toEqual({
      kind: 'search',
      word: '猫 -R-18 -R18 -18+',
      hideAi: false,
      dropAdult: true,
    });
    expect(planSearch('猫', { ...SAFE, r18: true })).toEqual({
      kind: 'search',
      word: '猫',
      hideAi: false,
      dropAdult: false,
    });
    expect(planSearch('猫', { ...SAFE, r18g: true })).toMatchObject({
      word: '猫',
      dropAdult: false,
    });
  });

  it('refuses R-18 queries for those users', () => {
    for (const q of ['R-18', '猫 r18', 'R-18G', '18+ 猫'])
      expect(planSearch(q, SAFE), q).toEqual({ kind: 'refused' });
    expect(planSearch('R18', { ...SAFE, r18: true }).kind).toBe('search');
    expect(planSearch('R180', SAFE).kind).toBe('search');
  });

  it('asks upstream to hide AI works when AI is off, and has nothing to do for an empty keyword', () => {
    expect(planSearch('猫', { ...SAFE, ai: false })).toMatchObject({ hideAi: true });
    expect(planSearch('  ', SAFE)).toEqual({ kind: 'empty' });
  });
});

describe('sensitive words', () => {
  const WORDS = ['NSFW', 'エロ', '  ', ''];

  it('finds a listed word anywhere in the keyword, ignoring case and whitespace runs', () => {
    expect(hasSensitiveWord('nsfw', WORDS)).toBe(true);
    expect(hasSensitiveWord('猫  NsFw', WORDS)).toBe(true);
    expect(hasSensitiveWord('エロ漫画', WORDS)).toBe(true);
    expect(hasSensitiveWord('猫 風景', WORDS)).toBe(false);
    // blank list entries match nothing
    expect(hasSensitiveWord('猫', ['', ' '])).toBe(false);
    expect(hasSensitiveWord('猫', [])).toBe(false);
  });

  it('refuses a keyword holding one, whatever the content settings', () => {
    expect(planSearch('猫 nsfw', SAFE, { sensitiveWords: WORDS })).toEqual({ kind: 'refused' });
    expect(
      planSearch('猫 nsfw', { r18: true, r18g: true, ai: true }, { sensitiveWords: WORDS }),
    ).toEqual({
      kind: 'refused',
    });
    expect(planSearch('猫', SAFE, { sensitiveWords: WORDS }).kind).toBe('search');
    // an empty box and a pasted artwork link keep their own meaning
    expect(planSearch(' ', SAFE, { sensitiveWords: WORDS })).toEqual({ kind: 'empty' });
    expect(
      planSearch('https://www.pixiv.net/artworks/7', SAFE, { sensitiveWords: ['pixiv'] }),
    ).toEqual({
      kind: 'artwork',
      id: 7,
    });
  });
});

describe('homeSearchTarget', () => {
  it('opens artworks for links and 8+ digit numbers, searches other text and the placeholder', () => {
    expect(homeSearchTarget('https://www.pixiv.net/artworks/12345', 'tag')).toBe('/artworks/12345');
    expect(homeSearchTarget('  12345678 ', 'tag')).toBe('/artworks/12345678');
    expect(homeSearchTarget('1234567', 'tag')).toBe('/search/1234567');
    expect(homeSearchTarget('blue  sky', 'tag')).toBe('/search/blue%20sky');
    expect(homeSearchTarget('', '風景')).toBe(`/search/${encodeURIComponent('風景')}`);
    expect(homeSearchTarget('   ', '')).toBeNull();
  });
});

describe('search history', () => {
  it('keeps 20 entries, newest first, without duplicates', () => {
    let history: string[] = [];
    for (let i = 0; i < 25; i++) history = addToSearchHistory(history, `w${i}`);
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(SEARCH_HISTORY_MAX).toBe(20);
    expect(history[0]).toBe('w24');
    expect(history.at(-1)).toBe('w5');
    history = addToSearchHistory(history, ' w10 ');
    expect(history[0]).toBe('w10');
    expect(history.filter((h) => h === 'w10')).toHaveLength(1);
    expect(history).toHaveLength(20);
    expect(addToSearchHistory(['a'], '   ')).toEqual(['a']);
  });
});

describe('search box words', () => {
  it('splits committed words from the pending last one', () => {
    expect(splitSearchWords('cat  dog bir')).toEqual({ words: ['cat', 'dog'], pending: 'bir' });
    expect(splitSearchWords('cat dog ')).toEqual({ words: ['cat', 'dog'], pending: '' });
    expect(splitSearchWords('')).toEqual({ words: [], pending: '' });
    expect(SEARCH_BOX_MAX_LENGTH).toBe(50);
  });

  it('offers numeric words as id shortcuts', () => {
    expect(numericShortcuts('cat 12345 99 12345')).toEqual([12345, 99]);
    expect(numericShortcuts('cat 0')).toEqual([]);
  });
});

describe('search filters', () => {
  it('read valid filters from the URL and drop the rest', () => {
    const f = parseSearchFilters(
      new URLSearchParams(
        'mode=exact_match_for_tags&order=date_asc&duration=within_last_week&start_date=2007-09-12&end_date=2026-01-01&min_fav=1000',
      ),
    );
    expect(f).toEqual({
      mode: 'exact_match_for_tags',
      order: 'date_asc',
      duration: 'within_last_week',
      start_date: undefined,
      end_date: '2026-01-01',
      minFav: 1000,
    });
    expect(parseSearchFilters(new URLSearchParams('mode=x&min_fav=7'))).toMatchObject({
      mode: 'partial_match_for_tags',
      minFav: undefined,
    });
    expect(MIN_FAV_TAGS).toEqual([30000, 20000, 10000, 7500, 5000, 1000, 500, 250, 100]);
  });

  it('keep results above the picked minimum, at the app minimum, without blocked words', () => {
    const base = {
      x_restrict: 0,
      like: 1000,
      title: 'Blue sky',
      caption: '',
      tags: [{ name: '風景' }],
    };
    const rules = { dropAdult: true, minLikes: 5, blockedWords: [] as string[] };
    expect(keepSearchResult(base, rules)).toBe(true);
    expect(keepSearchResult({ ...base, x_restrict: 1 }, rules)).toBe(false);
    expect(keepSearchResult(base, { ...rules, minFav: 1000 })).toBe(false);
    expect(keepSearchResult({ ...base, like: 1001 }, { ...rules, minFav: 1000 })).toBe(true);
    expect(keepSearchResult({ ...base, like: 4 }, rules)).toBe(false);
    expect(keepSearchResult(base, { ...rules, blockedWords: ['SKY'] })).toBe(false);
    expect(keepSearchResult(base, { ...rules, blockedWords: ['風景'] })).toBe(false);
  });
});

describe('a blocked word in the keyword', () => {
  const BLOCKED = ['猫', 'Gore Art', ' '];
  it('refuses a keyword whose word, or whole text, is a blocked tag, ignoring case', () => {
    expect(hasBlockedWord('猫', BLOCKED)).toBe(true);
    expect(hasBlockedWord('風景  猫', BLOCKED)).toBe(true);
    expect(hasBlockedWord('gore art', BLOCKED)).toBe(true);
    expect(planSearch('風景 猫', SAFE, { blockedWords: BLOCKED })).toEqual({ kind: 'refused' });
    expect(
      planSearch('GORE  ART', { r18: true, r18g: true, ai: true }, { blockedWords: BLOCKED }),
    ).toEqual({ kind: 'refused' });
  });
  it('leaves other keywords, longer words and blank entries alone', () => {
    expect(hasBlockedWord('猫耳', BLOCKED)).toBe(false);
    expect(hasBlockedWord('gore', BLOCKED)).toBe(false);
    expect(hasBlockedWord('風景', [' ', ''])).toBe(false);
    expect(planSearch('猫耳', SAFE, { blockedWords: BLOCKED }).kind).toBe('search');
  });
});

describe('search_ai_type', () => {
  it('is 1 with AI off and 0 (never left out) with AI on', () => {
    expect(searchAiType(true)).toBe(1);
    expect(searchAiType(false)).toBe(0);
  });
});
