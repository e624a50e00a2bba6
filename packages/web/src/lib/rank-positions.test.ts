import { describe, expect, it } from 'vitest';
import { rankPositions } from './rank-positions.ts';

describe('rankPositions', () => {
  it('numbers the works from 1 in upstream order, across pages', () => {
    const places = rankPositions([{ id: 30 }, { id: 10 }, { id: 20 }]);
    expect([...places]).toEqual([
      [30, 1],
      [10, 2],
      [20, 3],
    ]);
  });

  it('keeps the first place of a work a later page repeats', () => {
    expect(rankPositions([{ id: 1 }, { id: 2 }, { id: 1 }, { id: 3 }]).get(3)).toBe(3);
  });
});
