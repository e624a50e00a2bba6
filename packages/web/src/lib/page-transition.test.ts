import { describe, expect, it } from 'vitest';
import { PAGE_TRANSITIONS } from '../state/settings/schema.ts';
import { directionOf, pickTransition } from './page-transition.ts';

const base = { reducedMotion: false, fromTab: false, toTab: false };

describe('pickTransition', () => {
  it('plays the chosen transition for every setting but none', () => {
    for (const setting of PAGE_TRANSITIONS)
      expect(pickTransition({ ...base, setting })).toBe(setting === 'none' ? null : setting);
  });

  it('fades between two tab pages, but not when transitions are off', () => {
    expect(pickTransition({ ...base, setting: 'push', fromTab: true, toTab: true })).toBe('fade');
    expect(pickTransition({ ...base, setting: 'push', fromTab: true, toTab: false })).toBe('push');
    expect(pickTransition({ ...base, setting: 'none', fromTab: true, toTab: true })).toBeNull();
  });

  it('plays nothing when the user prefers reduced motion', () => {
    expect(pickTransition({ ...base, setting: 'ios', reducedMotion: true })).toBeNull();
    expect(
      pickTransition({ setting: 'fade', reducedMotion: true, fromTab: true, toTab: true }),
    ).toBeNull();
  });
});

describe('directionOf', () => {
  it('reads a lower history index as back, anything else as forward', () => {
    expect(directionOf(3, 2)).toBe('back');
    expect(directionOf(3, 4)).toBe('forward');
    expect(directionOf(3, 3)).toBe('forward');
  });
});
