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
  DEFAULT_CONTENT_SETTINGS,
  isHiddenByContent,
  isRankTypeVisible,
  isLimitPlaceholder,
  normaliseIllust,
  normaliseNovel,
  normaliseNovelText,
  normaliseUserDetail,
  rankTypeOf,
  type Artwork,
  type ContentSettings,
  type FilterableItem,
  type RawIllust,
  type RawIllustListResponse,
  type RawNovel,
  type RawNovelListResponse,
  type RawTrendingTagsResponse,
  type RawUserDetailResponse,
  type RawWebviewNovel,
} from '@pv/core';
import { TRENDING_TAGS_KEY, rankingHeadKey, trendTags } from '../state/queries/home.ts';
import { illustKey } from '../state/queries/illust.ts';
import { novelKey, novelTextKey } from '../state/queries/novel.ts';
import { novelListPage, novelRankingHeadKey, novelRankingKey } from '../state/queries/novels.ts';
import { rankingKey, rankingPage } from '../state/queries/ranking.ts';
import { userKeys } from '../state/queries/users.ts';
import { isNovelRankMode, isNovelRankModeVisible } from '../screens/RankNovel/novel-rank-types.ts';

/** A query's key and data, as its own fetcher would have left them. */
export interface Seeded {
  key: QueryKey;
  data: unknown;
}

/**
 * How one mirror endpoint's answer seeds a query: null for an answer that renders nothing
 * (malformed, an error, a work the user's content settings hide); it may throw on a malformed one.
 */
export interface Seed {
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

/** The home's trending tags (the search box's placeholder, picked once the app runs). */
const trendingTags: Seed = {
  endpoint: 'tags',
  seed: (answer) => ({
    key: TRENDING_TAGS_KEY,
    data: trendTags(answer as RawTrendingTagsResponse),
  }),
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
  // The homes: their first row from the server; the rows of self-hosted mode (the server's
  // config says whether there are any), the spotlights and the random feed are loading, on the
  // server and in the app's adoption of its markup alike, and asked for once the app runs.
  {
    paths: ['/', '/home', '/index', '/index.html'],
    screen: 'src/screens/Home/HomeScreen.tsx',
    seeds: [trendingTags, rankingHead],
  },
  {
    paths: ['/home_manga'],
    screen: 'src/screens/Home/HomeMangaScreen.tsx',
    seeds: [rankingHead],
  },
  {
    paths: ['/home_novel'],
    screen: 'src/screens/HomeNovel/HomeNovelScreen.tsx',
    seeds: [novelRankingHead],
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
    seeds: [artworkDetail],
  },
  {
    paths: ['/novel/:id', '/n/:id'],
    screen: 'src/screens/Novel/NovelScreen.tsx',
    seeds: [novelDetail, novelText],
  },
  {
    paths: ['/users/:id', '/u/:id'],
    screen: 'src/screens/User/UserScreen.tsx',
    seeds: [userDetail, userWorks],
  },
  {
    paths: ['/rank_novel/:type'],
    screen: 'src/screens/RankNovel/RankNovelScreen.tsx',
    // a mode's own name (a ranking type name redirects to it), of the modes the user's settings show
    renders: ({ type }, content) => isNovelRankMode(type) && isNovelRankModeVisible(type, content),
    seeds: [novelRankingFirstPage],
  },
];

/**
 * The entry of `url` (path and query) for a user with these content settings (the first-paint
 * cookie's; the defaults without it), or null where the server renders nothing.
 */
export function serverRouteOf(
  url: string,
  content: ContentSettings = DEFAULT_CONTENT_SETTINGS,
): ServerRoute | null {
  const path = url.split(/[?#]/)[0] ?? '';
  for (const route of SERVER_ROUTES) {
    for (const pattern of route.paths) {
      const match = matchPath({ path: pattern, end: true }, path);
      if (match) return !route.renders || route.renders(match.params, content) ? route : null;
    }
  }
  return null;
}
