import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  PAGE_COLOURS,
  accentInk,
  accentTokens,
  contrast,
  luminance,
  textOnAccent,
} from './contrast.ts';

// The default accent, the accent page's extremes (very light, very dark, saturated) and greys.
const ACCENTS = [
  '#38a9f5',
  '#ffeb3b',
  '#f5f5f5',
  '#e5484d',
  '#00c853',
  '#7c5cff',
  '#ff9800',
  '#000000',
  '#0d1b2a',
  '#ffffff',
  '#808080',
];

describe('contrast maths', () => {
  it('matches WCAG reference values', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBe(1);
    expect(contrast('#000000', '#ffffff')).toBe(21);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The measurement: white on the default accent.
    expect(contrast('#ffffff', '#38a9f5')).toBeCloseTo(2.57, 2);
  });

  it('rejects a colour that is not #rrggbb', () => {
    expect(() => luminance('blue')).toThrow();
  });
});

describe('accent tokens', () => {
  it.each(ACCENTS)('text on the accent %s reaches AA', (accent) => {
    expect(contrast(textOnAccent(accent), accent)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(ACCENTS)('the accent %s as text reaches AA on light and dark pages', (accent) => {
    const tokens = accentTokens(accent);
    for (const bg of PAGE_COLOURS.light)
      expect(contrast(tokens['--accent-ink-light'], bg)).toBeGreaterThanOrEqual(AA_TEXT);
    for (const bg of PAGE_COLOURS.dark)
      expect(contrast(tokens['--accent-ink-dark'], bg)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps an accent that already passes, and darkens the default one only as needed', () => {
    expect(accentInk('#0b57d0', [...PAGE_COLOURS.light])).toBe('#0b57d0');
    const ink = accentInk('#38a9f5', [...PAGE_COLOURS.light]);
    expect(ink).not.toBe('#38a9f5');
    expect(contrast(ink, '#f5f6f8')).toBeLessThan(AA_TEXT + 0.6);
    // Dark text on the light default accent, white on a dark accent.
    expect(textOnAccent('#38a9f5')).not.toBe('#ffffff');
    expect(textOnAccent('#0d1b2a')).toBe('#ffffff');
  });

  it('keeps the muted text tokens at AA on their pages', () => {
    expect(contrast('#5f6672', '#f5f6f8')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast('#9aa0a6', '#1b1e24')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
