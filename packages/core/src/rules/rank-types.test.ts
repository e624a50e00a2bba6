import { describe, expect, it } from 'vitest';
import { RANK_TYPES, isRankTypeVisible, rankTypeOf } from './rank-types.ts';

describe('rank types', () => {
  it('maps /rank/daily to the day mode', () => {
    expect(rankTypeOf('daily')?.mode).toBe('day');
    expect(rankTypeOf('nope')).toBeUndefined();
  });

  it('hides R-18, R-18G and AI types while those settings are off', () => {
    const off = { r18: false, r18g: false, ai: false };
    const visible = RANK_TYPES.filter((t) => isRankTypeVisible(t, off)).map((t) => t.mode);
    expect(visible).not.toContain('day_r18');
    expect(visible).not.toContain('week_r18g');
    expect(visible).not.toContain('day_ai');
    expect(visible).toContain('day');
    const aiOnly = RANK_TYPES.filter((t) =>
      isRankTypeVisible(t, { r18: false, r18g: false, ai: true }),
    );
    expect(aiOnly.map((t) => t.mode)).toContain('day_ai');
    expect(aiOnly.map((t) => t.mode)).not.toContain('day_r18_ai');
  });

  it('uses unique route types and modes', () => {
    expect(new Set(RANK_TYPES.map((t) => t.type)).size).toBe(RANK_TYPES.length);
    expect(new Set(RANK_TYPES.map((t) => t.mode)).size).toBe(RANK_TYPES.length);
  });
});
