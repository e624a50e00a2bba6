/**
 * The novel reader's bookmark (spec 001 §4 "Bookmark", §7.1): the artworks' state machine for a
 * novel, through the mirror's `req_post` (v2/novel/bookmark/add with restrict public,
 * v1/novel/bookmark/delete). The heart flips at once, a tap while the request runs is ignored,
 * and a failure restores the state with 'fav_fail' / 'unfav_fail'. On success the cached detail
 * is updated.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Novel } from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiClient } from '../api/client.ts';
import { showToast } from '../ui/toast.ts';
import { novelKey } from './novel.ts';

export const NOVEL_BOOKMARK_ADD_PATH = 'v2/novel/bookmark/add';
export const NOVEL_BOOKMARK_DELETE_PATH = 'v1/novel/bookmark/delete';

/** Sends one toggle; resolves whether upstream accepted it. */
export async function sendNovelBookmark(
  api: ApiClient,
  id: number,
  bookmark: boolean,
): Promise<boolean> {
  const res = await api.get('req_post', {
    path: bookmark ? NOVEL_BOOKMARK_ADD_PATH : NOVEL_BOOKMARK_DELETE_PATH,
    data: JSON.stringify(bookmark ? { novel_id: id, restrict: 'public' } : { novel_id: id }),
    t: Date.now(),
  });
  return res.status === 0;
}

export function useNovelBookmark(novel: Pick<Novel, 'id' | 'is_bookmarked'>) {
  const api = useApi();
  const client = useQueryClient();
  const [shown, setShown] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const bookmarked = shown ?? novel.is_bookmarked;
  const toggle = useCallback(async () => {
    if (busy) return;
    const next = !bookmarked;
    setBusy(true);
    setShown(next);
    const ok = await sendNovelBookmark(api, novel.id, next);
    setBusy(false);
    if (ok) {
      client.setQueryData<Novel>(novelKey(novel.id), (n) => n && { ...n, is_bookmarked: next });
    } else {
      setShown(!next);
      showToast(next ? 'tip.fav_fail' : 'tip.unfav_fail', { error: true });
    }
  }, [api, client, busy, bookmarked, novel.id]);
  return { bookmarked, busy, toggle };
}
