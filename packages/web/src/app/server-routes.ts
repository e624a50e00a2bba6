/**
 * The routes the server renders (issue 33), one entry each: the route's paths, its screen's
 * module (the client build's manifest key: the server links its stylesheets into the page),
 * whether the path's params render at all, and the seeds that put each first-data answer (by its
 * mirror endpoint, as first-data.ts `pagePlan` fetches it) into the query its screen reads.
 * Adding a route is one entry here and its first calls in `pagePlan`.
 *
 * A page renders only when every answer seeds its query: an answer of a work the user's content
 * settings hide (the first-paint cookie's, else the defaults) seeds nothing, so such a work is
 * never in a page the server renders (the shell, as without server rendering).
 */
import type { QueryKey } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router';
import {
  COMMENTS_FIRST_PAGE,
  DEFAULT_CONTENT_SETTINGS,
  commentPage,
  SEARCH_DURATIONS,
  SEARCH_MODES,
  SEARCH_ORDERS,
  DISCOVERY_CARD_SIZE,
  discoveryMode,
  isHiddenByContent,
  isRankTypeVisible,
  isLimitPlaceholder,
  normaliseIllust,
  normaliseNovel,
  normaliseNovelText,
  normaliseUserDetail,
  RANDOM_ILLUST_LAST_PAGE,
  RANDOM_NOVEL_RANK_MODES,
  RANDOM_MANGA_RANK_MODES,
  RANDOM_RANK_MODES,
  rankTypeOf,
  SPOTLIGHT_LANGS,
  SPOTLIGHT_TABS,
  spotlightRedirectsToArticle,
  type Artwork,
  type ContentSettings,
  type FilterableItem,
  type RawIllust,
  type RawIllustListResponse,
  type RawIllustSeriesResponse,
  type RawNovel,
  type RawNovelListResponse,
  type RawNovelSeriesResponse,
  type RawUserDetailResponse,
  type RawWebviewNovel,
  type SearchFilters,
  type SpotlightDetail,
  type SpotlightLang,
  type SpotlightList,
  type SpotlightTab,
} from '@pv/core';
import {
  discoveryCard,
  discoveryCardKey,
  discoveryKey,
  discoveryPage,
  recommendedUsers,
  recommendedUsersKey,
  type DiscoveryBody,
  type RecommendedUsersBody,
} from '../state/queries/discovery.ts';
import {
  drawnRandomSeed,
  randomKey,
  randomPage,
  rankingHeadKey,
  recommendedKey,
} from '../state/queries/home.ts';
import { commentKeys, commentRootsPage, type WebCommentsBody } from '../state/queries/comments.ts';
import { illustKey } from '../state/queries/illust.ts';
import { artworkListKeys, relatedPage } from '../state/queries/artwork-lists.ts';
import { LIVES_KEY, liveListPage, type RawLiveList } from '../state/queries/lives.ts';
import { novelKey, novelTextKey } from '../state/queries/novel.ts';
import {
  NOVEL_SEARCH_MODES,
  NOVEL_RECOMMENDED_KEY,
  novelListPage,
  novelRankingHeadKey,
  novelRankingKey,
  novelSearchKey,
  randomNovelsKey,
  randomNovelsPage,
} from '../state/queries/novels.ts';
import { rankingKey, rankingPage } from '../state/queries/ranking.ts';
import {
  SENSITIVE_WORDS_KEY,
  popularPreviewKey,
  searchKey,
  sensitiveWordsOf,
} from '../state/queries/search.ts';
import {
  illustSeriesHead,
  illustSeriesPage,
  novelSeriesHead,
  novelSeriesPage,
  seriesKeys,
} from '../state/queries/series.ts';
import { spotlightKeys, spotlightListPage } from '../state/queries/spotlights.ts';
import { bookmarkListPage, memberTags, userKeys } from '../state/queries/users.ts';
import { isNovelRankMode, isNovelRankModeVisible } from '../screens/RankNovel/novel-rank-types.ts';

/** A query's key and data, as its own fetcher would have left them. */
export interface Seeded {
  key: QueryKey;
  data: unknown;
}

