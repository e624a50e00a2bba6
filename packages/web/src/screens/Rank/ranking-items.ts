import {
  AI_AUTHOR_IDS,
  filterArtworks,
  filterRanking,
  type Artwork,
  type ContentPreferences,
  type RankType,
} from '@pv/core';

export interface RankingItemsOptions {
  rankType: RankType;
  prefs: ContentPreferences;
  /** The hide-manga app setting. */
  hideManga: boolean;
  /** Filter by favourites (local-app mode). */
  hideBookmarked: boolean;
  /** The authors whose works count as AI-made; core's list unless a test gives its own. */
  aiAuthorIds?: readonly number[];
}

/**
 * The works a ranking screen shows: the user's content filter, then the ranking rules of spec 000
 * §5, with core's list of AI authors, which non-AI modes leave out along with AI works.
 */
export function rankingItems(items: Artwork[], options: RankingItemsOptions): Artwork[] {
  return filterRanking(filterArtworks(items, options.prefs), {
    type: options.rankType,
    hideManga: options.hideManga,
    hideBookmarked: options.hideBookmarked,
    aiAuthorIds: options.aiAuthorIds ?? AI_AUTHOR_IDS,
  });
}
