/**
 * A user's profile and lists (spec 001 §2.11, §7.3): `member` (the profile, cached 6 hours like
 * the original's profile cache, spec 001 §9), `member_illust` (illust or manga), `member_novel`,
 * `favorite` and `favorite_novel` (cursor-paged by `max_bookmark_id`), `related_member`, the
 * member tags and a tag's works (the www proxy's `user_tags`, `user_tag_works`). Member lists load
 * at most one page every 2500 ms (spec 001 §9).
 */
import { useQuery } from '@tanstack/react-query';
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  PROFILE_CACHE_SECONDS,
  normaliseIllust,
  normaliseNovel,
  normaliseUserDetail,
  normaliseUserPreview,
  normaliseWebThumbnail,
  type Artwork,
  type MemberTag,
  type Novel,
  type RawIllustListResponse,
  type RawNovelListResponse,
  type RawUserDetailResponse,
  type RawUserPreview,
  type RawWebThumbnail,
  type UserDetail,
  type UserPreview,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiClient } from '../api/client.ts';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';
import { novelListPage } from './novels.ts';

export const PROFILE_STALE_MS = PROFILE_CACHE_SECONDS * 1000;
export const USER_LISTS_STALE_MS = CACHE_TTL_SECONDS.users * 1000;
/** A user's own bookmarks change with every bookmark: kept as long as the latest works. */
export const FAVORITES_STALE_MS = CACHE_TTL_SECONDS.latest * 1000;
/** Works of a member tag per page (spec 000 §9: 48 tag works). */
export const TAG_WORKS_PAGE_SIZE = 48;

const ROOT = 'user';
export const userKeys = {
  detail: (id: number) => [ROOT, id, 'detail'] as const,
  works: (id: number, type: 'illust' | 'manga') => [ROOT, id, 'works', type] as const,
  novels: (id: number) => [ROOT, id, 'novels'] as const,
  favorites: (id: number) => [ROOT, id, 'favorites'] as const,
  favoriteNovels: (id: number) => [ROOT, id, 'favorite-novels'] as const,
  related: (id: number) => [ROOT, id, 'related'] as const,
  tags: (id: number) => [ROOT, id, 'tags'] as const,
  tagWorks: (id: number, tag: string) => [ROOT, id, 'tag-works', tag] as const,
};

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useUserDetail(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: userKeys.detail(id),
    enabled: validId(id),
    staleTime: PROFILE_STALE_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<UserDetail> =>
      normaliseUserDetail(unwrap(await api.get<RawUserDetailResponse>('member', { id }, signal))),
  });
}

/** The `max_bookmark_id` of a bookmark list's next page, read from its `next_url`. */
export function maxBookmarkId(nextUrl: string | null): string | undefined {
  if (!nextUrl) return undefined;
  try {
    return new URL(nextUrl).searchParams.get('max_bookmark_id') ?? undefined;
  } catch {
    return undefined;
  }
}

export function useUserWorks(id: number, type: 'illust' | 'manga', enabled = true) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: userKeys.works(id, type),
    staleTime: USER_LISTS_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(id),
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const data = unwrap(
        await api.get<RawIllustListResponse>(
          'member_illust',
          { id, illust_type: type, page },
          signal,
        ),
      );
      return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
    },
  });
}

export function useUserNovels(id: number, enabled = true) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: userKeys.novels(id),
    staleTime: USER_LISTS_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(id),
    fetchPage: async (page, signal): Promise<ListPage<Novel>> => {
      return novelListPage(
        unwrap(await api.get<RawNovelListResponse>('member_novel', { id, page }, signal)),
      );
    },
  });
}

/**
 * A page of a bookmark list as the list engine holds it (the server's render seeds the same): the
 * cursor of the next one comes from its `next_url`.
 */
export function bookmarkListPage<T>(items: T[], nextUrl: string | null): ListPage<T> {
  const next = maxBookmarkId(nextUrl);
  return { items, hasMore: next !== undefined, next };
}

/** One page of a bookmark list, fetched. */
async function bookmarkPage<R, T>(
  api: ApiClient,
  name: 'favorite' | 'favorite_novel',
  id: number,
  cursor: string | undefined,
  signal: AbortSignal,
  read: (data: R) => { items: T[]; next_url: string | null },
): Promise<ListPage<T>> {
  const params = { id, max_bookmark_id: cursor };
  const { items, next_url } = read(unwrap(await api.get<R>(name, params, signal)));
  return bookmarkListPage(items, next_url);
}

/** A user's public illustration bookmarks, newest first, paged by `max_bookmark_id`. */
export function useUserFavorites(id: number, enabled = true) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: userKeys.favorites(id),
    staleTime: FAVORITES_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(id),
    fetchPage: (_page, signal, cursor) =>
      bookmarkPage(api, 'favorite', id, cursor, signal, (d: RawIllustListResponse) => ({
        items: d.illusts.map(normaliseIllust),
        next_url: d.next_url,
      })),
  });
}

export function useUserFavoriteNovels(id: number, enabled = true) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: userKeys.favoriteNovels(id),
    staleTime: FAVORITES_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(id),
    fetchPage: (_page, signal, cursor) =>
      bookmarkPage(api, 'favorite_novel', id, cursor, signal, (d: RawNovelListResponse) => ({
        items: d.novels.map(normaliseNovel),
        next_url: d.next_url,
      })),
  });
}

/** Users related to a user (`/related_member`): one page, as upstream gives no next page. */
export function useRelatedUsers(id: number, enabled = true) {
  const api = useApi();
  return usePagedList<UserPreview>({
    queryKey: userKeys.related(id),
    staleTime: CACHE_TTL_SECONDS.related * 1000,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: enabled && validId(id),
    fetchPage: async (_page, signal): Promise<ListPage<UserPreview>> => {
      const data = unwrap(
        await api.get<{ user_previews: RawUserPreview[] }>('related_member', { id }, signal),
      );
      return { items: data.user_previews.map(normaliseUserPreview), hasMore: false };
    },
  });
}

/** The author's tags from `/api/web/user_tags`' answer (none when it has no list). */
export function memberTags(data: { body?: unknown }): MemberTag[] {
  return Array.isArray(data.body) ? (data.body as MemberTag[]) : [];
}

/** The author's tags, most used first (the www proxy swallows failures into []). */
export function useUserTags(id: number, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: userKeys.tags(id),
    enabled: enabled && validId(id),
    staleTime: USER_LISTS_STALE_MS,
    queryFn: async ({ signal }): Promise<MemberTag[]> => {
      const res = await api.web<{ body?: unknown }>('user_tags', { id }, signal);
      return res.status === 0 ? memberTags(res.data) : [];
    },
  });
}

interface TagWorksBody {
  body?: { works: RawWebThumbnail[]; total: number };
}

/** The author's works with one of their tags, 48 a page (`offset`, `limit`). */
export function useUserTagWorks(id: number, tag: string) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: userKeys.tagWorks(id, tag),
    staleTime: USER_LISTS_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled: validId(id) && tag.length > 0,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const offset = (page - 1) * TAG_WORKS_PAGE_SIZE;
      const params = { id, tag, offset, limit: TAG_WORKS_PAGE_SIZE };
      const data = unwrap(await api.web<TagWorksBody>('user_tag_works', params, signal));
      const works = data.body?.works ?? [];
      const total = data.body?.total ?? 0;
      return {
        items: works.map(normaliseWebThumbnail),
        hasMore: works.length > 0 && offset + works.length < total,
      };
    },
  });
}
