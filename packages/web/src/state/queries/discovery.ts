/**
 * Discovery (self-hosted mode): `/api/web/discovery`, a fresh random set on every call, and the
 * recommended users of `/api/pixiv/user_recommended`.
 */
import { useQuery } from '@tanstack/react-query';
import {
  DISCOVERY_CARD_SIZE,
  DISCOVERY_LAST_PAGE,
  DISCOVERY_PAGE_SIZE,
  LIST_THROTTLE_MS,
  normaliseIllust,
  normaliseWebThumbnail,
  randomListHasMore,
  type Artwork,
  type RawUserPreview,
  type RawWebThumbnail,
  type WebRecommendedUser,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

export interface DiscoveryBody {
  body: { thumbnails: { illust: RawWebThumbnail[] } };
}

/** The discovery list's key: `round` counts the shuffles (0: the first set). */
export function discoveryKey(mode: 'safe' | 'all', round: number) {
  return ['discovery', mode, round] as const;
}

/** The recommended users' key: `round` counts the shuffles (0: the first set). */
export function recommendedUsersKey(round: number) {
  return ['discovery', 'users', round] as const;
}

export interface RecommendedUsersBody {
  user_previews: RawUserPreview[];
}

/** The users of `/api/pixiv/user_recommended`'s answer, as discovery's users part shows them. */
export function recommendedUsers(data: RecommendedUsersBody): WebRecommendedUser[] {
  return data.user_previews.map((p) => ({
    id: p.user.id,
    name: p.user.name,
    avatar: p.user.profile_image_urls.medium,
    illusts: p.illusts.map(normaliseIllust),
  }));
}

/** Page `page` of the discovery list, from `/api/web/discovery`'s answer. */
export function discoveryPage(data: DiscoveryBody, page: number): ListPage<Artwork> {
  return {
    items: data.body.thumbnails.illust.map(normaliseWebThumbnail),
    hasMore: randomListHasMore(page, DISCOVERY_LAST_PAGE),
  };
}

/**
 * The discovery list: pages of 60, finished after page 3; `round` changes on shuffle. Asked for
 * only while `enabled` (the screen's artworks part is shown).
 */
export function useDiscoveryList(mode: 'safe' | 'all', round: number, enabled = true) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: discoveryKey(mode, round),
    enabled,
    staleTime: Infinity,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> =>
      discoveryPage(
        unwrap(
          await api.web<DiscoveryBody>('discovery', { mode, limit: DISCOVERY_PAGE_SIZE }, signal),
        ),
        page,
      ),
  });
}

/** The works of the home's discovery card, from its call's answer. */
export function discoveryCard(data: DiscoveryBody): Artwork[] {
  return data.body.thumbnails.illust.map(normaliseWebThumbnail);
}

/** The home's discovery card's key (the server's render seeds it: app/server-routes.ts). */
export function discoveryCardKey(mode: 'safe' | 'all') {
  return ['discovery', 'card', mode] as const;
}

/** The home discovery card: 18 works (self-hosted mode only). */
export function useDiscoveryCard(mode: 'safe' | 'all', enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: discoveryCardKey(mode),
    enabled,
    staleTime: 600_000,
    queryFn: async ({ signal }) =>
      discoveryCard(
        unwrap(
          await api.web<DiscoveryBody>('discovery', { mode, limit: DISCOVERY_CARD_SIZE }, signal),
        ),
      ),
  });
}

/**
 * Recommended users (spec 000 §7: the mirror's `/user_recommended`, getRecommendedUser), which
 * discovery's users part shows: one load, which finishes the list (spec 000 §4: "discovery users
 * after one load"); `round` changes on shuffle. Fetched only once the users part is shown.
 */
export function useRecommendedUsers(round: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: recommendedUsersKey(round),
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<WebRecommendedUser[]> =>
      recommendedUsers(unwrap(await api.get<RecommendedUsersBody>('user_recommended', {}, signal))),
  });
}
