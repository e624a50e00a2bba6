/**
 * The history lists' rule (spec 001 §3, §9): newest first, one entry per id, at most 100. Pure, so
 * it is tested without IndexedDB.
 */
import { HISTORY_CAP } from '@pv/core';

/** `list` with `item` in front, any older entry of the same id dropped, cut to `cap`. */
export function pushHistory<T extends { id: number | string }>(
  list: readonly T[],
  item: T,
  cap: number = HISTORY_CAP,
): T[] {
  const out = [item];
  for (const entry of list) {
    if (out.length >= cap) break;
    if (entry.id !== item.id) out.push(entry);
  }
  return out;
}

/** A stored value read back as a list: anything that is not an array of entries is empty. */
export function asHistory<T extends { id: number | string }>(value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is T =>
      !!e &&
      typeof e === 'object' &&
      (typeof (e as T).id === 'number' || typeof (e as T).id === 'string'),
  );
}
