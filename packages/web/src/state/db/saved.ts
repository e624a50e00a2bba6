/**
 * What the user saved for offline reading (issue 19): artworks (every page at the chosen
 * resolution) and novels (detail, text and embedded pictures). The answers and pictures are kept
 * in the Cache API (SAVED_CACHE, which the service worker answers from when the network fails);
 * the list of saved items, with each item's files and sizes, in an IndexedDB store of its own
 * (not the query cache's, which the cache page clears separately).
 */
import { useSyncExternalStore } from 'react';
import { createStore, get, set } from 'idb-keyval';
import { toProxiedImageUrl, type Artwork, type Novel, type NovelText } from '@pv/core';
import { SAVED_CACHE } from '../../sw/names.ts';
import { IDB_KEYS } from '../settings/storage-keys.ts';

export type SavedKind = 'illust' | 'novel';

export interface SavedFile {
  /** A same-origin URL (path and query) kept in SAVED_CACHE. */
  url: string;
  bytes: number;
}

export interface SavedItem {
  kind: SavedKind;
  id: number;
  title: string;
  author: string;
  /** The picture the Saved page shows (one of `files`). */
  cover: string;
  /** Pages (artworks) or characters (novels). */
  size: number;
  savedAt: number;
  files: SavedFile[];
  /**
   * Its answers were fetched with the signed-in user's token (they can carry what only that
   * account may see): signing out deletes the item (issue 34).
   */
  withAccount?: boolean;
}

/** What to fetch and keep for one item, before its files are measured. */
export interface SavePlan {
  item: Omit<SavedItem, 'files' | 'savedAt'>;
  urls: string[];
}

// ---- pure rules (tested without a browser) ----

const sameItem = (a: { kind: SavedKind; id: number }, b: { kind: SavedKind; id: number }) =>
  a.kind === b.kind && a.id === b.id;

/** The list with `item` first (newest first), replacing an older save of the same work. */
export function withSaved(items: SavedItem[], item: SavedItem): SavedItem[] {
  return [item, ...items.filter((i) => !sameItem(i, item))];
}

/**
 * The URLs that removing `target` frees: its files no other saved item keeps (two works can
 * share a picture or an answer; it stays while one of them is saved).
 */
export function urlsFreedBy(items: SavedItem[], target: { kind: SavedKind; id: number }): string[] {
  return freedUrls(items, (i) => sameItem(i, target));
}

/**
 * What signing out leaves: the items saved without the account, and the URLs only the account's
 * items kept (to delete from the saved cache).
 */
export function withoutAccountSaves(items: SavedItem[]): { kept: SavedItem[]; freed: string[] } {
  return {
    kept: items.filter((i) => !i.withAccount),
    freed: freedUrls(items, (i) => !!i.withAccount),
  };
}

/** The URLs of the items `removed` picks that no remaining item keeps, each once. */
function freedUrls(items: SavedItem[], removed: (item: SavedItem) => boolean): string[] {
  const urls = (list: SavedItem[]) => list.flatMap((i) => i.files.map((f) => f.url));
  const kept = new Set(urls(items.filter((i) => !removed(i))));
  return [...new Set(urls(items.filter(removed)))].filter((url) => !kept.has(url));
}

/** Bytes the saved items take: each kept URL counted once, however many items share it. */
export function savedBytes(items: SavedItem[]): number {
  const sizes = new Map<string, number>();
  for (const item of items) for (const f of item.files) sizes.set(f.url, f.bytes);
  let total = 0;
  for (const bytes of sizes.values()) total += bytes;
  return total;
}

/** An API answer's URL exactly as the client asks for it (`{base}/{name}?{params}`). */
export function apiUrl(
  base: string,
  name: string,
  params: Record<string, string | number>,
): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) query.set(k, String(v));
  return `${base.replace(/\/$/, '')}/${name}?${query.toString()}`;
}

/** Pictures are kept as this server's `/i/` and `/s/` URLs, which the service worker answers. */
const local = (url: string) => toProxiedImageUrl(url);

/** An artwork: its detail answer and every page at the resolution the pictures show. */
export function planArtwork(artwork: Artwork, large: boolean, apiBase: string): SavePlan {
  const pages = artwork.images.map((image) => local(large ? image.l : image.m));
  const first = artwork.images[0];
  const cover = local(first ? first.m : artwork.thumbnail);
  return {
    item: {
      kind: 'illust',
      id: artwork.id,
      title: artwork.title,
      author: artwork.author.name,
      cover,
      size: artwork.images.length,
    },
    urls: [apiUrl(apiBase, 'illust', { id: artwork.id }), ...pages, cover].filter(Boolean),
  };
}

