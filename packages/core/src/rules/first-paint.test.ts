import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_COOKIE,
  firstPaintCookie,
  formatFirstPaint,
  isTimeZone,
  parseFirstPaint,
  pickLanguage,
} from './first-paint.ts';

/** A cookie's settings without the minimum of likes: light, Japanese, Grid, AI works shown. */
const LIGHT_JA_GRID = {
  theme: 'light',
  accent: '#38a9f5',
  language: 'ja',
  layout: 'Grid',
  filters: {
    r18: false,
    r18g: false,
    ai: true,
    blocks: false,
    hideRankManga: false,
    observeImages: false,
  },
} as const;

describe('the first paint cookie', () => {
  it('round-trips every allowed value, in cookie-safe characters', () => {
    const paint = {
      theme: 'dark',
      accent: '#38a9f5',
      language: 'zh-Hant',
      layout: 'LabEqualHeight',
      filters: {
        r18: true,
        r18g: true,
        ai: true,
        blocks: true,
        hideRankManga: true,
        observeImages: true,
      },
      minLikes: 1200,
    } as const;
    const value = formatFirstPaint(paint);
    expect(value).toBe('dark.38a9f5.zh-Hant.LabEqualHeight.rgabmo.1200');
    expect(value).toMatch(/^[\w.-]+$/);
    expect(parseFirstPaint(value)).toEqual(paint);
    expect(formatFirstPaint({ ...paint, accent: '#ABCDEF' })).toContain('.abcdef.');
  });

  it('rejects whole any value with a part outside its allow-list', () => {
    for (const hostile of [
      undefined,
      '',
      'dark.38a9f5.ja',
      // the format before the filters: which works the user hides is unknown
      'dark.38a9f5.ja.Grid',
      'dark.38a9f5.ja.Grid.a.extra',
      // the minimum of likes: decimal digits of a safe integer, nothing else
      'dark.38a9f5.ja.Grid.a.',
      'dark.38a9f5.ja.Grid.a.-1',
      'dark.38a9f5.ja.Grid.a.1e3',
      'dark.38a9f5.ja.Grid.a.0x10',
      'dark.38a9f5.ja.Grid.a. 5',
      'dark.38a9f5.ja.Grid.a.9007199254740992',
      'dark.38a9f5.ja.Grid.a.5.5',
      'black.38a9f5.ja.Grid.a',
      'dark.38a9f5.xx.Grid.a',
      'dark.38a9f5.ja.grid.a',
      'dark.38A9F5.ja.Grid.a',
      'dark.38a9f.ja.Grid.a',
      'dark.#38a9f5.ja.Grid.a',
      'dark.38a9f5;}body{x.ja.Grid.a',
      'dark.red.ja.Grid.a',
      'dark.38a9f5.ja"><script>alert(1)</script>.Grid.a',
      'dark.38a9f5.ja.Grid%22.a',
      'dark.38a9f5.__proto__.Grid.a',
      'dark.38a9f5.constructor.Grid.a',
      `dark.38a9f5.ja.${'Grid'.repeat(20)}.a`,
      // filters: known letters only, each once, in their order; '-' alone for none
      'dark.38a9f5.ja.Grid.',
      'dark.38a9f5.ja.Grid.x',
      'dark.38a9f5.ja.Grid.ar',
      'dark.38a9f5.ja.Grid.aa',
      'dark.38a9f5.ja.Grid.-a',
      'dark.38a9f5.ja.Grid.--',
      'dark.38a9f5.ja.Grid.A',
      'dark.38a9f5.ja.Grid.rgabmor',
      'dark.38a9f5.ja.Grid.oa',
    ])
      expect(parseFirstPaint(hostile), String(hostile)).toBeNull();
  });

  it('carries the content filters as the letters of those on, in order', () => {
    const base = {
      theme: 'auto',
      accent: '#38a9f5',
      language: 'en',
      layout: 'Masonry',
      minLikes: 5,
    } as const;
    const none = {
      r18: false,
      r18g: false,
      ai: false,
      blocks: false,
      hideRankManga: false,
      observeImages: false,
    };
    const cases = [
      [none, '-'],
      [{ ...none, ai: true }, 'a'],
      [{ ...none, r18: true, ai: true }, 'ra'],
      [{ ...none, r18g: true, blocks: true }, 'gb'],
      [{ ...none, hideRankManga: true }, 'm'],
      [{ ...none, ai: true, observeImages: true }, 'ao'],
    ] as const;
    for (const [filters, letters] of cases) {
      const value = formatFirstPaint({ ...base, filters });
      expect(value).toBe(`auto.38a9f5.en.Masonry.${letters}.5`);
      expect(parseFirstPaint(value)?.filters).toEqual(filters);
    }
    // the longest value fits the length check
    const longest = formatFirstPaint({
      ...base,
      theme: 'light',
      language: 'zh-Hant',
      layout: 'LabEqualHeight',
      filters: {
        r18: true,
        r18g: true,
        ai: true,
        blocks: true,
        hideRankManga: true,
        observeImages: true,
      },
      minLikes: Number.MAX_SAFE_INTEGER,
    });
    expect(longest).toHaveLength(59);
    expect(parseFirstPaint(longest)).not.toBeNull();
    expect(parseFirstPaint(`${longest}0`)).toBeNull();
  });

  it('carries the search results’ minimum of likes, unknown in a cookie from before it', () => {
    const paint = LIGHT_JA_GRID;
    for (const minLikes of [0, 5, 250, 30000]) {
      const value = formatFirstPaint({ ...paint, minLikes });
      expect(value).toBe(`light.38a9f5.ja.Grid.a.${minLikes}`);
      expect(parseFirstPaint(value)?.minLikes).toBe(minLikes);
    }
    // the format before it: theme, language and layout still paint; the minimum is unknown
    expect(parseFirstPaint('light.38a9f5.ja.Grid.a')).toEqual({ ...paint, minLikes: null });
    expect(formatFirstPaint({ ...paint, minLikes: null })).toBe('light.38a9f5.ja.Grid.a');
  });

  it('carries the browser’s time zone, none in a cookie from before it, and no made-up one', () => {
    const paint = { ...LIGHT_JA_GRID, minLikes: 0 };
    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires', 'Etc/GMT+9']) {
      const value = formatFirstPaint({ ...paint, timeZone });
      expect(value).toBe(`light.38a9f5.ja.Grid.a.0.${timeZone}`);
      expect(parseFirstPaint(value)).toEqual({ ...paint, timeZone });
      expect(isTimeZone(timeZone)).toBe(true);
    }
    // the longest name in the IANA database fits the length check
    const longest = formatFirstPaint({
      ...paint,
      theme: 'light',
      language: 'zh-Hant',
      layout: 'LabEqualHeight',
      filters: {
        ...paint.filters,
        r18: true,
        r18g: true,
        blocks: true,
        hideRankManga: true,
        observeImages: true,
      },
      minLikes: Number.MAX_SAFE_INTEGER,
      timeZone: 'America/Argentina/ComodRivadavia',
    });
    expect(parseFirstPaint(longest)?.timeZone).toBe('America/Argentina/ComodRivadavia');
    // a cookie from before the zone: pixiv's zone then (none carried)
    expect(parseFirstPaint('light.38a9f5.ja.Grid.a.0')).toEqual(paint);
    // not the shape of a zone's name: the cookie is dropped whole, as for any other bad part
    for (const zone of ['Asia/Tokyo<', 'a b', '../etc', '/Asia', 'A/b/c/d', 'x'.repeat(41), '']) {
      expect(isTimeZone(zone)).toBe(false);
      expect(parseFirstPaint(`light.38a9f5.ja.Grid.a.0.${zone}`)).toBeNull();
    }
    // a name this runtime's Intl does not know (newer zone data in the browser): pixiv's zone,
    // the rest of the cookie kept
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(parseFirstPaint('light.38a9f5.ja.Grid.a.0.Mars/Olympus_Mons')).toEqual(paint);
    expect(parseFirstPaint('light.38a9f5.ja.Grid.a.0.UTC.UTC')).toBeNull();
    // a zone is never written without the minimum before it, nor one that is not a zone
    expect(formatFirstPaint({ ...paint, minLikes: null, timeZone: 'UTC' })).toBe(
      'light.38a9f5.ja.Grid.a',
    );
    expect(formatFirstPaint({ ...paint, timeZone: 'Mars/Olympus_Mons' })).toBe(
      'light.38a9f5.ja.Grid.a.0',
    );
  });

  it('reads its own cookie out of a Cookie header, not a look-alike', () => {
    const header = `a=1; x${FIRST_PAINT_COOKIE}=light.000000.en.Grid.a; ${FIRST_PAINT_COOKIE}=dark.38a9f5.ja.Grid.a; ${FIRST_PAINT_COOKIE}=light.000000.en.Grid.a`;
    expect(firstPaintCookie(header)).toBe('dark.38a9f5.ja.Grid.a');
    expect(firstPaintCookie('a=1')).toBeUndefined();
    expect(firstPaintCookie(undefined)).toBeUndefined();
  });

  it('picks the interface language from the browser’s, zh-Hans when none matches', () => {
    expect(pickLanguage(['ja-JP', 'en'])).toBe('ja');
    expect(pickLanguage(['zh-TW'])).toBe('zh-Hant');
    expect(pickLanguage(['nl'])).toBe('zh-Hans');
  });
});
