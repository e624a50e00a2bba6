/**
 * The response cache survives reloads: TanStack Query's cache is persisted to IndexedDB (spec
 * 001 §5: history lists and the response cache live in IndexedDB). Each query keeps its own
 * staleTime (the spec's lifetimes); a persisted snapshot older than PERSIST_MAX_AGE_MS, or one
 * written by another build, is dropped.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { del, get, set } from 'idb-keyval';
import { IDB_KEYS } from './settings/storage-keys.ts';

/** The persisted cache is thrown away after a day; rankings stay cached 14 days upstream-side. */
export const PERSIST_MAX_AGE_MS = 24 * 3600 * 1000;
/** Bump when cached shapes change. */
export const PERSIST_BUSTER = 'v1';
export const PERSIST_KEY = IDB_KEYS.queryCache;
/** The persister writes the answers at most this often. */
export const PERSIST_THROTTLE_MS = 1000;

export function createIdbPersister() {
  return createAsyncStoragePersister({
    key: PERSIST_KEY,
    throttleTime: PERSIST_THROTTLE_MS,
    storage: {
      getItem: async (key) => (await get<string>(key)) ?? null,
      setItem: (key, value: string) => set(key, value),
      removeItem: (key) => del(key),
    },
  });
}

/** Drops every cached answer, in memory and persisted (a new mirror answers differently). */
export async function clearResponseCache(queryClient: { clear: () => void }): Promise<void> {
  queryClient.clear();
  await del(PERSIST_KEY).catch(() => undefined);
}
