/**
 * The ranking screen's categories (spec 000 §2 Ranking, §9): overall and manga read the app-API
 * rankings; illust and ugoira read the web ranking (`ranking.php`, content illust / ugoira);
 * novel has its own screen. Which route types each category offers, and the ranking filters.
 */
import type { Artwork } from '../entities/artwork.ts';
import { isAiArtwork } from '../filter/content.ts';
import { RANK_TYPES, type RankType } from './rank-types.ts';

export type RankCategory = 'overall' | 'illust' | 'ugoira' | 'manga' | 'novel';
export const RANK_CATEGORIES: readonly RankCategory[] = [
  'overall',
  'illust',
  'ugoira',
  'manga',
  'novel',
];

/** Web ranking modes per web category: daily, weekly, monthly (not ugoira), rookie (illust). */
export const WEB_RANK_MODES: Readonly<Record<'illust' | 'ugoira', readonly string[]>> = {
  illust: ['daily', 'weekly', 'monthly', 'rookie', 'daily_r18', 'weekly_r18'],
  ugoira: ['daily', 'weekly', 'daily_r18', 'weekly_r18'],
};

/** The route types a category offers, in nav order. */
export function rankTypesOf(category: RankCategory): RankType[] {
  if (category === 'overall' || category === 'manga') {
    return RANK_TYPES.filter((t) => t.category === category);
  }
  if (category === 'novel') return [];
  return WEB_RANK_MODES[category].map((mode) => RANK_TYPES.find((t) => t.type === mode)!);
}

/** Tags that mark a work as adult even when its rating says otherwise. */
const R18_TAG = /^(r-?18g?|18\+|r18g)$/i;
/** Tags that mark manga for the hide-manga option. */
const MANGA_TAG = /^(漫画|マンガ|manga|comic|4コマ|四格|漫畫)$/i;

/**
 * Authors whose works non-AI rankings leave out (spec 000 §5: "works of a list of AI-author
 * ids"), for accounts that post AI-made works without flagging them (`illust_ai_type` not 2 and
 * no AI tag). pixiv publishes no such list and the spec does not give its ids, so it starts
 * empty; add a pixiv user id here to keep that author out of every non-AI ranking. Ids only.
 */
export const AI_AUTHOR_IDS: readonly number[] = [];

export interface RankingFilterOptions {
  /** The ranking's own mode flags. */
  type: Pick<RankType, 'r18' | 'r18g' | 'ai'>;
  /** The hide-manga app setting (isHideRankManga). */
  hideManga: boolean;
  /** Authors known to post AI works (left out of non-AI rankings). */
  aiAuthorIds?: readonly number[];
  /** Filter by favourites (local-app mode): works the user has bookmarked are left out. */
  hideBookmarked?: boolean;
}

/**
 * The ranking rules of spec 000 §5: non-R-18 rankings drop works whose tags look adult; non-AI
 * rankings drop AI works and works of known AI authors; hide-manga drops manga by type, by tag
 * and by author (an author whose works in this list are mostly manga); filter-by-favourites
 * drops the works the user has already bookmarked.
 */
export function filterRanking(items: Artwork[], options: RankingFilterOptions): Artwork[] {
  const adult = options.type.r18 || options.type.r18g;
  const aiAuthors = new Set(options.aiAuthorIds ?? []);
  let mangaAuthors = new Set<number>();
  if (options.hideManga) {
    const counts = new Map<number, { manga: number; all: number }>();
    for (const a of items) {
      const c = counts.get(a.author.id) ?? { manga: 0, all: 0 };
      c.all++;
      if (a.type === 'manga') c.manga++;
      counts.set(a.author.id, c);
    }
    mangaAuthors = new Set([...counts].filter(([, c]) => c.manga * 2 > c.all).map(([id]) => id));
  }
  return items.filter((a) => {
    if (options.hideBookmarked && a.is_bookmarked) return false;
    if (!adult && a.tags.some((t) => R18_TAG.test(t.name))) return false;
    if (!options.type.ai && (isAiArtwork(a) || aiAuthors.has(a.author.id))) return false;
    if (options.hideManga) {
      if (a.type === 'manga' || mangaAuthors.has(a.author.id)) return false;
      if (a.tags.some((t) => MANGA_TAG.test(t.name))) return false;
    }
    return true;
  });
}
