import { describe, expect, it } from 'vitest';
import { eagerInRow } from './first-screen.ts';

describe('first-screen', () => {
  it('counts the items of a sideways row that start within the window', () => {
    // a home row's 148 px items: three on a 390 px phone (the third starts at 296 px, the fourth
    // at 444), ten at 1440 px, three at 320 (the third at 296)
    expect(eagerInRow(148, 390)).toBe(3);
    expect(eagerInRow(148, 1440)).toBe(10);
    expect(eagerInRow(148, 320)).toBe(3);
    // pixivision's 248 px covers: two on a phone, six at 1440 px (the sixth at 1,240)
    expect(eagerInRow(248, 390)).toBe(2);
    expect(eagerInRow(248, 1440)).toBe(6);
  });
});