/**
 * How one first-data answer seeds a query: null for an answer that renders nothing (malformed, an
 * error, a work the user's content settings hide); it may throw on a malformed one. One answer may
 * seed several queries (a novel series' head and its first novels), each by its own seed.
 */
export interface Seed {
  /**
   * A mirror endpoint by name (`rank`, as `/api/pixiv/rank`), or one of this server's own routes
   * by its path pattern (`/api/spotlight/:id`), whose path params come with the query's.
   */
  endpoint: string;
  seed(answer: unknown, params: URLSearchParams, content: ContentSettings): Seeded | null;
}

export interface ServerRoute {
  /** Paths as the route table (routes.tsx) names them, aliases too. */
  paths: string[];
  /** The screen's module, as the client build's manifest names it. */
  screen: string;
  /** Whether the path's params render on the server for these content settings; absent: always. */
  renders?: (params: Params, content: ContentSettings) => boolean;
  seeds: Seed[];
}

/**
 * Whether the user's content settings show `item`. A user who blocks tags or authors gets no
 * server render at all (the first-paint cookie cannot carry the lists), so no block list here.
 */
const shown = (item: FilterableItem, content: ContentSettings) =>
  !isHiddenByContent(item, { content, blocks: { tags: [], authorIds: [] } });

/** A list's first page, as the list engine (usePagedList) holds it. */
const firstPage = (page: unknown) => ({ pages: [page], pageParams: [{ page: 1 }] });

const rankingFirstPage: Seed = {
  endpoint: 'rank',
  seed(answer, params) {
    const mode = params.get('mode');
    const date = params.get('date');
    if (params.get('page') !== '1' || !mode || !date) return null;
    return {
      key: rankingKey(mode, date),
      data: firstPage(rankingPage(answer as RawIllustListResponse)),
    };
  },
};

const artworkDetail: Seed = {
  endpoint: 'illust',
  seed(answer, _params, content) {
    const artwork: Artwork = normaliseIllust((answer as { illust: RawIllust }).illust);
    const first = artwork.images[0];
    // a limit placeholder is rebuilt from the web detail by the app (useIllust): not here
    if (!first || isLimitPlaceholder(first.l) || isLimitPlaceholder(first.m)) return null;
    return shown(artwork, content) ? { key: illustKey(artwork.id), data: artwork } : null;
  },
};

/**
 * An artwork's first comments (Comments' `useCommentRoots` on the page: page 1 of its first 3
 * roots), which the server asks for with the detail.
 */
const artworkComments: Seed = {
  endpoint: '/api/web/illust_comment_roots',
  seed(answer, params) {
    const id = Number(params.get('illust_id'));
    const { offset, limit } = commentPage(1, COMMENTS_FIRST_PAGE);
    if (params.get('offset') !== String(offset) || params.get('limit') !== String(limit))
      return null;
    return {
      key: commentKeys.roots(id, COMMENTS_FIRST_PAGE),
      data: { pages: [commentRootsPage(answer as WebCommentsBody)], pageParams: [1] },
    };
  },
};

/** An artwork's first page of related works (RelatedWorks' `useRelatedWorks`), asked for with it. */
const artworkRelated: Seed = {
  endpoint: 'related',
  seed(answer, params) {
    if (params.get('page') !== '1' || params.has('nextUrl')) return null;
    const id = Number(params.get('id'));
    return {
      key: artworkListKeys.related(id),
      data: firstPage(relatedPage(answer as RawIllustListResponse)),
    };
  },
};

/**
 * The artwork's author's newest works (AuthorWorks' `useAuthorWorks`: `member_illust` by the id
 * alone), which the server asks for once the detail names the author; the row filters them as it
 * renders.
 */
const artworkAuthorWorks: Seed = {
  endpoint: 'member_illust',
  seed(answer, params) {
    const id = Number(params.get('id'));
    if ([...params.keys()].some((key) => key !== 'id') || !(id > 0)) return null;
    return {
      key: artworkListKeys.authorWorks(id),
      data: (answer as RawIllustListResponse).illusts.map(normaliseIllust),
    };
  },
};

const novelDetail: Seed = {
  endpoint: 'novel_detail',
  seed(answer, _params, content) {
    const novel = normaliseNovel((answer as { novel: RawNovel }).novel);
    return shown(novel, content) ? { key: novelKey(novel.id), data: novel } : null;
  },
};

