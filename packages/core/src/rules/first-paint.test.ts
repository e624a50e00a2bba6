import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_COOKIE,
  firstPaintCookie,
  formatFirstPaint,
  parseFirstPaint,
  pickLanguage,
} from './first-paint.ts';

describe('the first paint cookie', () => {
  it('round-trips every allowed value, in cookie-safe characters', () => {
    const paint = {
      theme: 'dark',
      accent: '#38a9f5',
      language: 'zh-Hant',
      layout: 'LabEqualHeight',
    } as const;
    const value = formatFirstPaint(paint);
    expect(value).toBe('dark.38a9f5.zh-Hant.LabEqualHeight');
    expect(value).toMatch(/^[\w.-]+$/);
    expect(parseFirstPaint(value)).toEqual(paint);
    expect(formatFirstPaint({ ...paint, accent: '#ABCDEF' })).toContain('.abcdef.');
  });

  it('rejects whole any value with a part outside its allow-list', () => {
    for (const hostile of [
      undefined,
      '',
      'dark.38a9f5.ja',
      'dark.38a9f5.ja.Grid.extra',
      'black.38a9f5.ja.Grid',
      'dark.38a9f5.xx.Grid',
      'dark.38a9f5.ja.grid',
      'dark.38A9F5.ja.Grid',
      'dark.38a9f.ja.Grid',
      'dark.#38a9f5.ja.Grid',
      'dark.38a9f5;}body{x.ja.Grid',
      'dark.red.ja.Grid',
      'dark.38a9f5.ja"><script>alert(1)</script>.Grid',
      'dark.38a9f5.ja.Grid%22',
      'dark.38a9f5.__proto__.Grid',
      'dark.38a9f5.constructor.Grid',
      `dark.38a9f5.ja.${'Grid'.repeat(20)}`,
    ])
      expect(parseFirstPaint(hostile), String(hostile)).toBeNull();
  });

  it('reads its own cookie out of a Cookie header, not a look-alike', () => {
    const header = `a=1; x${FIRST_PAINT_COOKIE}=light.000000.en.Grid; ${FIRST_PAINT_COOKIE}=dark.38a9f5.ja.Grid; ${FIRST_PAINT_COOKIE}=light.000000.en.Grid`;
    expect(firstPaintCookie(header)).toBe('dark.38a9f5.ja.Grid');
    expect(firstPaintCookie('a=1')).toBeUndefined();
    expect(firstPaintCookie(undefined)).toBeUndefined();
  });

  it('picks the interface language from the browser’s, zh-Hans when none matches', () => {
    expect(pickLanguage(['ja-JP', 'en'])).toBe('ja');
    expect(pickLanguage(['zh-TW'])).toBe('zh-Hant');
    expect(pickLanguage(['nl'])).toBe('zh-Hans');
  });
});
