import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../state/api/errors.ts';
import { useToasts } from '../state/ui/toast.ts';
import {
  dedupeById,
  nextPageParam,
  usePagedList,
  type ListPage,
  type PagedListOptions,
} from './usePagedList.ts';

type Item = { id: number };

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: 0 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let lists = 0;

/** Renders the engine and the toast store together, so a test sees both. */
function renderList(
  options: Partial<PagedListOptions<Item>> & Pick<PagedListOptions<Item>, 'fetchPage'>,
) {
  // One key per rendered list: a key that changed between renders would restart the query.
  const queryKey = ['test', ++lists];
  return renderHook(
    () => ({
      list: usePagedList<Item>({
        queryKey,
        staleTime: 0,
        throttleMs: 1000,
        ...options,
      }),
      toasts: useToasts(),
    }),
    { wrapper },
  );
}

const page = (ids: number[], hasMore = true, next?: string): ListPage<Item> => ({
  items: ids.map((id) => ({ id })),
  hasMore,
  ...(next ? { next } : {}),
});

afterEach(() => vi.restoreAllMocks());

describe('usePagedList', () => {
  it('appends pages, drops duplicates by id and finishes on an empty page', async () => {
    const pages = [page([1, 2, 3]), page([3, 4]), page([])];
    const fetchPage = vi.fn(async (n: number) => pages[n - 1]!);
    let now = 10_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { result } = renderList({ fetchPage });
    await waitFor(() => expect(result.current.list.items).toHaveLength(3));
    expect(result.current.list.finished).toBe(false);
    now += 1000;
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(result.current.list.items.map((i) => i.id)).toEqual([1, 2, 3, 4]));
    now += 1000;
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(result.current.list.finished).toBe(true));
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);
  });

  it('ignores a second load within the throttle, and allows one once it has passed', async () => {
    const fetchPage = vi.fn(async (n: number) => page([n * 10, n * 10 + 1]));
    let now = 50_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { result } = renderList({ fetchPage, throttleMs: 1500 });
    await waitFor(() => expect(result.current.list.items).toHaveLength(2));
    now += 1500;
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(result.current.list.loading).toBe(false));
    now += 1499;
    act(() => result.current.list.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(2);
    now += 1;
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
  });

  it('waits its throttle from the first page too (spec 000 §9: novel search 2500 ms)', async () => {
    const fetchPage = vi.fn(async (n: number) => page([n * 10, n * 10 + 1]));
    let now = 70_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { result } = renderList({ fetchPage, throttleMs: 2500 });
    await waitFor(() => expect(result.current.list.items).toHaveLength(2));
    now += 832;
    act(() => result.current.list.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(1);
    now += 2500 - 832;
    act(() => result.current.list.loadMore());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('finishes when a page says there is no more', async () => {
    const fetchPage = vi.fn(async () => page([1, 2], false));
    const { result } = renderList({ fetchPage });
    await waitFor(() => expect(result.current.list.finished).toBe(true));
    act(() => result.current.list.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('hands each page the cursor the previous one returned, and stops without one', async () => {
    const byCursor: Record<string, ListPage<Item>> = {
      first: page([1, 2], true, 'max_bookmark_id=900'),
      'max_bookmark_id=900': page([3], true, 'max_bookmark_id=800'),
      'max_bookmark_id=800': page([4], true),
    };
    const fetchPage = vi.fn(async (_n: number, _s: AbortSignal, cursor?: string) => {
      return byCursor[cursor ?? 'first']!;
    });
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { result } = renderList({ fetchPage });
    await waitFor(() => expect(result.current.list.items).toHaveLength(2));
    for (let i = 0; i < 2; i++) {
      now += 5000;
      act(() => result.current.list.loadMore());
      await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(i + 2));
      await waitFor(() => expect(result.current.list.loading).toBe(false));
    }
    expect(fetchPage.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      [1, undefined],
      [2, 'max_bookmark_id=900'],
      [3, 'max_bookmark_id=800'],
    ]);
    expect(result.current.list.items.map((i) => i.id)).toEqual([1, 2, 3, 4]);
    // The last page carried items but no cursor: a cursor list is then finished.
    expect(result.current.list.finished).toBe(true);
  });

  it('on an error toasts the message, sets the error, and a retry loads the page', async () => {
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw new ApiError('tip.rate_limit');
      return page([7, 8], false);
    });
    const { result } = renderList({ fetchPage });
    await waitFor(() => expect(result.current.list.error).toBe('tip.rate_limit'));
    expect(result.current.toasts.map((t) => [t.key, t.error])).toContainEqual([
      'tip.rate_limit',
      true,
    ]);
    expect(result.current.list.items).toEqual([]);
    // Paging is stopped while the list is in error.
    act(() => result.current.list.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(1);
    fail = false;
    act(() => result.current.list.retry());
    await waitFor(() => expect(result.current.list.items.map((i) => i.id)).toEqual([7, 8]));
    expect(result.current.list.error).toBeNull();
  });

  it('an unexpected failure reads as the unknown-error text', async () => {
    const fetchPage = vi.fn(async (): Promise<ListPage<Item>> => {
      throw new TypeError('boom');
    });
    const { result } = renderList({ fetchPage });
    await waitFor(() => expect(result.current.list.error).toBe('tip.unknown_err'));
  });

  it('a disabled list asks nothing and reads as finished and empty', async () => {
    const fetchPage = vi.fn(async () => page([1]));
    const { result } = renderList({ fetchPage, enabled: false });
    expect(result.current.list.finished).toBe(true);
    expect(result.current.list.loading).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchPage).not.toHaveBeenCalled();
  });
});

describe('dedupeById', () => {
  it('keeps the first occurrence of each id across pages', () => {
    const pages = [
      { items: [{ id: 1 }, { id: 2 }], hasMore: true },
      { items: [{ id: 2 }, { id: 3 }], hasMore: false },
    ];
    expect(dedupeById(pages).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});

describe('nextPageParam', () => {
  it('counts pages for numbered lists and carries the cursor for cursor lists', () => {
    expect(nextPageParam(page([1]), { page: 1 })).toEqual({ page: 2 });
    expect(nextPageParam(page([1], true, 'c2'), { page: 1 })).toEqual({ page: 2, cursor: 'c2' });
    expect(nextPageParam(page([1], true, 'c3'), { page: 2, cursor: 'c2' })).toEqual({
      page: 3,
      cursor: 'c3',
    });
  });
  it('is undefined past the end: empty page, no more, or a cursor list without a cursor', () => {
    expect(nextPageParam(page([]), { page: 1 })).toBeUndefined();
    expect(nextPageParam(page([1], false, 'c'), { page: 1 })).toBeUndefined();
    expect(nextPageParam(page([1], true), { page: 2, cursor: 'c2' })).toBeUndefined();
  });
});
