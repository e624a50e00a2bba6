import { describe, expect, it } from 'vitest';
import { layoutMasonry, visibleSlice } from './virtual-masonry.ts';

describe('virtual masonry', () => {
  it('places each item in the shortest column with gaps, in order', () => {
    const layout = layoutMasonry([100, 50, 60, 10], 2, (h) => h, 8);
    expect(layout.columns[0]!.map((p) => [p.item, p.top])).toEqual([
      [100, 0],
      [10, 108],
    ]);
    expect(layout.columns[1]!.map((p) => [p.item, p.top])).toEqual([
      [50, 0],
      [60, 58],
    ]);
    expect(layout.height).toBe(118);
  });

  it('renders only what overlaps the window: 3000 cards give a few dozen', () => {
    const items = Array.from({ length: 3000 }, (_, i) => 200 + (i % 7) * 40);
    const layout = layoutMasonry(items, 6, (h) => h, 8);
    const window = (from: number, to: number) =>
      layout.columns.reduce((n, col) => n + visibleSlice(col, from, to).length, 0);
    const at = (y: number) => window(y - 1200, y + 900 + 1200);
    expect(at(0)).toBeLessThan(100);
    expect(at(layout.height / 2)).toBeLessThan(100);
    expect(at(layout.height)).toBeLessThan(100);
    expect(window(-Infinity, Infinity)).toBe(3000);
    // every card of the window overlaps it
    for (const col of layout.columns) {
      for (const p of visibleSlice(col, 5000, 6000)) {
        expect(p.top + p.height).toBeGreaterThanOrEqual(5000);
        expect(p.top).toBeLessThanOrEqual(6000);
      }
    }
  });
});
