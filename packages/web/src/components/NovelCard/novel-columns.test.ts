import { describe, expect, it } from 'vitest';
import { novelColumns, visibleRows } from './novel-columns.ts';

describe('novelColumns (spec 001 §9: 600 -> 1, 1200 -> 2, 1600 -> 3, else 4)', () => {
  it.each([
    [0, 1],
    [390, 1],
    [600, 1],
    [601, 2],
    [1200, 2],
    [1201, 3],
    [1440, 3],
    [1600, 3],
    [1601, 4],
    [3840, 4],
  ])('%i px gives %i columns', (width, columns) => {
    expect(novelColumns(width)).toBe(columns);
  });
});

describe('visibleRows', () => {
  it('keeps only the rows that overlap the window', () => {
    // 100 rows of 180 px; a window from 900 to 1800 px covers rows 5 to 9
    expect(visibleRows(100, 180, 900, 1800)).toEqual([5, 10]);
  });

  it('clamps to the list and never renders every row of a long list', () => {
    expect(visibleRows(3000, 180, -2000, 1000)).toEqual([0, 6]);
    expect(visibleRows(10, 180, 5000, 9000)).toEqual([10, 10]);
    const [first, end] = visibleRows(3000, 180, 270_000, 273_000);
    expect(end - first).toBeLessThanOrEqual(20);
  });

  it('renders nothing for an empty list', () => {
    expect(visibleRows(0, 180, 0, 1000)).toEqual([0, 0]);
  });
});
