/**
 * Bookmark toggles on cards (spec 000 §4 "Bookmark toggle", spec 001 §7.3): through the mirror's
 * `req_post` (v2/illust/bookmark/add with restrict public, v1/illust/bookmark/delete), as an
 * optimistic overlay on the cached artworks: the heart flips at once, taps are ignored while the
 * request runs, and a failure rolls it back with 'fav_fail' / 'unfav_fail'. On success the cached
 * artwork and every cached list holding it are updated.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Artwork } from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiClient } from '../api/client.ts';
import { showToast } from '../ui/toast.ts';

export const BOOKMARK_ADD_PATH = 'v2/illust/bookmark/add';
export const BOOKMARK_DELETE_PATH = 'v1/illust/bookmark/delete';

/** Bookmark state known better than the cache (set on toggle, kept after success). */
const overlay = new Map<number, boolean>();
const pending = new Set<number>();
const listeners = new Set<() => void>();
let version = 0;
const emit = () => {
  version++;
  for (const l of listeners) l();
};

/** Sets `is_bookmarked` on every cached copy of the artwork: its detail and list pages. */
export function patchCachedBookmark(client: QueryClient, id: number, value: boolean): void {
  const patch = (a: unknown): unknown =>
    a && typeof a === 'object' && (a as Artwork).id === id && 'is_bookmarked' in a
      ? { ...(a as Artwork), is_bookmarked: value }
      : a;
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data as { pages?: { items?: unknown[] }[] } | undefined;
    if (!data || typeof data !== 'object') continue;
    if (Array.isArray(data.pages)) {
      client.setQueryData(query.queryKey, {
        ...data,
        pages: data.pages.map((p) =>
          Array.isArray(p?.items) ? { ...p, items: p.items.map(patch) } : p,
        ),
      });
    } else if ((data as unknown as Artwork).id === id) {
      client.setQueryData(query.queryKey, patch(data));
    }
  }
}

/** One toggle: the request, then the cache or the rollback. Taps while one runs do nothing. */
export async function toggleBookmark(
  api: ApiClient,
  client: QueryClient,
  artwork: Pick<Artwork, 'id' | 'is_bookmarked'>,
): Promise<void> {
  const { id } = artwork;
  if (pending.has(id)) return;
  const before = overlay.get(id);
  const next = !(before ?? artwork.is_bookmarked);
  pending.add(id);
  overlay.set(id, next);
  emit();
  const res = await api.get('req_post', {
    path: next ? BOOKMARK_ADD_PATH : BOOKMARK_DELETE_PATH,
    data: JSON.stringify(next ? { illust_id: id, restrict: 'public' } : { illust_id: id }),
    t: Date.now(),
  });
  pending.delete(id);
  if (res.status === 0) {
    patchCachedBookmark(client, id, next);
  } else {
    if (before === undefined) overlay.delete(id);
    else overlay.set(id, before);
    showToast(next ? 'tip.fav_fail' : 'tip.unfav_fail', { error: true });
  }
  emit();
}

export function useBookmark(artwork: Pick<Artwork, 'id' | 'is_bookmarked'>) {
  const api = useApi();
  const client = useQueryClient();
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
    () => version,
  );
  const toggle = useCallback(
    () => void toggleBookmark(api, client, artwork),
    [api, client, artwork],
  );
  return {
    bookmarked: overlay.get(artwork.id) ?? artwork.is_bookmarked,
    busy: pending.has(artwork.id),
    toggle,
  };
}
