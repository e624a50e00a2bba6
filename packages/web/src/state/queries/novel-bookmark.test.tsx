import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Novel } from '@pv/core';
import { ApiProvider } from '../api/ApiContext.tsx';
import type { ApiClient, ApiResult } from '../api/client.ts';
import { useToasts } from '../ui/toast.ts';
import { novelKey } from './novel.ts';
import {
  NOVEL_BOOKMARK_ADD_PATH,
  NOVEL_BOOKMARK_DELETE_PATH,
  useNovelBookmark,
} from './novel-bookmark.ts';

/** An API whose req_post answers are released by the test. */
function gatedApi() {
  const calls: Record<string, unknown>[] = [];
  const gates: ((r: ApiResult<unknown>) => void)[] = [];
  const api = {
    get: (name: string, params: Record<string, unknown>) => {
      calls.push({ name, ...params });
      return new Promise((resolve) => gates.push(resolve));
    },
  } as unknown as ApiClient;
  return { api, calls, release: (r: ApiResult<unknown>) => gates.shift()!(r) };
}

function setup(novel: Pick<Novel, 'id' | 'is_bookmarked'>) {
  const gated = gatedApi();
  const client = new QueryClient();
  client.setQueryData(novelKey(novel.id), { ...novel, title: 't' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ApiProvider client={gated.api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useNovelBookmark(novel), { wrapper });
  return { ...gated, client, hook };
}

describe('the novel bookmark', () => {
  it('flips at once, ignores taps while busy, and keeps the state on success', async () => {
    const { calls, release, client, hook } = setup({ id: 5, is_bookmarked: false });
    let done: Promise<void> | undefined;
    act(() => void (done = hook.result.current.toggle()));
    expect(hook.result.current).toMatchObject({ bookmarked: true, busy: true });
    act(() => void hook.result.current.toggle());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'req_post', path: NOVEL_BOOKMARK_ADD_PATH });
    expect(JSON.parse(calls[0]!.data as string)).toEqual({ novel_id: 5, restrict: 'public' });
    await act(async () => {
      release({ status: 0, data: {} });
      await done;
    });
    expect(hook.result.current).toMatchObject({ bookmarked: true, busy: false });
    expect(client.getQueryData<Novel>(novelKey(5))?.is_bookmarked).toBe(true);
  });

  it('rolls back with the unfav_fail toast when removing fails', async () => {
    const { calls, release, hook } = setup({ id: 6, is_bookmarked: true });
    let done: Promise<void> | undefined;
    act(() => void (done = hook.result.current.toggle()));
    expect(hook.result.current.bookmarked).toBe(false);
    expect(calls[0]).toMatchObject({ path: NOVEL_BOOKMARK_DELETE_PATH });
    expect(JSON.parse(calls[0]!.data as string)).toEqual({ novel_id: 6 });
    await act(async () => {
      release({ status: -1, msg: 'tip.unknown_err' });
      await done;
    });
    expect(hook.result.current).toMatchObject({ bookmarked: true, busy: false });
    expect(renderHook(() => useToasts()).result.current.map((t) => t.key)).toContain(
      'tip.unfav_fail',
    );
  });
});
