import { describe, expect, it } from 'vitest';
import { distribute, masonryColumns } from './masonry.ts';

describe('masonry', () => {
  it('picks columns by the first breakpoint at or above the width (spec 000 §9)', () => {
    expect(masonryColumns(300)).toBe(1);
    expect(masonryColumns(390)).toBe(2);
    expect(masonryColumns(600)).toBe(2);
    expect(masonryColumns(601)).toBe(3);
    expect(masonryColumns(1200)).toBe(4);
    expect(masonryColumns(1440)).toBe(5);
    expect(masonryColumns(1920)).toBe(6);
    expect(masonryColumns(3000)).toBe(9);
    expect(masonryColumns(4000)).toBe(6);
  });

  it('puts each item into the shortest column, keeping order', () => {
    const cols = distribute([3, 1, 1, 1, 2], 2, (h) => h);
    // After 3 | 1,1,1 both columns are 3 high: the tie goes to the leftmost.
    expect(cols).toEqual([
      [3, 2],
      [1, 1, 1],
    ]);
    expect(distribute([1, 2, 3], 0, (h) => h)).toEqual([[1, 2, 3]]);
  });
});
