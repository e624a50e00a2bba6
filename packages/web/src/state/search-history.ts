/** The search history (20 entries, newest first, no duplicates) in localStorage, synced across tabs. */
import { useSyncExternalStore } from 'react';
import { addToSearchHistory } from '@pv/core';
import { STORAGE_KEYS } from './settings/storage-keys.ts';

let cachedRaw: string | null | undefined;
let cached: string[] = [];
const listeners = new Set<() => void>();

function read(): string[] {
  const raw = localStorage.getItem(STORAGE_KEYS.searchHistory);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cached = Array.isArray(parsed)
        ? parsed.filter((x): x is string => typeof x === 'string')
        : [];
    } catch {
      cached = [];
    }
  }
  return cached;
}

function write(next: string[]): void {
  localStorage.setItem(STORAGE_KEYS.searchHistory, JSON.stringify(next));
  for (const l of listeners) l();
}

export function rememberSearch(keyword: string): void {
  write(addToSearchHistory(read(), keyword));
}

export function forgetSearch(keyword: string): void {
  write(read().filter((h) => h !== keyword));
}

export function clearSearchHistory(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.searchHistory || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The server's (and hydration's) history: none, the same array every time (React asks twice). */
const NO_HISTORY: string[] = [];

export function useSearchHistory(): string[] {
  return useSyncExternalStore(subscribe, read, () => NO_HISTORY);
}
