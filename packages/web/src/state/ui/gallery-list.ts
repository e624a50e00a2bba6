/**
 * The list a work was opened from (spec 001 §2.9: swiping moves to the previous or next id of the
 * gallery list). A grid of cards has a key; opening a card saves the grid's ordered ids under it
 * (sessionStorage, the last few lists) and carries `{gallery: key}` in the router location
 * state, so the artwork page knows its neighbours, also after a reload or going back. A direct
 * link has no such state and so no neighbours.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../settings/storage-keys.ts';

/** How many lists are kept; older ones are dropped. */
export const GALLERY_LISTS_KEPT = 8;

export interface GalleryState {
  gallery: string;
}

type Stored = { key: string; ids: number[] }[];

function read(): Stored {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.galleryLists) ?? '[]');
    return Array.isArray(value) ? (value as Stored) : [];
  } catch {
    return [];
  }
}

/** Saves a list's ids under its key, as the newest; keeps the last GALLERY_LISTS_KEPT lists. */
export function saveGalleryList(key: string, ids: readonly number[]): void {
  const lists = [{ key, ids: [...ids] }, ...read().filter((l) => l.key !== key)];
  try {
    sessionStorage.setItem(
      STORAGE_KEYS.galleryLists,
      JSON.stringify(lists.slice(0, GALLERY_LISTS_KEPT)),
    );
  } catch {
    // storage full or off: the artwork page simply has no neighbours
  }
}

/** The ids saved under a key, or an empty list. */
export function galleryList(key: string): number[] {
  const ids = read().find((l) => l.key === key)?.ids;
  return Array.isArray(ids) ? ids.filter((id) => Number.isSafeInteger(id)) : [];
}

/** The gallery key a router location state carries, if any. */
export function galleryOf(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const key = (state as Partial<GalleryState>).gallery;
  return typeof key === 'string' && key ? key : null;
}

export interface GalleryLink {
  /** The location state for a link to a work of this list. */
  state: GalleryState;
  /** Saves the list's current ids: call when one of its cards is opened. */
  remember(): void;
}

export const GalleryListContext = createContext<GalleryLink | null>(null);

/** The link context of a grid showing these works (stable: cards do not re-render for it). */
export function useGalleryLink(items: readonly { id: number }[]): GalleryLink {
  const [key] = useState(() => Math.random().toString(36).slice(2, 10));
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  return useMemo(
    () => ({
      state: { gallery: key },
      remember: () =>
        saveGalleryList(
          key,
          latest.current.map((w) => w.id),
        ),
    }),
    [key],
  );
}

/** The grid a card is in, if any. */
export function useGalleryContext(): GalleryLink | null {
  return useContext(GalleryListContext);
}
