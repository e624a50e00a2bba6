import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settings.ts';

describe('settings', () => {
  it('default to R-18 off, R-18G off, AI on', () => {
    expect(parseSettings(null).content).toEqual({ r18: false, r18g: false, ai: true });
    expect(DEFAULT_SETTINGS.blocks).toEqual({ tags: [], authorIds: [] });
  });

  it('keep valid fields and default the rest, de-duplicating block lists', () => {
    const s = parseSettings(
      JSON.stringify({
        content: { r18: true, ai: 'yes' },
        blocks: { tags: ['a', 'a', 3], authorIds: [1, 1, 'x'] },
      }),
    );
    expect(s.content).toEqual({ r18: true, r18g: false, ai: true });
    expect(s.blocks).toEqual({ tags: ['a'], authorIds: [1] });
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
  });
});