const novelText: Seed = {
  endpoint: 'webview_novel',
  seed(answer, params) {
    const id = Number(params.get('id'));
    return { key: novelTextKey(id), data: normaliseNovelText(answer as RawWebviewNovel) };
  },
};

const userDetail: Seed = {
  endpoint: 'member',
  seed(answer) {
    const user = normaliseUserDetail(answer as RawUserDetailResponse);
    return { key: userKeys.detail(user.id), data: user };
  },
};

/** A user's first page of illustrations (the profile's first tab, when the user has any). */
const userWorks: Seed = {
  endpoint: 'member_illust',
  seed(answer, params) {
    const id = Number(params.get('id'));
    const type = params.get('illust_type');
    if (params.get('page') !== '1' || (type !== 'illust' && type !== 'manga')) return null;
    const page = rankingPage(answer as RawIllustListResponse);
    return { key: userKeys.works(id, type), data: firstPage(page) };
  },
};

/** The author's tags above the works (UserTagFilter, `useUserTags`). */
const userTags: Seed = {
  endpoint: '/api/web/user_tags',
  seed(answer, params) {
    return {
      key: userKeys.tags(Number(params.get('id'))),
      data: memberTags(answer as { body?: unknown }),
    };
  },
};

/** A user's first page of novels (the author list's). */
const userNovels: Seed = {
  endpoint: 'member_novel',
  seed(answer, params) {
    if (params.get('page') !== '1') return null;
    const page = novelListPage(answer as RawNovelListResponse);
    return { key: userKeys.novels(Number(params.get('id'))), data: firstPage(page) };
  },
};

/** A user's first page of public bookmarks, of illustrations or of novels (no cursor yet). */
const userBookmarks: Seed[] = [
  {
    endpoint: 'favorite',
    seed(answer, params) {
      if (params.has('max_bookmark_id')) return null;
      const { illusts, next_url } = answer as RawIllustListResponse;
      const page = bookmarkListPage(illusts.map(normaliseIllust), next_url);
      return { key: userKeys.favorites(Number(params.get('id'))), data: firstPage(page) };
    },
  },
  {
    endpoint: 'favorite_novel',
    seed(answer, params) {
      if (params.has('max_bookmark_id')) return null;
      const { novels, next_url } = answer as RawNovelListResponse;
      const page = bookmarkListPage(novels.map(normaliseNovel), next_url);
      return { key: userKeys.favoriteNovels(Number(params.get('id'))), data: firstPage(page) };
    },
  },
];

/**
 * An illust series' head (its first page's answer without `page`, as `useIllustSeriesHead` asks)
 * and its first page of works (with `page=1`): two calls, one cache entry upstream.
 */
const illustSeries: Seed[] = [
  {
    endpoint: 'illust_series',
    seed(answer, params) {
      if (params.has('page')) return null;
      const head = illustSeriesHead(answer as RawIllustSeriesResponse);
      return { key: seriesKeys.illustHead(Number(params.get('id'))), data: head };
    },
  },
  {
    endpoint: 'illust_series',
    seed(answer, params) {
      if (params.get('page') !== '1') return null;
      const page = illustSeriesPage(answer as RawIllustSeriesResponse);
      return { key: seriesKeys.illust(Number(params.get('id'))), data: firstPage(page) };
    },
  },
];

/** A novel series' head and its first novels, both from its first answer (no `last_order`). */
const novelSeries: Seed[] = [
  {
    endpoint: 'novel_series',
    seed(answer, params) {
      if (params.has('last_order')) return null;
      const head = novelSeriesHead(answer as RawNovelSeriesResponse);
      return { key: seriesKeys.novelHead(Number(params.get('id'))), data: head };
    },
  },
  {
    endpoint: 'novel_series',
    seed(answer, params) {
      if (params.has('last_order')) return null;
      const page = novelSeriesPage(answer as RawNovelSeriesResponse, 0);
      return { key: seriesKeys.novel(Number(params.get('id'))), data: firstPage(page) };
    },
  },
];

