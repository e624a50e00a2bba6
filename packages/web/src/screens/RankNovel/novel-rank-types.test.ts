import { describe, expect, it } from 'vitest';
import { NOVEL_RANK_MODES } from '../../state/queries/novels.ts';
import {
  isNovelRankMode,
  isNovelRankModeVisible,
  visibleNovelRankModes,
} from './novel-rank-types.ts';

describe('novel ranking modes (spec 000 §9)', () => {
  it('are the eleven modes of the spec, in order', () => {
    expect(NOVEL_RANK_MODES).toEqual([
      'day',
      'week',
      'week_rookie',
      'week_ai',
      'day_male',
      'day_female',
      'day_r18',
      'week_r18',
      'week_ai_r18',
      'day_male_r18',
      'day_female_r18',
    ]);
  });

  it('recognises route types', () => {
    expect(isNovelRankMode('day')).toBe(true);
    expect(isNovelRankMode('week_ai_r18')).toBe(true);
    expect(isNovelRankMode('daily')).toBe(false);
    expect(isNovelRankMode('month')).toBe(false);
    expect(isNovelRankMode(undefined)).toBe(false);
  });
});

describe('visibleNovelRankModes', () => {
  it('hides R-18 and AI modes while those settings are off', () => {
    expect(visibleNovelRankModes({ r18: false, ai: false })).toEqual([
      'day',
      'week',
      'week_rookie',
      'day_male',
      'day_female',
    ]);
  });

  it('shows AI modes with AI on (the default), R-18 ones still hidden', () => {
    expect(visibleNovelRankModes({ r18: false, ai: true })).toEqual([
      'day',
      'week',
      'week_rookie',
      'week_ai',
      'day_male',
      'day_female',
    ]);
  });

  it('needs both toggles for the AI R-18 ranking', () => {
    expect(isNovelRankModeVisible('week_ai_r18', { r18: true, ai: false })).toBe(false);
    expect(isNovelRankModeVisible('week_ai_r18', { r18: false, ai: true })).toBe(false);
    expect(isNovelRankModeVisible('week_ai_r18', { r18: true, ai: true })).toBe(true);
    expect(visibleNovelRankModes({ r18: true, ai: true })).toEqual([...NOVEL_RANK_MODES]);
  });
});
