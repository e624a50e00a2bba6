/**
 * The reading position kept per novel (issue 14): the fraction of the text read, 0 to 1, for the
 * last 100 novels read, on this device. Stored as an array of [id, fraction], newest last.
 */
import { HISTORY_CAP } from '@pv/core';
import { STORAGE_KEYS } from './storage-keys.ts';

type Entry = [id: number, fraction: number];

/** The stored list, keeping only well-formed entries. */
export function parsePositions(raw: string | null): Entry[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (e): e is Entry =>
        Array.isArray(e) &&
        Number.isSafeInteger(e[0]) &&
        typeof e[1] === 'number' &&
        e[1] >= 0 &&
        e[1] <= 1,
    );
  } catch {
    return [];
  }
}

/** The list with `id` moved last at `fraction` (clamped to 0–1), cut to the newest 100. */
export function withPosition(list: Entry[], id: number, fraction: number): Entry[] {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return [...list.filter((e) => e[0] !== id), [id, f] as Entry].slice(-HISTORY_CAP);
}

export function readPosition(id: number): number | null {
  return (
    parsePositions(localStorage.getItem(STORAGE_KEYS.novelPositions)).find(
      (e) => e[0] === id,
    )?.[1] ?? null
  );
}

export function savePosition(id: number, fraction: number): void {
  const list = parsePositions(localStorage.getItem(STORAGE_KEYS.novelPositions));
  try {
    localStorage.setItem(
      STORAGE_KEYS.novelPositions,
      JSON.stringify(withPosition(list, id, fraction)),
    );
  } catch {
    // Storage full or refused: the position is simply not kept.
  }
}
