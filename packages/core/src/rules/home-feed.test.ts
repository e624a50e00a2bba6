import { describe, expect, it } from 'vitest';
import { LIST_THROTTLE_MS } from '../constants.ts';
import { artworkFixture } from '../test-fixtures.ts';
import { jstDay } from './ranking-date.ts';
import {
  DISCOVERY_CARD_SIZE,
  DISCOVERY_LAST_PAGE,
  DISCOVERY_PAGE_SIZE,
  discoveryMode,
  HOME_CARD_ITEMS,
  RANDOM_DAYS_BACK,
  RANDOM_ILLUST_LAST_PAGE,
  RANDOM_NOVEL_LAST_PAGE,
  RANDOM_MANGA_RANK_MODES,
  RANDOM_RANK_MODES,
  RECOMMENDED_NOVELS_MAX,
  cardRow,
  discoveryUsersFeed,
  homeFeed,
  isHomeFeedArtwork,
  hourlyRandomRanking,
  pickRandomRanking,
  randomListHasMore,
  recommendedFeed,
  recommendedNovelsFeed,
  recommendedUsersFeed,
} from './home-feed.ts';

const prefs = {
  content: { r18: false, r18g: false, ai: true },
  blocks: { tags: ['blocked'], authorIds: [99] },
};

describe('home feed exclusions', () => {
  it('drops manga, multi-page, AI (even with AI on), blocked and adult works', () => {
    const ok = artworkFixture({ id: 1 });
    expect(isHomeFeedArtwork(ok, prefs)).toBe(true);
    expect(isHomeFeedArtwork(artworkFixture({ id: 2, type: 'manga' }), prefs)).toBe(false);
    expect(isHomeFeedArtwork(artworkFixture({ id: 3, count: 2 }), prefs)).toBe(false);
    expect(isHomeFeedArtwork(artworkFixture({ id: 4, illust_ai_type: 2 }), prefs)).toBe(false);
    expect(
      isHomeFeedArtwork(
        artworkFixture({ id: 5, tags: [{ name: 'AIイラスト', translated_name: null }] }),
        prefs,
      ),
    ).toBe(false);
    expect(
      isHomeFeedArtwork(
        artworkFixture({ id: 6, author: { id: 99, name: 'x', avatar: '', is_followed: false } }),
        prefs,
      ),
    ).toBe(false);
    expect(
      isHomeFeedArtwork(
        artworkFixture({ id: 7, tags: [{ name: 'blocked', translated_name: null }] }),
        prefs,
      ),
    ).toBe(false);
    expect(isHomeFeedArtwork(artworkFixture({ id: 8, x_restrict: 1 }), prefs)).toBe(false);
    expect(
      isHomeFeedArtwork(artworkFixture({ id: 8, x_restrict: 1 }), {
        ...prefs,
        content: { r18: true, r18g: false, ai: true },
      }),
    ).toBe(true);
    expect(isHomeFeedArtwork(artworkFixture({ id: 9, type: 'ugoira' }), prefs)).toBe(true);
    expect(homeFeed([ok, artworkFixture({ id: 2, type: 'manga' })], prefs)).toEqual([ok]);
  });

  it('recommended illustrations need 500 likes or more', () => {
    const items = [499, 500, 501].map((like, i) => artworkFixture({ id: i + 1, like }));
    expect(recommendedFeed(items, prefs).map((a) => a.like)).toEqual([500, 501]);
  });
});

describe('card rows', () => {
  it('show 10 items and use items 10 to 15 for the more slide', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(HOME_CARD_ITEMS).toBe(10);
    expect(cardRow(items)).toEqual({
      shown: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      more: [10, 11, 12, 13, 14],
    });
    expect(cardRow([1, 2])).toEqual({ shown: [1, 2], more: [] });
  });
});

