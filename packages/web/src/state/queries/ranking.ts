/** Illust rankings: `/api/pixiv/rank`, one page of 30 per call, cached as long as the spec says. */
import {
  CACHE_TTL_SECONDS,
  normaliseIllust,
  normaliseWebRankingItem,
  type Artwork,
  type RawIllustListResponse,
  type RawWebRanking,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';
import { LIST_THROTTLE_MS } from '@pv/core';

const ROOT = 'ranking';
export const RANKING_STALE_MS = CACHE_TTL_SECONDS.rankings * 1000;

/** The list descriptor of a ranking: `ranking|day|2026-11-20`. */
export function rankingKey(mode: string, date: string) {
  return [ROOT, mode, date] as const;
}

/** One page of a ranking as the list shows it, from the mirror's answer. */
export function rankingPage(data: RawIllustListResponse): ListPage<Artwork> {
  return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
}

export function useRankingList(mode: string, date: string, enabled = true) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: rankingKey(mode, date),
    enabled,
    staleTime: RANKING_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      return rankingPage(
        unwrap(await api.get<RawIllustListResponse>('rank', { mode, date, page }, signal)),
      );
    },
  });
}

/** Web rankings (illust and ugoira categories): `/api/web/ranking`, 50 per page, up to 10 pages. */
export function useWebRankingList(
  mode: string,
  content: 'illust' | 'ugoira',
  date: string,
  enabled = true,
) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: ['web-ranking', mode, content, date],
    enabled,
    staleTime: RANKING_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const result = await api.web<RawWebRanking>(
        'ranking',
        { mode, content, date, p: page },
        signal,
      );
      // Web-proxy GETs swallow errors and give empty data (spec 000 §8): past the end, pixiv
      // answers an error, which finishes the list.
      if (result.status !== 0) return { items: [], hasMore: false };
      return {
        items: result.data.contents.map((item) => normaliseWebRankingItem(item, mode)),
        hasMore: result.data.next !== false,
      };
    },
  });
}
