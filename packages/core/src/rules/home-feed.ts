/**
 * The home screens' rules (spec 000 §2 Home, §4 Lists, §5 Home feeds, §9): which works a home
 * feed shows, how a card row is cut, and how the random lists pick their rankings and finish.
 */
import type { Artwork } from '../entities/artwork.ts';
import {
  filterArtworks,
  isAiArtwork,
  isHiddenByContent,
  type ContentPreferences,
  type FilterableItem,
} from '../filter/content.ts';
import { jstDay, rankingDateWindow } from './ranking-date.ts';
import { NOVEL_RANK_MODES } from './rank-types.ts';

/** A card row shows this many items, then a 'more' slide. */
export const HOME_CARD_ITEMS = 10;
/** The 'more' slide's background uses the items from index 10 up to (not including) 15. */
export const HOME_MORE_SLIDE_RANGE = [10, 15] as const;
/** Recommended illustrations need at least this many likes. */
export const RECOMMENDED_MIN_LIKES = 500;
/** At most this many recommended novels are shown. */
export const RECOMMENDED_NOVELS_MAX = 10;
/** The ranking modes random illustrations draw from. */
export const RANDOM_RANK_MODES = ['day', 'week', 'month', 'week_original', 'day_male'] as const;
/** The ranking modes random manga draws from. */
export const RANDOM_MANGA_RANK_MODES = [
  'day_manga',
  'week_manga',
  'month_manga',
  'week_rookie_manga',
] as const;
/**
 * Random novels draw from the random rank modes that the novel ranking has (day, week,
 * day_male): month and week_original exist for illustrations only.
 */
export const RANDOM_NOVEL_RANK_MODES: readonly string[] = RANDOM_RANK_MODES.filter((m) =>
  (NOVEL_RANK_MODES as readonly string[]).includes(m),
);
/** Random rankings are taken from this many days back, inclusive. */
export const RANDOM_DAYS_BACK = { min: 2, max: 14 } as const;
/**
 * The random illustration list is finished after this page. The notes give 5 in one reading and
 * 9 in another; we take 9, the longer feed, since each page is one cheap cached ranking page.
 */
export const RANDOM_ILLUST_LAST_PAGE = 9;
/** Random novels are finished after page 4. */
export const RANDOM_NOVEL_LAST_PAGE = 4;

/** Home feeds leave out manga, multi-page works, AI works and whatever the user's settings hide. */
export function isHomeFeedArtwork(artwork: Artwork, prefs: ContentPreferences): boolean {
  if (artwork.type === 'manga' || artwork.count > 1) return false;
  if (isAiArtwork(artwork)) return false;
  return !isHiddenByContent(artwork, prefs);
}

/** The works of a home illustration feed, in order. */
export function homeFeed(artworks: Artwork[], prefs: ContentPreferences): Artwork[] {
  return artworks.filter((a) => isHomeFeedArtwork(a, prefs));
}

/** Recommended illustrations: the home feed's works with at least 500 likes. */
export function recommendedFeed(artworks: Artwork[], prefs: ContentPreferences): Artwork[] {
  return homeFeed(artworks, prefs).filter((a) => a.like >= RECOMMENDED_MIN_LIKES);
}

/**
 * Recommended novels (spec 000 §2 Novel home: "at most 10 shown"): the novels the content filter
 * lets through, cut to 10. The home row and the full list behind its 'more' slide both show
 * this, so the full list never shows more than the row promised.
 */
export function recommendedNovelsFeed<T extends FilterableItem>(
  novels: readonly T[],
  prefs: ContentPreferences,
): T[] {
  return filterArtworks([...novels], prefs).slice(0, RECOMMENDED_NOVELS_MAX);
}

/** A card row: the first 10 items, and the items behind the 'more' slide (10 to 15). */
export function cardRow<T>(items: readonly T[]): { shown: T[]; more: T[] } {
  return {
    shown: items.slice(0, HOME_CARD_ITEMS),
    more: items.slice(HOME_MORE_SLIDE_RANGE[0], HOME_MORE_SLIDE_RANGE[1]),
  };
}