/** A novel: its detail and text answers, the cover and every embedded picture. */
export function planNovel(novel: Novel, text: NovelText, apiBase: string): SavePlan {
  const cover = local(novel.images[0].m || novel.thumbnail);
  return {
    item: {
      kind: 'novel',
      id: novel.id,
      title: novel.title,
      author: novel.author.name,
      cover,
      size: novel.text_length,
    },
    urls: [
      apiUrl(apiBase, 'novel_detail', { id: novel.id }),
      apiUrl(apiBase, 'webview_novel', { id: novel.id }),
      cover,
      ...Object.values(text.embedImgs).map(local),
    ].filter(Boolean),
  };
}

// ---- storage ----

let store: ReturnType<typeof createStore> | undefined;
const idb = () => (store ??= createStore('pv-saved', 'items'));
let items: SavedItem[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: SavedItem[]) {
  items = next;
  for (const l of listeners) l();
}

/** Reads the list once per page load. */
export function loadSaved(): Promise<void> {
  loaded ??= get<SavedItem[]>(IDB_KEYS.saved, idb())
    .then((stored) => publish(Array.isArray(stored) ? stored : []))
    .catch(() => publish([]));
  return loaded;
}

async function fetchInto(cache: Cache, url: string, headers: HeadersInit): Promise<SavedFile> {
  const res = await fetch(url, { headers, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  const body = await res.clone().arrayBuffer();
  await cache.put(url, res);
  return { url, bytes: body.byteLength };
}

/**
 * Fetches every URL of the plan (4 at a time) into the saved cache and records the item. Throws
 * (and records nothing) when one fails; files fetched before are kept for a retry.
 */
export async function saveForOffline(
  plan: SavePlan,
  apiHeaders: Record<string, string> = {},
): Promise<void> {
  await loadSaved();
  const cache = await caches.open(SAVED_CACHE);
  const urls = [...new Set(plan.urls)];
  const files: SavedFile[] = [];
  for (let i = 0; i < urls.length; i += 4) {
    const batch = urls.slice(i, i + 4);
    files.push(
      ...(await Promise.all(
        batch.map((url) =>
          fetchInto(
            cache,
            url,
            url.startsWith('/api/') ? { accept: 'application/json', ...apiHeaders } : {},
          ),
        ),
      )),
    );
  }
  const withAccount = Object.keys(apiHeaders).length > 0;
  const next = withSaved(items, {
    ...plan.item,
    savedAt: Date.now(),
    files,
    ...(withAccount ? { withAccount } : {}),
  });
  await set(IDB_KEYS.saved, next, idb());
  publish(next);
}

/** Forgets an item and deletes the files no other saved item keeps. */
export async function removeSaved(target: { kind: SavedKind; id: number }): Promise<void> {
  await loadSaved();
  const cache = await caches.open(SAVED_CACHE);
  await Promise.all(urlsFreedBy(items, target).map((url) => cache.delete(url)));
  const next = items.filter((i) => !sameItem(i, target));
  await set(IDB_KEYS.saved, next, idb());
  publish(next);
}

/**
 * Sign-out: deletes every item saved with the account's token, and the files only those items
 * kept, from IndexedDB and the saved cache (the service worker then has nothing of the account's
 * to answer with).
 */
export async function forgetAccountSaves(): Promise<void> {
  await loadSaved();
  const { kept, freed } = withoutAccountSaves(items);
  if (kept.length === items.length) return;
  const cache = await caches.open(SAVED_CACHE);
  await Promise.all(freed.map((url) => cache.delete(url)));
  await set(IDB_KEYS.saved, kept, idb());
  publish(kept);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  void loadSaved();
  return () => listeners.delete(l);
};

/** The server's render, and the app's adoption of it, know no saved item (issue 33). */
const NO_ITEMS: SavedItem[] = [];

export function useSavedItems(): SavedItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => NO_ITEMS,
  );
}

export function useIsSaved(kind: SavedKind, id: number): boolean {
  return useSavedItems().some((i) => i.kind === kind && i.id === id);
}
