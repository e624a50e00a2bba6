/** Illust search: `/api/pixiv/search`, 30 per page, cached an hour (spec 000 §7). */
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  normaliseIllust,
  type Artwork,
  type RawIllustListResponse,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

const ROOT = 'search-illust';
export const SEARCH_STALE_MS = CACHE_TTL_SECONDS.searches * 1000;

export interface IllustSearch {
  word: string;
  /** search_ai_type=1: upstream leaves AI-generated works out. */
  hideAi: boolean;
}

export function searchKey(search: IllustSearch) {
  return [ROOT, search.word, search.hideAi] as const;
}

export function useIllustSearch(search: IllustSearch, enabled: boolean) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: searchKey(search),
    staleTime: SEARCH_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.search,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const params = { word: search.word, page, search_ai_type: search.hideAi };
      const data = unwrap(await api.get<RawIllustListResponse>('search', params, signal));
      return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
    },
  });
}
