/** Illust rankings: `/api/pixiv/rank`, one page of 30 per call, cached as long as the spec says. */
import {
  CACHE_TTL_SECONDS,
  normaliseIllust,
  type Artwork,
  type RawIllustListResponse,
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

export function useRankingList(mode: string, date: string) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: rankingKey(mode, date),
    staleTime: RANKING_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const data = unwrap(
        await api.get<RawIllustListResponse>('rank', { mode, date, page }, signal),
      );
      return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
    },
  });
}
