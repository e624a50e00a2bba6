import { afterEach, describe, expect, it } from 'vitest';
import { parsePositions, readPosition, savePosition, withPosition } from './reading-position.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

afterEach(() => localStorage.clear());

describe('reading positions', () => {
  it('keeps one entry per novel, newest last, at most 100', () => {
    let list = withPosition([], 1, 0.5);
    list = withPosition(list, 2, 0.25);
    list = withPosition(list, 1, 0.75);
    expect(list).toEqual([
      [2, 0.25],
      [1, 0.75],
    ]);
    for (let id = 10; id < 200; id++) list = withPosition(list, id, 0.1);
    expect(list).toHaveLength(100);
    expect(list.at(-1)).toEqual([199, 0.1]);
    expect(list.some((e) => e[0] === 1)).toBe(false);
  });

  it('clamps the fraction to 0–1 and drops malformed stored entries', () => {
    expect(withPosition([], 1, 2)).toEqual([[1, 1]]);
    expect(withPosition([], 1, -1)).toEqual([[1, 0]]);
    expect(withPosition([], 1, Number.NaN)).toEqual([[1, 0]]);
    expect(parsePositions('[[1,0.5],[2,7],["x",0.1],[3],null]')).toEqual([[1, 0.5]]);
    expect(parsePositions('{')).toEqual([]);
    expect(parsePositions(null)).toEqual([]);
  });

  it('saves and reads back per novel', () => {
    expect(readPosition(5)).toBeNull();
    savePosition(5, 0.4);
    savePosition(6, 0.9);
    expect(readPosition(5)).toBe(0.4);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.novelPositions)!)).toEqual([
      [5, 0.4],
      [6, 0.9],
    ]);
  });
});
