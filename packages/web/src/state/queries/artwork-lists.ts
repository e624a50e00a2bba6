/**
 * The lists of the artwork page (spec 001 §2.9): the related works, an infinite list that pages
 * by pixiv's `next_url` (the mirror's `nextUrl`) with a 1500 ms throttle and the related works'
 * lifetime, and the author's newest works for the carousel (`member_illust`, first page).
 */
import { useQuery } from '@tanstack/react-query';
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

const ROOT = 'artwork-lists';
export const RELATED_STALE_MS = CACHE_TTL_SECONDS.related * 1000;
export const AUTHOR_WORKS_STALE_MS = CACHE_TTL_SECONDS.users * 1000;

export const artworkListKeys = {
  related: (id: number) => [ROOT, 'related', id] as const,
  authorWorks: (userId: number) => [ROOT, 'author', userId] as const,
};

/** A page of related works as the list holds it (the server's render seeds the first with it). */
export function relatedPage(data: RawIllustListResponse): ListPage<Artwork> {
  return {
    items: data.illusts.map(normaliseIllust),
    hasMore: data.next_url != null,
    next: data.next_url ?? undefined,
  };
}

export function useRelatedWorks(id: number, enabled: boolean) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: artworkListKeys.related(id),
    staleTime: RELATED_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.related,
    enabled,
    fetchPage: async (page, signal, cursor): Promise<ListPage<Artwork>> => {
      const params = cursor ? { id, nextUrl: cursor } : { id, page };
      return relatedPage(unwrap(await api.get<RawIllustListResponse>('related', params, signal)));
    },
  });
}

/** The author's newest illustrations (one page of 30), for the carousel under the work. */
export function useAuthorWorks(userId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: artworkListKeys.authorWorks(userId),
    queryFn: async ({ signal }): Promise<Artwork[]> =>
      unwrap(
        await api.get<RawIllustListResponse>('member_illust', { id: userId }, signal),
      ).illusts.map(normaliseIllust),
    staleTime: AUTHOR_WORKS_STALE_MS,
    enabled: enabled && userId > 0,
    retry: false,
  });
}