const isSpotlightLang = (lang: string | null): lang is SpotlightLang =>
  (SPOTLIGHT_LANGS as readonly (string | null)[]).includes(lang);

/** A pixivision tab's first page (this server's `/api/spotlights`), in the interface's language. */
const spotlightList: Seed = {
  endpoint: '/api/spotlights',
  seed(answer, params) {
    const type = params.get('type') as SpotlightTab | null;
    const lang = params.get('lang');
    if (!answer || params.get('page') !== '1' || !isSpotlightLang(lang)) return null;
    if (!type || !SPOTLIGHT_TABS.includes(type)) return null;
    const page = spotlightListPage(answer as SpotlightList);
    return { key: spotlightKeys.list(type, lang), data: firstPage(page) };
  },
};

/** The home's pixivision row (SpotlightRow, `useSpotlightHead`): all articles' first page. */
const spotlightHead: Seed = {
  endpoint: '/api/spotlights',
  seed(answer, params) {
    const lang = params.get('lang');
    if (!answer || params.has('type') || params.get('page') !== '1' || !isSpotlightLang(lang))
      return null;
    return { key: spotlightKeys.head(lang), data: answer as SpotlightList };
  },
};

/**
 * A pixivision article (`/api/spotlight/{id}`; null: pixivision has none). Its body is
 * pixivision's HTML, sanitised by the screen as in the app (lib/safe-html.ts, over jsdom on the
 * server). The illustration variant of an article it sends to the article variant renders
 * nothing: the app redirects.
 */
const spotlightArticle = (variant: 'illust' | 'article'): Seed => ({
  endpoint: '/api/spotlight/:id',
  seed(answer, params) {
    const detail = answer as SpotlightDetail | null;
    const lang = params.get('lang');
    if (!detail || !isSpotlightLang(lang)) return null;
    if (variant === 'illust' && spotlightRedirectsToArticle(detail)) return null;
    return { key: spotlightKeys.article(Number(params.get('id')), lang), data: detail };
  },
});

const novelRankingFirstPage: Seed = {
  endpoint: 'rank_novel',
  seed(answer, params) {
    const mode = params.get('mode');
    const date = params.get('date');
    if (params.get('page') !== '1' || !mode || !date) return null;
    const page = novelListPage(answer as RawNovelListResponse);
    return { key: novelRankingKey(mode, date), data: firstPage(page) };
  },
};

