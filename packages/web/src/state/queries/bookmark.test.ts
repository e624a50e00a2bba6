import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { normaliseIllust, type RawIllust } from '@pv/core';
import detail from '../../../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import type { ApiClient, ApiResult } from '../api/client.ts';
import { useToasts } from '../ui/toast.ts';
import { illustKey } from './illust.ts';
import { BOOKMARK_ADD_PATH, BOOKMARK_DELETE_PATH, toggleBookmark } from './bookmark.ts';
import { renderHook } from '@testing-library/react';

const base = normaliseIllust((detail as unknown as { illust: RawIllust }).illust);
let nextId = 1;
const fresh = () => ({ ...base, id: base.id + nextId++, is_bookmarked: false });

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

const toasts = () => renderHook(() => useToasts()).result.current.map((t) => t.key);

describe('toggleBookmark', () => {
  it('adds with restrict public, then updates the cached artwork and the cached lists', async () => {
    const artwork = fresh();
    const client = new QueryClient();
    client.setQueryData(illustKey(artwork.id), artwork);
    client.setQueryData(['ranking', 'day'], { pages: [{ items: [artwork], hasMore: true }] });
    const { api, calls, release } = gatedApi();
    const done = toggleBookmark(api, client, artwork);
    expect(calls[0]).toMatchObject({ name: 'req_post', path: BOOKMARK_ADD_PATH });
    expect(JSON.parse(calls[0]!.data as string)).toEqual({
      illust_id: artwork.id,
      restrict: 'public',
    });
    release({ status: 0, data: {} });
    await done;
    expect(client.getQueryData<typeof artwork>(illustKey(artwork.id))!.is_bookmarked).toBe(true);
    const list = client.getQueryData<{ pages: { items: (typeof artwork)[] }[] }>([
      'ranking',
      'day',
    ]);
    expect(list!.pages[0]!.items[0]!.is_bookmarked).toBe(true);
  });

  it('ignores taps while a request runs', async () => {
    const artwork = fresh();
    const { api, calls, release } = gatedApi();
    const client = new QueryClient();
    const first = toggleBookmark(api, client, artwork);
    await toggleBookmark(api, client, artwork);
    await toggleBookmark(api, client, artwork);
    expect(calls).toHaveLength(1);
    release({ status: 0, data: {} });
    await first;
    // then the next tap deletes
    const second = toggleBookmark(api, client, { ...artwork, is_bookmarked: false });
    expect(calls[1]).toMatchObject({ path: BOOKMARK_DELETE_PATH });
    expect(JSON.parse(calls[1]!.data as string)).toEqual({ illust_id: artwork.id });
    release({ status: 0, data: {} });
    await second;
  });

  it('rolls back with fav_fail or unfav_fail when the call fails', async () => {
    const artwork = fresh();
    const client = new QueryClient();
    client.setQueryData(illustKey(artwork.id), artwork);
    const { api, release } = gatedApi();
    const add = toggleBookmark(api, client, artwork);
    release({ status: -1, msg: 'tip.unknown_err' });
    await add;
    expect(toasts()).toContain('tip.fav_fail');
    expect(client.getQueryData<typeof artwork>(illustKey(artwork.id))!.is_bookmarked).toBe(false);

    const marked = { ...fresh(), is_bookmarked: true };
    const remove = toggleBookmark(api, client, marked);
    release({ status: -1, msg: 'tip.unknown_err' });
    await remove;
    expect(toasts()).toContain('tip.unfav_fail');
  });
});
