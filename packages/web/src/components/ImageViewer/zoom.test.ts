import { describe, expect, it } from 'vitest';
import { FITTED, ZOOM_MAX, pan, swipeStep, zoomTo } from './zoom.ts';

describe('zoomTo', () => {
  it('clamps between 1 and 5, and resets the offset at 1', () => {
    expect(zoomTo(FITTED, 9).scale).toBe(ZOOM_MAX);
    expect(zoomTo({ scale: 3, x: 40, y: -20 }, 0.5)).toEqual(FITTED);
  });

  it('keeps the point under the pointer in place', () => {
    const at = { x: 100, y: 50 };
    const view = zoomTo(FITTED, 2, at);
    // the picture point under `at` was (at - offset) / scale before, and is still there after
    expect((at.x - view.x) / view.scale).toBeCloseTo(at.x);
    expect((at.y - view.y) / view.scale).toBeCloseTo(at.y);
  });
});

describe('pan and swipe', () => {
  it('moves only a zoomed picture', () => {
    expect(pan(FITTED, 30, 10)).toEqual(FITTED);
    expect(pan({ scale: 2, x: 0, y: 0 }, 30, 10)).toEqual({ scale: 2, x: 30, y: 10 });
  });

  it('turns the page on a horizontal drag of 60 px or more at scale 1', () => {
    expect(swipeStep(FITTED, -60, 0)).toBe(1);
    expect(swipeStep(FITTED, 80, 10)).toBe(-1);
    expect(swipeStep(FITTED, -59, 0)).toBe(0);
    expect(swipeStep(FITTED, -80, 120)).toBe(0);
    expect(swipeStep({ scale: 2, x: 0, y: 0 }, -200, 0)).toBe(0);
  });
});
