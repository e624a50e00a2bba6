/**
 * What the cache page (spec 001 §2.5) counts and clears: the IndexedDB store (the persisted
 * response cache and the history lists), localStorage (settings and login) and sessionStorage.
 * Sizes are estimates: Web Storage counts UTF-16 code units (2 bytes each, key and value, as
 * browsers' quotas do); IndexedDB records are measured as their JSON in UTF-8.
 */
import { clear, entries } from 'idb-keyval';
import { PERSIST_THROTTLE_MS } from '../persist.ts';

export interface StoreStats {
  /** Records (keys). */
  count: number;
  bytes: number;
}

const utf8 = (text: string) => new TextEncoder().encode(text).length;

export function webStorageStats(storage: Storage): StoreStats {
  let bytes = 0;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i) ?? '';
    bytes += (key.length + (storage.getItem(key) ?? '').length) * 2;
  }
  return { count: storage.length, bytes };
}

export async function idbStats(): Promise<StoreStats> {
  const all = await entries();
  let bytes = 0;
  for (const [key, value] of all) {
    bytes += utf8(String(key));
    bytes += utf8(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }
  return { count: all.length, bytes };
}

/** Empties the IndexedDB store and the in-memory answers that would be persisted again. */
export async function clearIdb(queryClient: { clear: () => void }): Promise<void> {
  queryClient.clear();
  await clear();
  // A snapshot the persister took before the clear (it writes at most once a second) can still
  // land after it: clear again once that window has passed.
  await new Promise((resolve) => setTimeout(resolve, PERSIST_THROTTLE_MS + 200));
  await clear();
}
