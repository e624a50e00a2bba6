import { afterEach, describe, expect, it } from 'vitest';
import { parseFirstPaint } from '@pv/core';
import { mirrorFirstPaint } from './first-paint-cookie.ts';
import { DEFAULT_SETTINGS, saveSettings } from './settings.ts';

const paintCookie = () =>
  document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('pv_paint='))
    ?.slice('pv_paint='.length);

/** This runtime's zone, which the cookie carries last (the tests' process: UTC in CI). */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

afterEach(() => {
  document.cookie = 'pv_paint=; path=/; max-age=0';
  document.documentElement.lang = '';
  localStorage.clear();
});

describe('the first paint cookie', () => {
  it('mirrors the theme, accent, language, layout and filters whenever a setting is saved', () => {
    document.documentElement.lang = 'ja';
    saveSettings({
      ...DEFAULT_SETTINGS,
      app: { ...DEFAULT_SETTINGS.app, theme: 'dark', accent: '#ff0066', wfType: 'Grid' },
    });
    expect(parseFirstPaint(paintCookie())).toEqual({
      theme: 'dark',
      accent: '#ff0066',
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
      minLikes: 5,
      timeZone: zone,
    });
    document.documentElement.lang = 'de';
    mirrorFirstPaint({ ...DEFAULT_SETTINGS, app: { ...DEFAULT_SETTINGS.app, theme: 'light' } });
    expect(paintCookie()).toBe(`light.38a9f5.de.Masonry.a.5.${zone}`);
  });

  it('mirrors the content filters, and whether any tag or author is blocked', () => {
    document.documentElement.lang = 'en';
    saveSettings({
      ...DEFAULT_SETTINGS,
      content: { r18: true, r18g: false, ai: false },
      app: { ...DEFAULT_SETTINGS.app, hideRankManga: true, isImgLazyOb: true },
    });
    expect(paintCookie()).toBe(`auto.38a9f5.en.Masonry.rmo.5.${zone}`);
    saveSettings({ ...DEFAULT_SETTINGS, blocks: { tags: [], authorIds: [11] } });
    expect(paintCookie()).toBe(`auto.38a9f5.en.Masonry.ab.5.${zone}`);
    saveSettings({ ...DEFAULT_SETTINGS, blocks: { tags: ['x'], authorIds: [] } });
    expect(paintCookie()).toBe(`auto.38a9f5.en.Masonry.ab.5.${zone}`);
  });

  it('mirrors the search results’ minimum of likes', () => {
    document.documentElement.lang = 'en';
    saveSettings({ ...DEFAULT_SETTINGS, app: { ...DEFAULT_SETTINGS.app, searchMinFav: 1000 } });
    expect(paintCookie()).toBe(`auto.38a9f5.en.Masonry.a.1000.${zone}`);
    saveSettings({ ...DEFAULT_SETTINGS, app: { ...DEFAULT_SETTINGS.app, searchMinFav: 0 } });
    expect(paintCookie()).toBe(`auto.38a9f5.en.Masonry.a.0.${zone}`);
  });

  it('mirrors the browser’s time zone, which the server then writes dates in', () => {
    document.documentElement.lang = 'en';
    mirrorFirstPaint(DEFAULT_SETTINGS);
    expect(parseFirstPaint(paintCookie())?.timeZone).toBe(zone);
    // a zone the cookie cannot carry is left out, not the cookie
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    Intl.DateTimeFormat.prototype.resolvedOptions = function () {
      return { ...resolved.call(this), timeZone: 'Not a zone' };
    };
    try {
      mirrorFirstPaint({ ...DEFAULT_SETTINGS, app: { ...DEFAULT_SETTINGS.app, theme: 'dark' } });
    } finally {
      Intl.DateTimeFormat.prototype.resolvedOptions = resolved;
    }
    expect(paintCookie()).toBe('dark.38a9f5.en.Masonry.a.5');
  });

  it('writes nothing before the interface language is known', () => {
    mirrorFirstPaint(DEFAULT_SETTINGS);
    expect(paintCookie()).toBeUndefined();
  });
});
