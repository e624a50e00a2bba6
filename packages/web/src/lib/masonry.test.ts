import { describe, expect, it } from 'vitest';
import { masonryColumns } from './masonry.ts';

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
});
