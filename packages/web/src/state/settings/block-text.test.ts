import { describe, expect, it } from 'vitest';
import {
  formatBlockList,
  minBookmarksInput,
  parseBlockedTags,
  parseBlockedUserIds,
} from './block-text.ts';

describe('block list text', () => {
  it('splits tags on ASCII and full-width commas, trimmed, each once, empties dropped', () => {
    expect(parseBlockedTags(' 猫 ,犬，猫、 , R-18 ,')).toEqual(['猫', '犬', 'R-18']);
    expect(parseBlockedTags('')).toEqual([]);
  });

  it('keeps positive whole user ids and names the entries that are not one', () => {
    expect(parseBlockedUserIds('11, 12，abc, 11, 0, -3, 1.5, 99999999999999999999')).toEqual({
      ids: [11, 12],
      invalid: ['abc', '0', '-3', '1.5', '99999999999999999999'],
    });
  });

  it('formats a list back as the text area shows it', () => {
    expect(formatBlockList(['a', 'b'])).toBe('a, b');
    expect(parseBlockedUserIds(formatBlockList([11, 12])).ids).toEqual([11, 12]);
  });
});

describe('minimum-bookmark field (spec 001 §5.2)', () => {
  it('keeps digits only', () => {
    expect(minBookmarksInput('1a2-3')).toEqual({ value: '123', saved: 123 });
  });

  it('saves an empty field as 0', () => {
    expect(minBookmarksInput('')).toEqual({ value: '', saved: 0 });
    expect(minBookmarksInput('abc')).toEqual({ value: '', saved: 0 });
  });
});
