/**
 * The list engine (DESIGN.md, Lists): pages from any fetcher, de-duplicated by id, with
 * loading / finished / error flags and throttled paging. An empty page or `hasMore: false`
 * means finished ('no more'); an error stops paging until `retry`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { UserMessageKey } from '@pv/core';
import { ApiError } from '../state/api/errors.ts';
import { showToast } from '../state/ui/toast.ts';

export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
}

export interface PagedListOptions<T> {
  queryKey: readonly unknown[];
  fetchPage: (page: number, signal: AbortSignal) => Promise<ListPage<T>>;
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

export function usePagedList<T extends { id: number | string }>(
  options: PagedListOptions<T>,
): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) =>
      last.hasMore && last.items.length > 0 ? lastPage + 1 : undefined,
    staleTime: options.staleTime,
    retry: false,
    enabled: options.enabled ?? true,
  });
  const disabled = options.enabled === false;
  const lastLoad = useRef(0);
  const items = useMemo(() => dedupeById(query.data?.pages ?? []), [query.data]);
  const { hasNextPage, isFetching, isError, fetchNextPage, refetch } = query;

  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetching || isError) return;
    const now = Date.now();
    if (now - lastLoad.current < options.throttleMs) return;
    lastLoad.current = now;
    void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage, options.throttleMs]);

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
    loading: !disabled && isFetching,
    finished: disabled || (query.isSuccess && !hasNextPage),
    error,
    loadMore,
    retry,
  };
}
