/**
 * The list engine (DESIGN.md, Lists): pages from any fetcher, de-duplicated by id, with
 * loading / finished / error flags and throttled paging. An empty page or `hasMore: false`
 * means finished ('no more'); an error stops paging until `retry`. Lists page by number
 * (`page` 1, 2, …) and, where upstream pages by cursor (`next_url`, `max_bookmark_id`), also
 * by the cursor the previous page returned (`ListPage.next`).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { UserMessageKey } from '@pv/core';
import { ApiError } from '../state/api/errors.ts';
import { showToast } from '../state/ui/toast.ts';

export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
  /**
   * The cursor of the next page for cursor-paged lists (a `next_url`, a `max_bookmark_id`),
   * handed to the next `fetchPage` call; absent for lists paged by number.
   */
  next?: string;
}

/** Where the next page starts: its number (from 1) and, for cursor-paged lists, the cursor. */
export interface PageParam {
  page: number;
  cursor?: string;
}

export interface PagedListOptions<T> {
  queryKey: readonly unknown[];
  /** `cursor` is the previous page's `next` (undefined on the first page). */
  fetchPage: (page: number, signal: AbortSignal, cursor?: string) => Promise<ListPage<T>>;
  staleTime: number;
  /** Minimum ms between two page loads. */
  throttleMs: number;
  /** False: no request; the list reads as finished and empty (a refused search). */
  enabled?: boolean;
}

export interface PagedList<T> {
  items: T[];
  loading: boolean;
  finished: boolean;
  error: UserMessageKey | null;
  loadMore(): void;
  retry(): void;
}

export function dedupeById<T extends { id: number | string }>(pages: readonly ListPage<T>[]): T[] {
  const seen = new Set<number | string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/**
 * The page after `last`, or undefined when the list is finished: an empty page, `hasMore`
 * false, or a cursor-paged list (one that returned a cursor before) without a new cursor.
 */
export function nextPageParam(
  last: ListPage<unknown>,
  lastParam: PageParam,
): PageParam | undefined {
  if (!last.hasMore || last.items.length === 0) return undefined;
  if (lastParam.cursor !== undefined && !last.next) return undefined;
  return last.next ? { page: lastParam.page + 1, cursor: last.next } : { page: lastParam.page + 1 };
}

export function usePagedList<T extends { id: number | string }>(
  options: PagedListOptions<T>,
): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam.page, signal, pageParam.cursor),
    initialPageParam: { page: 1 } as PageParam,
    getNextPageParam: (last, _all, lastParam): PageParam | undefined =>
      nextPageParam(last, lastParam),
    staleTime: options.staleTime,
    retry: false,
    enabled: options.enabled ?? true,
  });
  const disabled = options.enabled === false;
  const lastLoad = useRef(0);
  const items = useMemo(() => dedupeById(query.data?.pages ?? []), [query.data]);
  const { hasNextPage, isFetching, isError, fetchNextPage, refetch, dataUpdatedAt } = query;

  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetching || isError) return;
    const now = Date.now();
    // The throttle counts from the first page too (it loads by itself, not through here): page 2
    // of a novel search waits its 2500 ms after page 1 (spec 000 §9, 001 §9).
    if (now - Math.max(lastLoad.current, dataUpdatedAt) < options.throttleMs) return;
    lastLoad.current = now;
    void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage, dataUpdatedAt, options.throttleMs]);

  const retry = useCallback(() => {
    lastLoad.current = 0;
    if (query.data) void fetchNextPage();
    else void refetch();
  }, [query.data, fetchNextPage, refetch]);

  const error =
    query.error instanceof ApiError ? query.error.msg : query.error ? 'tip.unknown_err' : null;
  // An error shows a toast once per failure, and the list shows its retry (spec 000 §4).
  const { errorUpdatedAt } = query;
  useEffect(() => {
    if (error) showToast(error, { error: true });
  }, [error, errorUpdatedAt]);
  return {
    items,
    // No answer yet is loading, fetching or not: while the app restores its stored queries
    // (the hydration render of a server-rendered page included) TanStack reports every query
    // as idle, and the server, which restores nothing, as fetching (issue 33).
    loading: !disabled && (isFetching || query.isPending),
    finished: disabled || (query.isSuccess && !hasNextPage),
    error,
    loadMore,
    retry,
  };
}
