/**
 * An artwork's comments (spec 001 §2.12, §7.2): roots from the www ajax through this server
 * (`/api/web/illust_comment_roots`), 3 first on the page or 10 in the popup, then 30 per 'view
 * more'; replies per comment on demand. Posting goes through the mirror's `req_post`
 * (`v1/illust/comment/add`, signed in); the answer's comment is shown at once, since the roots
 * are cached for a while.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import {
  CACHE_TTL_SECONDS,
  commentPage,
  normaliseWebComment,
  type Comment,
  type RawWebComment,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import type { ApiClient } from '../api/client.ts';

const ROOT = 'comments';
const STALE_MS = CACHE_TTL_SECONDS.latest * 1000;
export const COMMENT_ADD_PATH = 'v1/illust/comment/add';

export interface WebCommentsBody {
  body: { comments: RawWebComment[]; hasNext?: boolean };
}

/** A page of comment roots, from `/api/web/illust_comment_roots`' answer. */
export function commentRootsPage(data: WebCommentsBody) {
  return {
    comments: (data.body?.comments ?? []).map(normaliseWebComment),
    hasNext: data.body?.hasNext === true,
  };
}

export const commentKeys = {
  roots: (illustId: number, first: number) => [ROOT, 'roots', illustId, first] as const,
  replies: (commentId: number) => [ROOT, 'replies', commentId] as const,
};

export function useCommentRoots(illustId: number, first: number) {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: commentKeys.roots(illustId, first),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const { offset, limit } = commentPage(pageParam, first);
      return commentRootsPage(
        unwrap(
          await api.web<WebCommentsBody>(
            'illust_comment_roots',
            { illust_id: illustId, offset, limit },
            signal,
          ),
        ),
      );
    },
    getNextPageParam: (last, _all, n) => (last.hasNext ? n + 1 : undefined),
    staleTime: STALE_MS,
    retry: false,
  });
  const seen = new Set<number>();
  const comments: Comment[] = [];
  for (const page of query.data?.pages ?? [])
    for (const c of page.comments) if (!seen.has(c.id) && seen.add(c.id)) comments.push(c);
  return {
    comments,
    // no answer yet is loading, also while the stored queries are restored (usePagedList)
    loading: query.isFetching || query.isPending,
    error: query.isError,
    hasMore: query.hasNextPage,
    more: () => void (query.isFetching ? undefined : query.fetchNextPage()),
    retry: () => void (query.data ? query.fetchNextPage() : query.refetch()),
  };
}

export function useCommentReplies(commentId: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: commentKeys.replies(commentId),
    enabled,
    staleTime: STALE_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<Comment[]> => {
      const data = unwrap(
        await api.web<WebCommentsBody>('illust_comment_replies', { comment_id: commentId }, signal),
      );
      // pixiv lists replies newest first; a thread reads oldest first
      return (data.body?.comments ?? []).map(normaliseWebComment).reverse();
    },
  });
}

interface RawAppComment {
  id: number;
  comment: string;
  date: string;
  user: { id: number; name: string; profile_image_urls: { medium: string } };
}

/** Comments this tab posted, per work and parent (0 for a root), newest first. */
const posted = new Map<string, Comment[]>();
const listeners = new Set<() => void>();
let version = 0;

export async function postComment(
  api: ApiClient,
  post: { illustId: number; text: string; parent?: Comment },
): Promise<boolean> {
  const res = await api.get<{ comment: RawAppComment }>('req_post', {
    path: COMMENT_ADD_PATH,
    data: JSON.stringify({
      illust_id: post.illustId,
      comment: post.text,
      ...(post.parent ? { parent_comment_id: post.parent.id } : {}),
    }),
    t: Date.now(),
  });
  if (res.status !== 0 || !res.data.comment) return false;
  const c = res.data.comment;
  const key = `${post.illustId}:${post.parent?.id ?? 0}`;
  posted.set(key, [
    {
      id: c.id,
      userId: c.user.id,
      userName: c.user.name,
      img: c.user.profile_image_urls.medium,
      comment: c.comment,
      commentDate: c.date,
      stampId: null,
      replyToUserId: post.parent?.userId ?? null,
      replyToUserName: post.parent?.userName ?? null,
      hasReplies: false,
    },
    ...(posted.get(key) ?? []),
  ]);
  version++;
  for (const l of listeners) l();
  return true;
}

/**
 * The comments this tab posted, with the ones fetched: a posted comment that a later fetch also
 * lists is shown once (the fetched copy). `posted` is newest first: roots show them first as they
 * are (newest on top), a reply thread last, oldest first (it reads oldest first).
 */
export function withPosted(
  posted: Comment[],
  fetched: Comment[],
  order: 'posted-first' | 'posted-last',
): Comment[] {
  const ids = new Set(fetched.map((c) => c.id));
  const own = posted.filter((c) => !ids.has(c.id));
  return order === 'posted-first' ? [...own, ...fetched] : [...fetched, ...own.reverse()];
}

/** The comments this tab posted under a work (parent 0) or a comment. */
export function usePostedComments(illustId: number, parentId: number): Comment[] {
  const subscribe = useCallback((l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return posted.get(`${illustId}:${parentId}`) ?? [];
}
