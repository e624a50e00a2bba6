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

afterEach(() => {
  document.cookie = 'pv_paint=; path=/; max-age=0';
  document.documentElement.lang = '';
  localStorage.clear();
});

describe('the first paint cookie', () => {
  it('mirrors the theme, accent, language and layout whenever a setting is saved', () => {
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
    });
    document.documentElement.lang = 'de';
    mirrorFirstPaint({ ...DEFAULT_SETTINGS.app, theme: 'light' });
    expect(paintCookie()).toBe('light.38a9f5.de.Masonry');
  });

  it('writes nothing before the interface language is known', () => {
    mirrorFirstPaint(DEFAULT_SETTINGS.app);
    expect(paintCookie()).toBeUndefined();
  });
});
