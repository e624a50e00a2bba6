import { describe, expect, it } from 'vitest';
import { eagerInRow } from './first-screen.ts';

describe('first-screen', () => {
  it('counts the items of a sideways row that start within the window and the margin', () => {
    // a home row's 148 px items: all ten on a 320 px phone (the tenth starts at 1,332 px)
    expect(eagerInRow(148, 320)).toBe(11);
    // pixivision's 248 px covers: seven on a 390 px phone (the seventh at 1,488, the eighth at
    // 1,736 px, past 1,640), all ten at 1440 px
    expect(eagerInRow(248, 390)).toBe(7);
    expect(eagerInRow(248, 1440)).toBe(11);
  });
});