export interface RandomRankingPick {
  mode: string;
  date: string;
}

/**
 * A random ranking for a random list's page: one of `modes`, 2 to 14 days back (JST), never
 * later than the ranking calendar allows. `random` returns [0, 1).
 */
export function pickRandomRanking(
  now: Date,
  modes: readonly string[],
  random: () => number = Math.random,
): RandomRankingPick {
  const mode = modes[Math.floor(random() * modes.length)] ?? modes[0]!;
  const span = RANDOM_DAYS_BACK.max - RANDOM_DAYS_BACK.min + 1;
  const back = RANDOM_DAYS_BACK.min + Math.floor(random() * span);
  const date = jstDay(now, back);
  const { max } = rankingDateWindow(now);
  return { mode, date: date > max ? max : date };
}

/** An hour, ms. */
const HOUR_MS = 3_600_000;

/** mulberry32: a small seeded generator of [0, 1) (the same seed, the same sequence). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The random ranking a server draws for a random list's first page (issue 33: the home's random
 * feed in the first HTML): one draw an hour, the same for every render in that hour, so that after
 * the first render the mirror has its ranking cached and the page waits for no upstream; the next
 * hour draws anew. The app draws its later pages with `pickRandomRanking`, as before.
 */
export function hourlyRandomRanking(now: Date, modes: readonly string[]): RandomRankingPick {
  return pickRandomRanking(now, modes, seeded(Math.floor(now.getTime() / HOUR_MS)));
}

/** Whether a random list has more pages after `page` (1-based). */
export function randomListHasMore(page: number, lastPage: number): boolean {
  return page < lastPage;
}

/** Discovery: 60 works per page, finished after page 3; the home card asks for 18, mode safe. */
export const DISCOVERY_PAGE_SIZE = 60;
export const DISCOVERY_LAST_PAGE = 3;
export const DISCOVERY_CARD_SIZE = 18;

/** The discovery mode for the user's content settings: safe unless R-18 is on. */
export function discoveryMode(content: { r18: boolean }): 'safe' | 'all' {
  return content.r18 ? 'all' : 'safe';
}

/**
 * Tags that make a recommended user look adult: R-18, R18, R-18G, R18G and 18+, as whole tags,
 * ignoring case (pixiv puts the rating tag first on every adult work).
 */
export const ADULT_TAG_PATTERN = /^(r-?18g?|18\+)$/i;

/**
 * Discovery users (spec 000 §4, `/discovery` in self-hosted mode): blocked users leave, and each
 * kept user carries only the works the content filter lets through. A user left with no works
 * is dropped too: their card would be a name over an empty slide.
 */
export function discoveryUsersFeed<U extends RecommendableUser>(
  users: readonly U[],
  prefs: ContentPreferences,
): U[] {
  const out: U[] = [];
  for (const user of users) {
    if (prefs.blocks.authorIds.includes(user.id)) continue;
    const illusts = user.illusts.filter((a) => !isHiddenByContent(a, prefs));
    if (illusts.length > 0) out.push({ ...user, illusts });
  }
  return out;
}

/** The part of a recommended user the rule reads. */
export interface RecommendableUser {
  id: number;
  illusts: Artwork[];
}

/**
 * The 'recommended for you' users (spec 000 §5 Home feeds): a user is dropped when any of their
 * works has a tag that looks adult, whatever the user's own settings, or when none of their works
 * is left after the content filter (no illustrations). Blocked users are dropped; the kept users
 * carry only the works the filter lets through.
 */
export function recommendedUsersFeed<U extends RecommendableUser>(
  users: readonly U[],
  prefs: ContentPreferences,
): U[] {
  const looksAdult = (user: U) =>
    user.illusts.some((a) =>
      a.tags.some(
        (t) =>
          ADULT_TAG_PATTERN.test(t.name) ||
          (t.translated_name != null && ADULT_TAG_PATTERN.test(t.translated_name)),
      ),
    );
  return discoveryUsersFeed(
    users.filter((u) => !looksAdult(u)),
    prefs,
  );
}
