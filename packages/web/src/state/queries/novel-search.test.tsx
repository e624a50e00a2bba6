/**
 * The novel search pages no faster than every 2500 ms, counted from its first page too (spec 000
 * §9 "Novel search throttle 2500 ms"; issue 35 item 12: page 2 was asked for 832 ms after page 1).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/ApiContext.tsx';
import type { ApiClient } from '../api/client.ts';
import { rawNovel } from '../../test-novels.ts';
import { useNovelSearch, type NovelSearch } from './novels.ts';

afterEach(() => vi.restoreAllMocks());

/** An API answering every novel search with a page of two novels and a next page. */
function searchApi() {
  const pages: unknown[] = [];
  const api = {
    get: async (name: string, params: { page: number }) => {
      pages.push(params.page);
      const id = params.page * 10;
      return {
        status: 0,
        data: {
          novels: [rawNovel({ id }), rawNovel({ id: id + 1 })],
          next_url: 'https://app-api.pixiv.net/v1/search/novel?offset=30',
        },
      };
    },
  } as unknown as ApiClient;
  return { api, pages };
}

describe('the novel search', () => {
  it('asks for page 2 no sooner than 2500 ms after page 1 arrived', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { api, pages } = searchApi();
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 0 } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <ApiProvider client={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const search: NovelSearch = {
      word: '恋愛',
      hideAi: false,
      mode: 'partial_match_for_tags',
      sort: 'date_desc',
    };
    const { result } = renderHook(() => useNovelSearch(search, true), { wrapper });
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    now += 832;
    act(() => result.current.loadMore());
    now += 2_500 - 832 - 1;
    act(() => result.current.loadMore());
    expect(pages).toEqual([1]);
    now += 1;
    act(() => result.current.loadMore());
    await waitFor(() => expect(pages).toEqual([1, 2]));
  });
});
