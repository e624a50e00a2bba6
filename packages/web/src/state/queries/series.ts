/**
 * Illust and novel series (spec 001 §2.10, §7.3): a user's series lists (`member_illust_series`,
 * `member_novel_series`), an illust series with its works (`illust_series`, paged by `page`) and a
 * novel series with its novels (`novel_series`, paged by `last_order`). Series pages load at most
 * one page every 1500 ms (spec 001 §9); a series grows with new episodes, so it is kept as long
 * as a user's lists.
 */
import { useQuery } from '@tanstack/react-query';
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  normaliseIllust,
  normaliseIllustSeries,
  normaliseNovel,
  normaliseNovelSeries,
  novelSeriesLastOrder,
  type Artwork,
  type Novel,
  type RawIllustSeriesResponse,
  type RawNovelSeriesResponse,
  type RawUserIllustSeriesResponse,
  type RawUserNovelSeriesResponse,
  type Series,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

export const SERIES_STALE_MS = CACHE_TTL_SECONDS.users * 1000;

const ROOT = 'series';
export const seriesKeys = {
  userIllust: (userId: number) => [ROOT, 'user-illust', userId] as const,
  userNovel: (userId: number) => [ROOT, 'user-novel', userId] as const,
  illust: (id: number) => [ROOT, 'illust', id] as const,
  illustHead: (id: number) => [ROOT, 'illust-head', id] as const,
  novel: (id: number) => [ROOT, 'novel', id] as const,
  novelHead: (id: number) => [ROOT, 'novel-head', id] as const,
};

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useUserIllustSeries(userId: number, enabled = true) {
  const api = useApi();
  return usePagedList<Series>({
    queryKey: seriesKeys.userIllust(userId),
    staleTime: SERIES_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(userId),
    fetchPage: async (page, signal): Promise<ListPage<Series>> => {
      const data = unwrap(
        await api.get<RawUserIllustSeriesResponse>(
          'member_illust_series',
          { id: userId, page },
          signal,
        ),
      );
      return {
        items: data.illust_series_details.map(normaliseIllustSeries),
        hasMore: data.next_url != null,
      };
    },
  });
}

export function useUserNovelSeries(userId: number, enabled = true) {
  const api = useApi();
  return usePagedList<Series>({
    queryKey: seriesKeys.userNovel(userId),
    staleTime: SERIES_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(userId),
    fetchPage: async (page, signal): Promise<ListPage<Series>> => {
      const data = unwrap(
        await api.get<RawUserNovelSeriesResponse>(
          'member_novel_series',
          { id: userId, page },
          signal,
        ),
      );
      return {
        items: data.novel_series_details.map((s) => normaliseNovelSeries(s)),
        hasMore: data.next_url != null,
      };
    },
  });
}

/** An illust series' head from any page's answer (the server's render seeds the same). */
export const illustSeriesHead = (data: RawIllustSeriesResponse): Series =>
  normaliseIllustSeries(data.illust_series_detail);

/** One page of an illust series' works as the list engine holds it. */
export const illustSeriesPage = (data: RawIllustSeriesResponse): ListPage<Artwork> => ({
  items: data.illusts.map(normaliseIllust),
  hasMore: data.next_url != null,
});

/** A novel series' head, with the first novel's cover as its cover where it has none. */
export function novelSeriesHead(data: RawNovelSeriesResponse): Series {
  const first = data.novel_series_first_novel ?? data.novels[0];
  return normaliseNovelSeries(data.novel_series_detail, first?.image_urls.medium);
}

/**
 * The page of a novel series' novels after `loaded` novels, as the list engine holds it: its
 * cursor is the count loaded with it.
 */
export function novelSeriesPage(data: RawNovelSeriesResponse, loaded: number): ListPage<Novel> {
  const hasMore = data.next_url != null && data.novels.length > 0;
  return {
    items: data.novels.map(normaliseNovel),
    hasMore,
    next: hasMore ? String(loaded + data.novels.length) : undefined,
  };
}

/** The head of an illust series: its detail, from the first page's answer. */
export function useIllustSeriesHead(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: seriesKeys.illustHead(id),
    enabled: validId(id),
    staleTime: SERIES_STALE_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<Series> =>
      illustSeriesHead(
        unwrap(await api.get<RawIllustSeriesResponse>('illust_series', { id }, signal)),
      ),
  });
}

/** An illust series' works, in the order upstream lists the series. */
export function useIllustSeriesWorks(id: number) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: seriesKeys.illust(id),
    staleTime: SERIES_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.series,
    enabled: validId(id),
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      return illustSeriesPage(
        unwrap(await api.get<RawIllustSeriesResponse>('illust_series', { id, page }, signal)),
      );
    },
  });
}

/** The head of a novel series: its detail, with the first novel's cover as its cover. */
export function useNovelSeriesHead(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: seriesKeys.novelHead(id),
    enabled: validId(id),
    staleTime: SERIES_STALE_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<Series> =>
      novelSeriesHead(
        unwrap(await api.get<RawNovelSeriesResponse>('novel_series', { id }, signal)),
      ),
  });
}

/**
 * A novel series' novels in series order, paged by `last_order`: the number of novels the list
 * holds so far (the cursor of the list engine).
 */
export function useNovelSeriesNovels(id: number) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: seriesKeys.novel(id),
    staleTime: SERIES_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.series,
    enabled: validId(id),
    fetchPage: async (_page, signal, cursor): Promise<ListPage<Novel>> => {
      const loaded = cursor ? Number(cursor) : 0;
      const params = { id, last_order: novelSeriesLastOrder(loaded) };
      const data = unwrap(await api.get<RawNovelSeriesResponse>('novel_series', params, signal));
      return novelSeriesPage(data, loaded);
    },
  });
}
