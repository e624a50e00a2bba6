import { useMemo } from 'react';
import type { PagedList } from '../../lib/usePagedList.ts';
import { rowErrorMessage, useRowState, type RowQuery } from '../../state/queries/row-state.ts';

const noop = () => {};

/**
 * A one-page list (the first page of recommended or latest works, as the home rows hold it) in
 * the list engine's shape, so that the shared grids show its loading, error and finished states.
 * A failure toasts once, like a row's, and the retry asks again.
 */
export function useFirstPageList<T>(
  query: RowQuery & { data: T[] | undefined; isFetching: boolean; isSuccess: boolean },
  filter: (items: T[]) => T[],
): PagedList<T> {
  const { onRetry } = useRowState(query);
  const { data } = query;
  const items = useMemo(() => (data ? filter(data) : []), [data, filter]);
  return {
    items,
    // pending covers the moment before a query that waits for the server config starts
    loading: query.isPending || query.isFetching,
    finished: query.isSuccess,
    error: rowErrorMessage(query.error),
    loadMore: noop,
    retry: onRetry,
  };
}
