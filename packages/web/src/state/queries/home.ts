/**
 * The home screens' data (spec 000 §2 Home): trending tags, recommended and latest works, and the
 * random lists, each cached as long as the spec says.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  normaliseIllust,
  pickRandomRanking,
  randomListHasMore,
  type Artwork,
  type RawIllustListResponse,
  type RawTrendingTagsResponse,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

export interface TrendTag {
  name: string;
  translated: string | null;
  /** The trend's illustration, normalised. */
  artwork: Artwork;
}

/** The trending tags' query key. */
export const TRENDING_TAGS_KEY = ['trending-tags'] as const;

/** The trending tags as the query holds them, from the mirror's answer. */
export const trendTags = (data: RawTrendingTagsResponse): TrendTag[] =>
  data.trend_tags.map((t) => ({
    name: t.tag,
    translated: t.translated_name,
    artwork: normaliseIllust(t.illust),
  }));

export function useTrendingTags() {
  const api = useApi();
  return useQuery({
    queryKey: TRENDING_TAGS_KEY,
    staleTime: CACHE_TTL_SECONDS.searches * 1000,
    queryFn: async ({ signal }): Promise<TrendTag[]> =>
      trendTags(unwrap(await api.get<RawTrendingTagsResponse>('tags', {}, signal))),
  });
}

export type WorkKind = 'illust' | 'manga';

/** A home's recommended row's key (the server's render seeds it: app/server-routes.ts). */
export function recommendedKey(kind: WorkKind) {
  return ['recommended', kind] as const;
}

/** Recommended illustrations or manga, first page (the card row; self-hosted mode only). */
export function useRecommended(kind: WorkKind, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: recommendedKey(kind),
    staleTime: CACHE_TTL_SECONDS.recommendations * 1000,
    enabled,
    queryFn: async ({ signal }): Promise<Artwork[]> => {
      const name = kind === 'manga' ? 'manga_recommended' : 'illust_recommended';
      const data = unwrap(await api.get<RawIllustListResponse>(name, {}, signal));
      return data.illusts.map(normaliseIllust);
    },
  });
}

/** The latest works of a kind; only fetched once the user asks for them. */
export function useLatest(kind: WorkKind, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['latest', kind],
    staleTime: CACHE_TTL_SECONDS.latest * 1000,
    enabled,
    queryFn: async ({ signal }): Promise<Artwork[]> => {
      const data = unwrap(
        await api.get<RawIllustListResponse>('illust_new', { content_type: kind }, signal),
      );
      return data.illusts.map(normaliseIllust);
    },
  });
}

/** The key of a ranking's first page as the home's ranking row holds it. */
export function rankingHeadKey(mode: string, date: string) {
  return ['ranking', mode, date, 'head'] as const;
}

/** The first page of a ranking (the home ranking cards). */
export function useRankingHead(mode: string, date: string) {
  const api = useApi();
  return useQuery({
    queryKey: rankingHeadKey(mode, date),
    staleTime: CACHE_TTL_SECONDS.rankings * 1000,
    queryFn: async ({ signal }): Promise<Artwork[]> => {
      const data = unwrap(await api.get<RawIllustListResponse>('rank', { mode, date }, signal));
      return data.illusts.map(normaliseIllust);
    },
  });
}

/** A random list's query key: its modes and its seed (`useRandomList`). */
export const randomKey = (modes: readonly string[], seed: string) =>
  ['random', modes.join(','), seed] as const;

/** A random list's page from its ranking's answer, as the list keeps it. */
export function randomPage(
  data: RawIllustListResponse,
  page: number,
  lastPage: number,
): ListPage<Artwork> {
  return { items: data.illusts.map(normaliseIllust), hasMore: randomListHasMore(page, lastPage) };
}

/** The seed of a random list the server drew (`drawnRandomSeed`), told apart from a page load's. */
const DRAWN = 'drawn:';

/** The seed under which a server's render keeps the random list it drew from `mode` and `date`. */
export const drawnRandomSeed = (mode: string, date: string) => `${DRAWN}${mode}/${date}`;

/**
 * The seed of the random list under `prefix` (its key before the seed) that the server drew for
 * the page it rendered, when its first page is in `client` (server-routes.ts `randomFirstPage`,
 * `randomNovelsFirstPage`: in the server's render, and in the app's, hydrated from the page);
 * random lists are never persisted, so no other visit's is there.
 */
export function drawnSeedIn(client: QueryClient, prefix: readonly unknown[]): string | undefined {
  const seedOf = (key: readonly unknown[]) => String(key[prefix.length]);
  const drawn = client
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .find((q) => seedOf(q.queryKey).startsWith(DRAWN) && q.state.data !== undefined);
  return drawn && seedOf(drawn.queryKey);
}

/**
 * A random list: each page is a random ranking (mode and day) of the given modes; it finishes
 * after `lastPage`. `seed` keeps one visit's list stable across re-renders; a list the server
 * drew for the page it rendered is shown instead, so that the app adopts the server's markup.
 */
export function useRandomList(modes: readonly string[], lastPage: number, seed: string) {
  const api = useApi();
  const client = useQueryClient();
  const [listSeed] = useState(() => drawnSeedIn(client, ['random', modes.join(',')]) ?? seed);
  return usePagedList<Artwork>({
    queryKey: randomKey(modes, listSeed),
    staleTime: Infinity,
    throttleMs: LIST_THROTTLE_MS.random,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const pick = pickRandomRanking(new Date(), modes);
      const data = unwrap(
        await api.get<RawIllustListResponse>('rank', { mode: pick.mode, date: pick.date }, signal),
      );
      return randomPage(data, page, lastPage);
    },
  });
}

/** Recommended illustrations, paged (the `/osusume_illust` screen). */
export function useRecommendedList(enabled = true) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: ['recommended', 'illust', 'list'],
    enabled,
    staleTime: CACHE_TTL_SECONDS.recommendations * 1000,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const data = unwrap(
        await api.get<RawIllustListResponse>('illust_recommended', { page }, signal),
      );
      return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
    },
  });
}
