import { describe, expect, it } from 'vitest';
import { mosaicRows } from './MoreSlide.tsx';

describe('mosaicRows', () => {
  it('keeps the pictures in their order across the rows', () => {
    expect(mosaicRows(['a', 'b', 'c', 'd', 'e'])).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('puts every picture from 0 to 6 in one or two rows of at most three, the first row fuller', () => {
    expect(
      [0, 1, 2, 3, 4, 5, 6].map((n) =>
        mosaicRows(Array.from({ length: n }, (_, i) => i)).map((row) => row.length),
      ),
    ).toEqual([[], [1], [2], [3], [2, 2], [3, 2], [3, 3]]);
  });
});
