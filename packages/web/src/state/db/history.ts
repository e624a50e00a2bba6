/**
 * The history lists in IndexedDB (spec 001 §3): illusts.history, novels.history and
 * users.history, each newest first, one entry per id, cut to 100. Reads and writes go through
 * idb-keyval (one transaction per update, so two tabs never lose each other's entries); the hooks
 * re-read when this tab adds to a list.
 */
import { useEffect, useState } from 'react';
import { del, get, update } from 'idb-keyval';
import type { Artwork } from '@pv/core';
import { IDB_KEYS } from '../settings/storage-keys.ts';
import { asHistory, pushHistory } from './history-list.ts';

/** A viewed user (spec 001 §3): id, name, avatar, bgcover. */
export interface UserHistoryItem {
  id: number;
  name: string;
  avatar: string;
  bgcover: string;
}

/** The novel shape belongs to the novel screens; the history keeps whatever they record. */
export interface NovelHistoryItem {
  id: number;
  [field: string]: unknown;
}

export interface HistoryItems {
  illusts: Artwork;
  novels: NovelHistoryItem;
  users: UserHistoryItem;
}
export type HistoryKind = keyof HistoryItems;

const KEYS: Record<HistoryKind, string> = {
  illusts: IDB_KEYS.illustHistory,
  novels: IDB_KEYS.novelHistory,
  users: IDB_KEYS.userHistory,
};

const listeners = new Set<(kind: HistoryKind) => void>();
const emit = (kind: HistoryKind) => listeners.forEach((l) => l(kind));

export async function readHistory<K extends HistoryKind>(kind: K): Promise<HistoryItems[K][]> {
  return asHistory<HistoryItems[K]>(await get(KEYS[kind]));
}

export async function addHistory<K extends HistoryKind>(
  kind: K,
  item: HistoryItems[K],
): Promise<void> {
  await update(KEYS[kind], (stored) => pushHistory(asHistory<HistoryItems[K]>(stored), item));
  emit(kind);
}

export async function clearHistory(kind: HistoryKind): Promise<void> {
  await del(KEYS[kind]);
  emit(kind);
}

/** A history list, newest first; empty until read (or where IndexedDB is unavailable). */
export function useHistory<K extends HistoryKind>(kind: K): HistoryItems[K][] {
  const [items, setItems] = useState<HistoryItems[K][]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      readHistory(kind).then(
        (list) => live && setItems(list),
        () => undefined,
      );
    const onChange = (changed: HistoryKind) => changed === kind && void load();
    listeners.add(onChange);
    void load();
    return () => {
      live = false;
      listeners.delete(onChange);
    };
  }, [kind]);
  return items;
}

/** Records `item` in the list once it is known (and again when it changes to another id). */
export function useRecordHistory<K extends HistoryKind>(
  kind: K,
  item: HistoryItems[K] | undefined,
): void {
  const id = item?.id;
  useEffect(() => {
    if (item === undefined || typeof indexedDB === 'undefined') return;
    addHistory(kind, item).catch(() => undefined);
    // Recorded once per id: a refetch of the same work does not move it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, id]);
}
