import { describe, expect, it } from 'vitest';
import { DEFAULT_READER } from '../../state/settings/reader.ts';
import { readerFontFamily, readerStyle } from './reader-style.ts';

describe('reader style', () => {
  it('gives the text its size, line height, weight, font and colours', () => {
    expect(
      readerStyle({
        ...DEFAULT_READER,
        size: 20,
        height: 1.5,
        weight: 700,
        bg: '#000000',
        color: '#8d8d8d',
      }),
    ).toEqual({
      '--reader-size': '20px',
      '--reader-height': '1.5',
      '--reader-weight': '700',
      '--reader-font': readerFontFamily('sans-serif'),
      '--reader-color': '#8d8d8d',
      '--reader-bg': '#000000',
    });
    // theme colours: no colour properties, so the tokens apply
    expect(readerStyle(DEFAULT_READER)).not.toHaveProperty('--reader-bg');
  });

  it('names the families: generic, the page font, or a chosen font', () => {
    expect(readerFontFamily('serif')).toMatch(/serif$/);
    expect(readerFontFamily('inherit')).toBe('var(--page-font, var(--font))');
    expect(readerFontFamily('Klee One')).toBe('"Klee One", var(--font)');
  });
});