/** `value` when it is one of `allowed` (a search filter the screen reads from the URL). */
const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  (allowed as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

/**
 * The search filters of a search call's params (first-data.ts `pagePlan` builds them from the
 * URL as the screen does); an order the call names `sort` in the novel search.
 */
function searchFiltersOf(params: URLSearchParams, order: 'order' | 'sort') {
  const date = (name: string) => params.get(name) ?? undefined;
  return {
    order: oneOf(SEARCH_ORDERS, params.get(order)),
    duration: oneOf(SEARCH_DURATIONS, params.get('duration')),
    start_date: date('start_date'),
    end_date: date('end_date'),
  };
}

/** A search's first page (SearchResultsScreen, `useIllustSearch`), its key from the call's params. */
const illustSearchFirstPage: Seed = {
  endpoint: 'search',
  seed(answer, params) {
    const word = params.get('word');
    const mode = oneOf(SEARCH_MODES, params.get('mode'));
    const { order, ...dates } = searchFiltersOf(params, 'order');
    if (params.get('page') !== '1' || !word || !mode || !order) return null;
    const filters: SearchFilters = { mode, order, ...dates };
    const hideAi = params.get('search_ai_type') === '1';
    return {
      key: searchKey({ word, hideAi, filters }),
      data: firstPage(rankingPage(answer as RawIllustListResponse)),
    };
  },
};

/** A search's popular works (SearchResultsScreen in self-hosted mode, `usePopularPreview`). */
const popularPreview: Seed = {
  endpoint: 'popular_preview',
  seed(answer, params) {
    const word = params.get('word');
    const mode = oneOf(SEARCH_MODES, params.get('mode'));
    if (!word || !mode) return null;
    const works = (answer as RawIllustListResponse).illusts.map(normaliseIllust);
    return { key: popularPreviewKey(word, mode), data: works };
  },
};

/** A novel search's first page (SearchNovelResultsScreen, `useNovelSearch`). */
const novelSearchFirstPage: Seed = {
  endpoint: 'search_novel',
  seed(answer, params) {
    const word = params.get('word');
    const mode = oneOf(NOVEL_SEARCH_MODES, params.get('mode'));
    const { order: sort, ...dates } = searchFiltersOf(params, 'sort');
    if (params.get('page') !== '1' || !word || !mode || !sort) return null;
    const hideAi = params.get('search_ai_type') === '1';
    return {
      key: novelSearchKey({ word, hideAi, mode, sort, ...dates }),
      data: firstPage(novelListPage(answer as RawNovelListResponse)),
    };
  },
};

/**
 * The sensitive-word list the search screens check a keyword against before they search
 * (`useSensitiveWords`); the server planned the search with the same list.
 */
const sensitiveWords: Seed = {
  endpoint: '/api/sensitive-words',
  seed: (answer) => ({ key: SENSITIVE_WORDS_KEY, data: sensitiveWordsOf(answer) }),
};

const liveListFirstPage: Seed = {
  endpoint: 'live_list',
  seed(answer, params) {
    if (params.get('page') !== '1') return null;
    return { key: LIVES_KEY, data: firstPage(liveListPage(answer as RawLiveList)) };
  },
};

/**
 * Discovery's first set (DiscoveryScreen, `useDiscoveryList` before any shuffle): a fresh random
 * set on every call, so the app must take the server's, never ask again.
 */
const discoveryFirstPage: Seed = {
  endpoint: '/api/web/discovery',
  seed(answer, params, content) {
    const mode = discoveryMode(content);
    if (params.get('mode') !== mode) return null;
    return {
      key: discoveryKey(mode, 0),
      data: firstPage(discoveryPage(answer as DiscoveryBody, 1)),
    };
  },
};

/**
 * Discovery's users (`?tab=users`, DiscoveryUsers' `useRecommendedUsers` before any shuffle): the
 * recommended users, as the app would take them; the part leaves out what the settings hide.
 */
const discoveryUsers: Seed = {
  endpoint: 'user_recommended',
  seed(answer) {
    return {
      key: recommendedUsersKey(0),
      data: recommendedUsers(answer as RecommendedUsersBody),
    };
  },
};

/**
 * The illust home's discovery card in self-hosted mode (`useDiscoveryCard`): a random set drawn
 * anew on every call, so the app must take the server's (first-data.ts keeps the render a minute).
 */
const discoveryCardSet: Seed = {
  endpoint: '/api/web/discovery',
  seed(answer, params, content) {
    const mode = discoveryMode(content);
    if (params.get('mode') !== mode || params.get('limit') !== String(DISCOVERY_CARD_SIZE))
      return null;
    return { key: discoveryCardKey(mode), data: discoveryCard(answer as DiscoveryBody) };
  },
};

/**
 * A home's recommended row in self-hosted mode (`useRecommended`): the first page, asked for
 * without arguments; the screen's row leaves out what the user's settings hide.
 */
const recommendedRow = (kind: 'illust' | 'manga'): Seed => ({
  endpoint: `${kind}_recommended`,
  seed(answer, params) {
    if (params.size > 0) return null;
    const works = (answer as RawIllustListResponse).illusts.map(normaliseIllust);
    return { key: recommendedKey(kind), data: works };
  },
});

/** The novel home's recommended row in self-hosted mode (`useRecommendedNovels`). */
const recommendedNovels: Seed = {
  endpoint: 'novel_recommended',
  seed(answer, params) {
    if (params.size > 0) return null;
    const novels = novelListPage(answer as RawNovelListResponse).items;
    return { key: NOVEL_RECOMMENDED_KEY, data: novels };
  },
};

/**
 * A home's ranking row: the ranking's first page, asked for without a page number
 * (`useRankingHead`); the screen's row leaves out what the user's settings hide.
 */
const rankingHead: Seed = {
  endpoint: 'rank',
  seed(answer, params) {
    const mode = params.get('mode');
    const date = params.get('date');
    if (params.has('page') || !mode || !date) return null;
    const works = (answer as RawIllustListResponse).illusts.map(normaliseIllust);
    return { key: rankingHeadKey(mode, date), data: works };
  },
};

/**
 * A random feed's first page as the server drew it for its render: a ranking of one of `modes`,
 * asked for with its page number (first-data.ts `randomFirstPage`; the ranking row's call has
 * none), kept under a seed naming the draw (`keyOf`), which the app's list then shows.
 */
const drawnFirstPage = (
  endpoint: 'rank' | 'rank_novel',
  modes: readonly string[],
  keyOf: (seed: string) => QueryKey,
  pageOf: (answer: unknown) => unknown,
): Seed => ({
  endpoint,
  seed(answer, params) {
    const mode = params.get('mode');
    const date = params.get('date');
    if (params.get('page') !== '1' || !mode || !date || !modes.includes(mode)) return null;
    return { key: keyOf(drawnRandomSeed(mode, date)), data: firstPage(pageOf(answer)) };
  },
});

/** An illust or manga home's random feed's first page (`useRandomList`). */
const randomFirstPage = (modes: readonly string[], lastPage: number): Seed =>
  drawnFirstPage(
    'rank',
    modes,
    (seed) => randomKey(modes, seed),
    (answer) => randomPage(answer as RawIllustListResponse, 1, lastPage),
  );

/** The novel home's random feed's first page (`useRandomNovels`). */
const randomNovelsFirstPage = drawnFirstPage(
  'rank_novel',
  RANDOM_NOVEL_RANK_MODES,
  randomNovelsKey,
  (answer) => randomNovelsPage(answer as RawNovelListResponse, 1),
);

/** The novel home's ranking row (`useNovelRankingHead`), as `rankingHead`. */
const novelRankingHead: Seed = {
  endpoint: 'rank_novel',
  seed(answer, params) {
    const mode = params.get('mode');
    const date = params.get('date');
    if (params.has('page') || !mode || !date) return null;
    const novels = novelListPage(answer as RawNovelListResponse).items;
    return { key: novelRankingHeadKey(mode, date), data: novels };
  },
};

export const SERVER_ROUTES: ServerRoute[] = [
  // The homes: their first row from the server, and the spotlights, the rows of self-hosted mode
  // (the server's config says whether there are any) and the random feed's first page when they
  // come in time; a part that does not is loading, on the server and in the app's adoption of
  // its markup alike, and asked for once the app runs.
  {
    paths: ['/', '/home', '/index', '/index.html'],
    screen: 'src/screens/Home/HomeScreen.tsx',
    seeds: [
      rankingHead,
      spotlightHead,
      discoveryCardSet,
      recommendedRow('illust'),
      randomFirstPage(RANDOM_RANK_MODES, RANDOM_ILLUST_LAST_PAGE),
    ],
  },
  {
    paths: ['/home_manga'],
    screen: 'src/screens/Home/HomeMangaScreen.tsx',
    seeds: [
      rankingHead,
      recommendedRow('manga'),
      randomFirstPage(RANDOM_MANGA_RANK_MODES, RANDOM_ILLUST_LAST_PAGE),
    ],
  },
  {
    paths: ['/home_novel'],
    screen: 'src/screens/HomeNovel/HomeNovelScreen.tsx',
    seeds: [novelRankingHead, recommendedNovels, randomNovelsFirstPage],
  },
  {
    paths: ['/rank/:type'],
    screen: 'src/screens/Rank/RankScreen.tsx',
    // a ranking the user's settings hide (R-18, R-18G or AI by default): its app page is a 404
    renders: ({ type }, content) => {
      const rank = rankTypeOf(type);
      return !!rank && isRankTypeVisible(rank, content);
    },
    seeds: [rankingFirstPage],
  },
  {
    paths: ['/artworks/:id', '/illust/:id', '/i/:id'],
    screen: 'src/screens/Artwork/ArtworkScreen.tsx',
    seeds: [artworkDetail, artworkComments, artworkRelated, artworkAuthorWorks],
  },
  {
    paths: ['/novel/:id', '/n/:id'],
    screen: 'src/screens/Novel/NovelScreen.tsx',
    seeds: [novelDetail, novelText],
  },
  {
    paths: ['/users/:id', '/u/:id'],
    screen: 'src/screens/User/UserScreen.tsx',
    // its tab's first page (`?tab=`): the works, the novels or the bookmarks; the author's tags
    seeds: [userDetail, userWorks, userNovels, ...userBookmarks, userTags],
  },
  {
    paths: ['/rank_novel/:type'],
    screen: 'src/screens/RankNovel/RankNovelScreen.tsx',
    // a mode's own name (a ranking type name redirects to it), of the modes the user's settings show
    renders: ({ type }, content) => isNovelRankMode(type) && isNovelRankModeVisible(type, content),
    seeds: [novelRankingFirstPage],
  },
  {
    paths: [
      '/users/:id/artworks',
      '/users/:id/illustrations',
      '/users/:id/novels',
      '/users/:id/favorites',
      '/users/:id/bookmarks/artworks',
      '/users/:id/favorite_novels',
      '/users/:id/bookmarks/novels',
    ],
    screen: 'src/screens/User/AuthorListScreen.tsx',
    seeds: [userDetail, userWorks, userNovels, ...userBookmarks],
  },
  {
    paths: ['/user/:uid/series/:sid'],
    screen: 'src/screens/Series/IllustSeriesScreen.tsx',
    seeds: illustSeries,
  },
  {
    paths: ['/novel/series/:id'],
    screen: 'src/screens/Series/NovelSeriesScreen.tsx',
    seeds: novelSeries,
  },
  {
    paths: ['/spotlights', '/pixivision'],
    screen: 'src/screens/Spotlight/SpotlightsScreen.tsx',
    seeds: [spotlightList],
  },
  {
    paths: ['/spotlight/:id', '/sp/:id'],
    screen: 'src/screens/Spotlight/SpotlightScreen.tsx',
    seeds: [spotlightArticle('illust')],
  },
  {
    paths: ['/a/:id', '/pixivision/:id'],
    screen: 'src/screens/Spotlight/SpotlightArticleScreen.tsx',
    seeds: [spotlightArticle('article')],
  },
  {
    paths: ['/search/:keyword', '/s/:keyword'],
    screen: 'src/screens/SearchResults/SearchResultsScreen.tsx',
    seeds: [illustSearchFirstPage, popularPreview, sensitiveWords],
  },
  {
    paths: ['/search_novel/:keyword'],
    screen: 'src/screens/SearchNovelResults/SearchNovelResultsScreen.tsx',
    seeds: [novelSearchFirstPage, sensitiveWords],
  },
  {
    paths: ['/lives'],
    screen: 'src/screens/Live/LivesScreen.tsx',
    seeds: [liveListFirstPage],
  },
  {
    paths: ['/discovery'],
    screen: 'src/screens/Discovery/DiscoveryScreen.tsx',
    seeds: [discoveryFirstPage, discoveryUsers],
  },
];

/** A path's first segment, lower-cased (`rank` of `/rank/daily`; '' of `/`). */
const firstSegment = (path: string) => (path.split('/')[1] ?? '').toLowerCase();

/**
 * Each route's patterns in order, with their first segment (null: a parameter), so that a URL is
 * matched against the patterns that can match it: `matchPath` makes a pattern's regular expression
 * on every call, and every pattern of the table took 0.2–0.3 ms a page request.
 */
const PATTERNS = SERVER_ROUTES.flatMap((route) =>
  route.paths.map((pattern) => ({
    route,
    pattern,
    first: pattern.split('/')[1]?.startsWith(':') ? null : firstSegment(pattern),
  })),
);

/**
 * The entry of `url` (path and query) for a user with these content settings (the first-paint
 * cookie's; the defaults without it), or null where the server renders nothing.
 */
export function serverRouteOf(
  url: string,
  content: ContentSettings = DEFAULT_CONTENT_SETTINGS,
): ServerRoute | null {
  const path = url.split(/[?#]/)[0] ?? '';
  const first = firstSegment(path);
  for (const { route, pattern, first: its } of PATTERNS) {
    if (its !== null && its !== first) continue;
    const match = matchPath({ path: pattern, end: true }, path);
    if (match) return !route.renders || route.renders(match.params, content) ? route : null;
  }
  return null;
}
