/**
 * The Following area's lists (spec 000 §2 Following, §7, §9), for the signed-in user: the
 * illustration timeline (`req_get` v2/illust/follow, 30 a page, or the session's
 * `follow_latest`), the novel timeline (`req_get` v1/novel/follow, local-app mode only), one's
 * own bookmarks (the favourites list, or the session's `bookmarks`, 48 a page), the followed users
 * (24 a page) and the latest works of the whole site (`illust_new`, paged by `max_illust_id`).
 */
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  normaliseIllust,
  normaliseNovel,
  normaliseUserPreview,
  normaliseWebThumbnail,
  type Artwork,
  type Novel,
  type RawIllustListResponse,
  type RawNovelListResponse,
  type RawUserPreview,
  type RawWebThumbnail,
  type UserPreview,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

/** Page sizes of spec 000 §9. */
export const FOLLOW_FEED_PAGE_SIZE = 30;
export const BOOKMARKS_PAGE_SIZE = 48;
export const FOLLOWING_USERS_PAGE_SIZE = 24;

const STALE_MS = CACHE_TTL_SECONDS.latest * 1000;
const ROOT = 'following';

/** The offset of a page of `size` (spec 001 §7.3: offset = (page - 1) * size). */
export const pageOffset = (page: number, size: number) => (page - 1) * size;

/** How the signed-in user reaches their feeds: the app API (local-app mode) or the www session. */
export type FeedMode = 'app' | 'web';

export function useFollowIllusts(mode: FeedMode, enabled: boolean) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: [ROOT, 'illusts', mode],
    staleTime: STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      if (mode === 'web') {
        const res = unwrap(
          await api.web<{
            body?: { page: { isLastPage: boolean }; thumbnails: { illust: RawWebThumbnail[] } };
          }>('follow_latest', { p: page, mode: 'all' }, signal),
        );
        const items = (res.body?.thumbnails.illust ?? []).map(normaliseWebThumbnail);
        return { items, hasMore: !!res.body && !res.body.page.isLastPage };
      }
      const params = { restrict: 'public', offset: pageOffset(page, FOLLOW_FEED_PAGE_SIZE) };
      const data = unwrap(
        await api.get<RawIllustListResponse>(
          'req_get',
          { path: 'v2/illust/follow', params: JSON.stringify(params) },
          signal,
        ),
      );
      return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
    },
  });
}

export function useFollowNovels(enabled: boolean) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: [ROOT, 'novels'],
    staleTime: STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<Novel>> => {
      const params = { restrict: 'public', offset: pageOffset(page, FOLLOW_FEED_PAGE_SIZE) };
      const data = unwrap(
        await api.get<RawNovelListResponse>(
          'req_get',
          { path: 'v1/novel/follow', params: JSON.stringify(params) },
          signal,
        ),
      );
      return { items: data.novels.map(normaliseNovel), hasMore: data.next_url != null };
    },
  });
}

/** One's own bookmarks through the session (48 a page); local-app mode uses the favourites. */
export function useSessionBookmarks(userId: number, enabled: boolean) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: [ROOT, 'bookmarks', userId],
    staleTime: STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const offset = pageOffset(page, BOOKMARKS_PAGE_SIZE);
      const params = { id: userId, offset, limit: BOOKMARKS_PAGE_SIZE };
      const res = unwrap(
        await api.web<{ body?: { works: RawWebThumbnail[]; total: number } }>(
          'bookmarks',
          params,
          signal,
        ),
      );
      const works = res.body?.works ?? [];
      return {
        items: works.map(normaliseWebThumbnail),
        hasMore: works.length > 0 && offset + works.length < (res.body?.total ?? 0),
      };
    },
  });
}

interface RawWebFollowingUser {
  userId: string;
  userName: string;
  profileImageUrl: string;
  illusts: RawWebThumbnail[];
}

/** The users one follows, 24 a page: the app API's following list, or the session's. */
export function useFollowingUsers(userId: number, mode: FeedMode, enabled: boolean) {
  const api = useApi();
  return usePagedList<UserPreview>({
    queryKey: [ROOT, 'users', userId, mode],
    staleTime: STALE_MS,
    throttleMs: LIST_THROTTLE_MS.member,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<UserPreview>> => {
      const offset = pageOffset(page, FOLLOWING_USERS_PAGE_SIZE);
      if (mode === 'web') {
        const params = { id: userId, offset, limit: FOLLOWING_USERS_PAGE_SIZE };
        const res = unwrap(
          await api.web<{ body?: { users: RawWebFollowingUser[]; total: number } }>(
            'user_following',
            params,
            signal,
          ),
        );
        const users = res.body?.users ?? [];
        return {
          items: users.map(webFollowingUser),
          hasMore: users.length > 0 && offset + users.length < (res.body?.total ?? 0),
        };
      }
      // the mirror pages by `size`; upstream answers 30 from the offset, of which 24 are this page
      const params = { id: userId, page, size: FOLLOWING_USERS_PAGE_SIZE };
      const data = unwrap(
        await api.get<{ user_previews: RawUserPreview[]; next_url: string | null }>(
          'following',
          params,
          signal,
        ),
      );
      const items = data.user_previews.slice(0, FOLLOWING_USERS_PAGE_SIZE);
      return {
        items: items.map(normaliseUserPreview),
        hasMore: data.user_previews.length > FOLLOWING_USERS_PAGE_SIZE || data.next_url != null,
      };
    },
  });
}

function webFollowingUser(u: RawWebFollowingUser): UserPreview {
  return {
    id: Number(u.userId),
    name: u.userName,
    avatar: u.profileImageUrl,
    illusts: u.illusts.slice(0, 3).map((i) => ({
      id: Number(i.id),
      title: i.title,
      src: i.url,
      x_restrict: i.xRestrict,
      illust_ai_type: i.aiType ?? 0,
    })),
  };
}

/** The `max_illust_id` of the next page of the latest works, from its `next_url`. */
export function maxIllustId(nextUrl: string | null): string | undefined {
  if (!nextUrl) return undefined;
  try {
    return new URL(nextUrl).searchParams.get('max_illust_id') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The latest works of the whole site, paged by `max_illust_id`. */
export function useSiteLatest(enabled: boolean) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: [ROOT, 'latest'],
    staleTime: STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    enabled,
    fetchPage: async (_page, signal, cursor): Promise<ListPage<Artwork>> => {
      const params = { content_type: 'illust', max_illust_id: cursor };
      const data = unwrap(await api.get<RawIllustListResponse>('illust_new', params, signal));
      const next = maxIllustId(data.next_url);
      return { items: data.illusts.map(normaliseIllust), hasMore: next !== undefined, next };
    },
  });
}
