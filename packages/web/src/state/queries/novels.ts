/**
 * Novels (spec 000 §2 Novel home, Ranking, Search; §7): rankings, recommended and new novels, the
 * random feed, novel search and the novel trending tags, each cached as long as the spec says.
 * Every list is named by a descriptor (`novel-ranking|day|2026-11-20`); the screens filter items
 * with core's content filter.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  NOVEL_RANK_MODES,
  NOVEL_SEARCH_MODES,
  RANDOM_NOVEL_LAST_PAGE,
  RANDOM_NOVEL_RANK_MODES,
  normaliseIllust,
  pickRandomRanking,
  randomListHasMore,
  normaliseNovel,
  searchAiType,
  type Artwork,
  type Novel,
  type NovelRankMode,
  type RawIllust,
  type RawNovelListResponse,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiParams } from '../api/client.ts';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';
import { drawnSeedIn } from './home.ts';

export const NOVEL_RANKING_STALE_MS = CACHE_TTL_SECONDS.rankings * 1000;
export const NOVEL_SEARCH_STALE_MS = CACHE_TTL_SECONDS.searches * 1000;
export const NOVEL_RECOMMENDED_STALE_MS = CACHE_TTL_SECONDS.recommendations * 1000;
export const NOVEL_LATEST_STALE_MS = CACHE_TTL_SECONDS.latest * 1000;

/** Novel ranking modes (spec 000 §9): core's (a server render draws the random novels from them). */
export { NOVEL_RANK_MODES, RANDOM_NOVEL_RANK_MODES, type NovelRankMode };

/** The novel ranking that the novel category and the home's view-more link lead to. */
export const NOVEL_RANK_DEFAULT: NovelRankMode = 'day';

/** Novel search targets: core's (a server render plans a novel search with them too). */
export { NOVEL_SEARCH_MODES };
export type NovelSearchMode = (typeof NOVEL_SEARCH_MODES)[number];

export interface NovelSearch {
  word: string;
  /** search_ai_type=1: upstream leaves AI-generated novels out. */
  hideAi: boolean;
  mode: NovelSearchMode;
  sort: 'date_desc' | 'date_asc';
  duration?: string;
  start_date?: string;
  end_date?: string;
}

/** The list descriptor of a novel search. */
export function novelSearchKey(s: NovelSearch) {
  return [
    'search-novel',
    s.word,
    s.hideAi,
    s.mode,
    s.sort,
    s.duration ?? '',
    s.start_date ?? '',
    s.end_date ?? '',
  ] as const;
}

/**
 * The mirror query of one page of a novel search. HibiAPI names the order `sort` here (`order`
 * in the illust search).
 */
export function novelSearchParams(s: NovelSearch, page: number): ApiParams {
  return {
    word: s.word,
    page,
    mode: s.mode,
    sort: s.sort,
    duration: s.duration,
    start_date: s.start_date,
    end_date: s.end_date,
    search_ai_type: searchAiType(s.hideAi),
  };
}

/** The list descriptor of a novel ranking: `novel-ranking|day|2026-11-20`. */
export function novelRankingKey(mode: string, date: string) {
  return ['novel-ranking', mode, date] as const;
}

/** One page of a novel list as the list engine holds it, from the mirror's answer. */
export const novelListPage = (data: RawNovelListResponse): ListPage<Novel> => ({
  items: data.novels.map(normaliseNovel),
  hasMore: data.next_url != null,
});

/** A ranking of novels, paged 30 at a time. */
export function useNovelRankingList(mode: string, date: string) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: novelRankingKey(mode, date),
    staleTime: NOVEL_RANKING_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal) =>
      novelListPage(
        unwrap(await api.get<RawNovelListResponse>('rank_novel', { mode, date, page }, signal)),
      ),
  });
}

/** The key of a novel ranking's first page as the novel home's ranking row holds it. */
export function novelRankingHeadKey(mode: string, date: string) {
  return [...novelRankingKey(mode, date), 'head'] as const;
}

/** The first page of a novel ranking (the home's top 10). */
export function useNovelRankingHead(mode: string, date: string) {
  const api = useApi();
  return useQuery({
    queryKey: novelRankingHeadKey(mode, date),
    staleTime: NOVEL_RANKING_STALE_MS,
    queryFn: async ({ signal }): Promise<Novel[]> =>
      novelListPage(
        unwrap(await api.get<RawNovelListResponse>('rank_novel', { mode, date }, signal)),
      ).items,
  });
}