describe('random lists', () => {
  const now = new Date('2026-11-20T06:00:00Z'); // 15:00 JST

  it('pick one of the random modes, 2 to 14 days back', () => {
    expect(RANDOM_RANK_MODES).toEqual(['day', 'week', 'month', 'week_original', 'day_male']);
    expect(pickRandomRanking(now, RANDOM_RANK_MODES, () => 0)).toEqual({
      mode: 'day',
      date: '2026-11-18',
    });
    expect(pickRandomRanking(now, RANDOM_RANK_MODES, () => 0.9999)).toEqual({
      mode: 'day_male',
      date: '2026-11-06',
    });
    expect(RANDOM_DAYS_BACK).toEqual({ min: 2, max: 14 });
    for (let i = 0; i < 200; i++) {
      const { date } = pickRandomRanking(now, RANDOM_RANK_MODES);
      expect(date >= '2026-11-06' && date <= '2026-11-18').toBe(true);
    }
  });

  it("a server's first page: one draw an hour, the same all hour, within the modes and days", () => {
    const hour = Date.parse('2026-11-20T06:00:00Z');
    const draws = new Set<string>();
    for (let h = 0; h < 48; h++) {
      const at = new Date(hour + h * 3_600_000);
      const pick = hourlyRandomRanking(at, RANDOM_RANK_MODES);
      // the same at any minute of that hour
      expect(hourlyRandomRanking(new Date(at.getTime() + 59 * 60_000), RANDOM_RANK_MODES)).toEqual(
        pick,
      );
      expect(RANDOM_RANK_MODES).toContain(pick.mode);
      expect(pick.date >= jstDay(at, 14) && pick.date <= jstDay(at, 2)).toBe(true);
      draws.add(`${pick.mode} ${pick.date}`);
    }
    // the hours draw apart: most of two days' 48 draws differ
    expect(draws.size).toBeGreaterThan(30);
  });

  it('finish after their last page: illustrations 9, novels 4', () => {
    expect(RANDOM_ILLUST_LAST_PAGE).toBe(9);
    expect(RANDOM_NOVEL_LAST_PAGE).toBe(4);
    expect(randomListHasMore(8, RANDOM_ILLUST_LAST_PAGE)).toBe(true);
    expect(randomListHasMore(9, RANDOM_ILLUST_LAST_PAGE)).toBe(false);
    expect(randomListHasMore(3, RANDOM_NOVEL_LAST_PAGE)).toBe(true);
    expect(randomListHasMore(4, RANDOM_NOVEL_LAST_PAGE)).toBe(false);
  });
});

describe("random manga and the random lists' paging", () => {
  it('random manga draws from the manga rankings, 2 to 14 days back', () => {
    const now = new Date('2026-11-20T06:00:00Z'); // 15:00 JST
    expect(RANDOM_MANGA_RANK_MODES).toEqual([
      'day_manga',
      'week_manga',
      'month_manga',
      'week_rookie_manga',
    ]);
    expect(pickRandomRanking(now, RANDOM_MANGA_RANK_MODES, () => 0)).toEqual({
      mode: 'day_manga',
      date: '2026-11-18',
    });
    expect(pickRandomRanking(now, RANDOM_MANGA_RANK_MODES, () => 0.9999)).toEqual({
      mode: 'week_rookie_manga',
      date: '2026-11-06',
    });
  });

  it('random lists load a page at most every 1500 ms; search and live lists every 1000 ms', () => {
    expect(LIST_THROTTLE_MS.random).toBe(1500);
    expect(LIST_THROTTLE_MS.search).toBe(1000);
    expect(LIST_THROTTLE_MS.live).toBe(1000);
    expect(LIST_THROTTLE_MS.novelSearch).toBe(2500);
  });
});

describe('discovery', () => {
  it('pages by 60, finishes after page 3, the card asks for 18, safe unless R-18 is on', () => {
    expect([DISCOVERY_PAGE_SIZE, DISCOVERY_LAST_PAGE, DISCOVERY_CARD_SIZE]).toEqual([60, 3, 18]);
    expect(randomListHasMore(2, DISCOVERY_LAST_PAGE)).toBe(true);
    expect(randomListHasMore(3, DISCOVERY_LAST_PAGE)).toBe(false);
    expect(discoveryMode({ r18: false })).toBe('safe');
    expect(discoveryMode({ r18: true })).toBe('all');
  });
});

