/** Discovery (self-hosted mode): `/api/web/discovery`, a fresh random set on every call. */
import { useQuery } from '@tanstack/react-query';
import {
  DISCOVERY_CARD_SIZE,
  DISCOVERY_LAST_PAGE,
  DISCOVERY_PAGE_SIZE,
  LIST_THROTTLE_MS,
  normaliseWebThumbnail,
  randomListHasMore,
  type Artwork,
  type RawWebThumbnail,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

interface DiscoveryBody {
  body: { thumbnails: { illust: RawWebThumbnail[] } };
}

/** The discovery list: pages of 60, finished after page 3; `round` changes on shuffle. */
export function useDiscoveryList(mode: 'safe' | 'all', round: number) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: ['discovery', mode, round],
    staleTime: Infinity,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const data = unwrap(
        await api.web<DiscoveryBody>('discovery', { mode, limit: DISCOVERY_PAGE_SIZE }, signal),
      );
      return {
        items: data.body.thumbnails.illust.map(normaliseWebThumbnail),
        hasMore: randomListHasMore(page, DISCOVERY_LAST_PAGE),
      };
    },
  });
}

/** The home discovery card: 18 works (self-hosted mode only). */
export function useDiscoveryCard(mode: 'safe' | 'all', enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['discovery', 'card', mode],
    enabled,
    staleTime: 600_000,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.web<DiscoveryBody>('discovery', { mode, limit: DISCOVERY_CARD_SIZE }, signal),
      ).body.thumbnails.illust.map(normaliseWebThumbnail),
  });
}
