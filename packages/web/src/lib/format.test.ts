import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatNumber } from './format.ts';

describe('formatNumber', () => {
  it('groups digits the way each UI language does', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'ja')).toBe('1,234,567');
    expect(formatNumber(1234567, 'fr').replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatNumber(0, 'zh-Hans')).toBe('0');
  });
});

describe('formatCompact', () => {
  it('shortens large counts', () => {
    expect(formatCompact(12345, 'en')).toBe('12.3K');
    expect(formatCompact(12345, 'ja')).toBe('1.2万');
    expect(formatCompact(999, 'en')).toBe('999');
  });
});

describe('formatDate', () => {
  it('writes a calendar day in the language, the same day in every time zone', () => {
    expect(formatDate('2026-11-20', 'en')).toBe('Nov 20, 2026');
    expect(formatDate('2026-11-20', 'ja')).toBe('2026/11/20');
    expect(formatDate('2026-11-20', 'de')).toBe('20.11.2026');
    expect(formatDate('2026-11-20', 'zh-Hans')).toBe('2026年11月20日');
  });

  it('adds the time for datetime', () => {
    const text = formatDate('2026-11-20T12:34:00+09:00', 'en', 'datetime');
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/\d{1,2}:\d{2}/);
  });

  it('gives nothing for an unreadable value', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