describe('recommended users (spec 000 §5: no illustrations or adult-looking tags are dropped)', () => {
  const tag = (name: string, translated_name: string | null = null) => ({ name, translated_name });
  const user = (id: number, illusts: ReturnType<typeof artworkFixture>[]) => ({
    id,
    name: `user ${id}`,
    illusts: illusts.map((a) => ({ ...a, author: { ...a.author, id } })),
  });

  it('keeps a user with safe works, untouched', () => {
    const u = user(1, [artworkFixture({ id: 10 }), artworkFixture({ id: 11 })]);
    expect(recommendedUsersFeed([u], prefs)).toEqual([u]);
  });

  it('drops a user without illustrations', () => {
    expect(recommendedUsersFeed([user(2, [])], prefs)).toEqual([]);
  });

  it('drops a user any of whose works has an adult-looking tag, even with R-18 and R-18G on', () => {
    const adultPrefs = { ...prefs, content: { r18: true, r18g: true, ai: true } };
    for (const t of ['R-18', 'r18', 'R-18G', 'R18G', '18+']) {
      const u = user(3, [artworkFixture({ id: 30 }), artworkFixture({ id: 31, tags: [tag(t)] })]);
      expect(recommendedUsersFeed([u], adultPrefs), t).toEqual([]);
    }
    const translated = user(4, [artworkFixture({ id: 40, tags: [tag('成人向け', 'R-18')] })]);
    expect(recommendedUsersFeed([translated], adultPrefs)).toEqual([]);
  });

  it('reads whole tags only: R-18 inside a longer tag does not look adult', () => {
    const u = user(5, [artworkFixture({ id: 50, tags: [tag('R-18G未満'), tag('pixivR18ish')] })]);
    expect(recommendedUsersFeed([u], prefs)).toHaveLength(1);
  });

  it('passes works through the content filter and drops users left with none', () => {
    const mixed = user(6, [
      artworkFixture({ id: 60 }),
      artworkFixture({ id: 61, x_restrict: 1, tags: [tag('風景')] }),
      artworkFixture({ id: 62, tags: [tag('blocked')] }),
    ]);
    const onlyHidden = user(7, [artworkFixture({ id: 70, x_restrict: 2, tags: [tag('風景')] })]);
    const kept = recommendedUsersFeed([mixed, onlyHidden], prefs);
    expect(kept.map((u) => u.id)).toEqual([6]);
    expect(kept[0]!.illusts.map((a) => a.id)).toEqual([60]);
    const noAi = { ...prefs, content: { ...prefs.content, ai: false } };
    const ai = user(8, [artworkFixture({ id: 80, illust_ai_type: 2 })]);
    expect(recommendedUsersFeed([ai], noAi)).toEqual([]);
    expect(recommendedUsersFeed([ai], prefs)).toHaveLength(1);
  });

  it('drops blocked users and keeps the order of the rest', () => {
    const users = [3, 99, 1, 2].map((id) => user(id, [artworkFixture({ id: id * 100 })]));
    expect(recommendedUsersFeed(users, prefs).map((u) => u.id)).toEqual([3, 1, 2]);
  });
});

describe('recommended novels (spec 000 §2: at most 10 shown)', () => {
  it('cuts the filtered novels to 10, after the filter, in order', () => {
    expect(RECOMMENDED_NOVELS_MAX).toBe(10);
    const novels = Array.from({ length: 14 }, (_, i) =>
      artworkFixture({ id: i + 1, x_restrict: i === 0 ? 1 : 0 }),
    );
    const shown = recommendedNovelsFeed(novels, prefs);
    // the R-18 first one is filtered, then the cut takes the next 10
    expect(shown.map((n) => n.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(recommendedNovelsFeed(novels.slice(0, 4), prefs)).toHaveLength(3);
  });
});

describe('discovery users (spec 000 §4)', () => {
  const tag = (name: string) => ({ name, translated_name: null });
  const user = (id: number, illusts: ReturnType<typeof artworkFixture>[]) => ({
    id,
    name: `user ${id}`,
    illusts: illusts.map((a) => ({ ...a, author: { ...a.author, id } })),
  });

  it('drops blocked users and keeps the order of the rest', () => {
    const users = [3, 99, 1].map((id) => user(id, [artworkFixture({ id: id * 100 })]));
    expect(discoveryUsersFeed(users, prefs).map((u) => u.id)).toEqual([3, 1]);
  });

  it("filters each user's works by the content settings and drops users left with none", () => {
    const mixed = user(6, [
      artworkFixture({ id: 60 }),
      artworkFixture({ id: 61, x_restrict: 1 }),
      artworkFixture({ id: 62, tags: [tag('blocked')] }),
      artworkFixture({ id: 63, illust_ai_type: 2 }),
    ]);
    const onlyR18g = user(7, [artworkFixture({ id: 70, x_restrict: 2 })]);
    const kept = discoveryUsersFeed([mixed, onlyR18g], prefs);
    expect(kept.map((u) => u.id)).toEqual([6]);
    expect(kept[0]!.illusts.map((a) => a.id)).toEqual([60, 63]);
    const noAi = { ...prefs, content: { ...prefs.content, ai: false } };
    expect(discoveryUsersFeed([mixed], noAi)[0]!.illusts.map((a) => a.id)).toEqual([60]);
    const all = { ...prefs, content: { r18: true, r18g: true, ai: true } };
    expect(discoveryUsersFeed([mixed, onlyR18g], all).map((u) => u.illusts.length)).toEqual([3, 1]);
  });
});