/** Recommended novels, first page. */
/** The novel home's recommended row's key (the server's render seeds it). */
export const NOVEL_RECOMMENDED_KEY = ['novel-recommended'] as const;

export function useRecommendedNovels(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: NOVEL_RECOMMENDED_KEY,
    staleTime: NOVEL_RECOMMENDED_STALE_MS,
    enabled,
    queryFn: async ({ signal }): Promise<Novel[]> =>
      novelListPage(unwrap(await api.get<RawNovelListResponse>('novel_recommended', {}, signal)))
        .items,
  });
}

/** The newest novels; fetched only once the user asks for them. */
export function useLatestNovels(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['novel-new'],
    staleTime: NOVEL_LATEST_STALE_MS,
    enabled,
    queryFn: async ({ signal }): Promise<Novel[]> =>
      novelListPage(unwrap(await api.get<RawNovelListResponse>('novel_new', {}, signal))).items,
  });
}

/**
 * What page `page` of the random novel feed asks for: a random novel ranking 2 to 14 days back,
 * and whether more pages follow (the feed is finished after page 4).
 */
export function randomNovelPage(page: number, now: Date, random: () => number = Math.random) {
  return {
    ...pickRandomRanking(now, RANDOM_NOVEL_RANK_MODES, random),
    hasMore: randomListHasMore(page, RANDOM_NOVEL_LAST_PAGE),
  };
}

/** The random novels' query key, by the list's seed (`useRandomNovels`). */
const RANDOM_NOVELS = 'novel-random';
export const randomNovelsKey = (seed: string) => [RANDOM_NOVELS, seed] as const;

/** A page of random novels from its ranking's answer, as the list keeps it. */
export function randomNovelsPage(data: RawNovelListResponse, page: number): ListPage<Novel> {
  return {
    items: data.novels.map(normaliseNovel),
    hasMore: randomListHasMore(page, RANDOM_NOVEL_LAST_PAGE),
  };
}

/**
 * Random novels: each page a random ranking; `seed` keeps one visit's feed stable. A feed the
 * server drew for the page it rendered is shown instead (`drawnSeedIn`), as `useRandomList` does.
 */
export function useRandomNovels(seed: string) {
  const api = useApi();
  const client = useQueryClient();
  const [listSeed] = useState(() => drawnSeedIn(client, [RANDOM_NOVELS]) ?? seed);
  return usePagedList<Novel>({
    queryKey: randomNovelsKey(listSeed),
    staleTime: Infinity,
    throttleMs: LIST_THROTTLE_MS.random,
    fetchPage: async (page, signal) => {
      const { mode, date } = randomNovelPage(page, new Date());
      const data = unwrap(
        await api.get<RawNovelListResponse>('rank_novel', { mode, date }, signal),
      );
      return randomNovelsPage(data, page);
    },
  });
}

/** Novel search results, paged; 2500 ms between pages (spec 000 §9). */
export function useNovelSearch(search: NovelSearch, enabled: boolean) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: novelSearchKey(search),
    staleTime: NOVEL_SEARCH_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.novelSearch,
    enabled,
    fetchPage: async (page, signal) =>
      novelListPage(
        unwrap(
          await api.get<RawNovelListResponse>(
            'search_novel',
            novelSearchParams(search, page),
            signal,
          ),
        ),
      ),
  });
}

export interface NovelTrendTag {
  name: string;
  translated: string | null;
  /** The tag's picture (upstream sends an illust with each novel trend tag), when present. */
  artwork: Artwork | null;
}

/** Novel trending tags: `/api/pixiv/tags_novel` (the novel tab of the search home). */
export function useNovelTrendingTags(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['trending-tags', 'novel'],
    staleTime: NOVEL_SEARCH_STALE_MS,
    enabled,
    queryFn: async ({ signal }): Promise<NovelTrendTag[]> => {
      const data = unwrap(
        await api.get<{
          trend_tags: { tag: string; translated_name: string | null; illust?: RawIllust | null }[];
        }>('tags_novel', {}, signal),
      );
      return data.trend_tags.map((t) => ({
        name: t.tag,
        translated: t.translated_name,
        artwork: t.illust ? normaliseIllust(t.illust) : null,
      }));
    },
  });
}
