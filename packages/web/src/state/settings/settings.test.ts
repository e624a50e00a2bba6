import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.ts';
import {
  DEFAULT_SETTINGS,
  addBlock,
  parseSettings,
  setAppSetting,
  updateSettings,
} from './settings.ts';

const stored = () => parseSettings(localStorage.getItem(STORAGE_KEYS.settings));
afterEach(() => localStorage.clear());

describe('settings', () => {
  it('default to R-18 off, R-18G off, AI on', () => {
    expect(parseSettings(null).content).toEqual({ r18: false, r18g: false, ai: true });
    expect(DEFAULT_SETTINGS.blocks).toEqual({ tags: [], authorIds: [] });
  });

  it('keep valid fields and default the rest, de-duplicating block lists', () => {
    const s = parseSettings(
      JSON.stringify({
        content: { r18: true, ai: 'yes' },
        blocks: { tags: ['a', 'a', 3], authorIds: [1, 1, 'x'] },
      }),
    );
    expect(s.content).toEqual({ r18: true, r18g: false, ai: true });
    expect(s.blocks).toEqual({ tags: ['a'], authorIds: [1] });
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
  });

  it('hold the app settings: hide manga in rankings off, minimum favourites 5', () => {
    expect(parseSettings(null).app).toMatchObject({
      hideRankManga: false,
      searchMinFav: 5,
      theme: 'auto',
      accent: '#38a9f5',
    });
    expect(
      parseSettings(JSON.stringify({ app: { theme: 'dark', accent: '#FF0000' } })).app,
    ).toMatchObject({
      theme: 'dark',
      accent: '#ff0000',
    });
    expect(
      parseSettings(JSON.stringify({ app: { theme: 'pink', accent: 'red' } })).app,
    ).toMatchObject({
      theme: 'auto',
      accent: '#38a9f5',
    });
    expect(
      parseSettings(JSON.stringify({ app: { hideRankManga: true, searchMinFav: 100 } })).app,
    ).toMatchObject({ hideRankManga: true, searchMinFav: 100 });
    expect(parseSettings(JSON.stringify({ app: { searchMinFav: -1 } })).app.searchMinFav).toBe(5);
  });

  it('keep the other parts when one part or one field is bad', () => {
    const s = parseSettings(
      JSON.stringify({
        content: 'nope',
        blocks: { tags: ['x'] },
        app: { wfType: 'Justified', isLongpressDL: 7 },
        reader: { size: 99, weight: 300 },
      }),
    );
    expect(s.content).toEqual(DEFAULT_SETTINGS.content);
    expect(s.blocks.tags).toEqual(['x']);
    expect(s.app).toMatchObject({ wfType: 'Justified', isLongpressDL: false });
    expect(s.reader).toMatchObject({ size: 36, weight: 300, height: 2 });
  });

  it('setAppSetting turns the other member of an exclusive pair off', () => {
    setAppSetting('isLongpressBlock', true);
    setAppSetting('isLongpressDL', true);
    expect(stored().app).toMatchObject({ isLongpressBlock: false, isLongpressDL: true });
    setAppSetting('isLongpressBlock', true);
    expect(stored().app).toMatchObject({ isLongpressBlock: true, isLongpressDL: false });
    setAppSetting('preferDownloadByTm', true);
    setAppSetting('preferDownloadByFsa', true);
    expect(stored().app).toMatchObject({ preferDownloadByFsa: true, preferDownloadByTm: false });
    setAppSetting('wfType', 'Grid');
    expect(stored().app.wfType).toBe('Grid');
  });

  it('addBlock adds an author or a tag once', () => {
    updateSettings((s) => s);
    addBlock({ authorId: 7 });
    addBlock({ authorId: 7, tag: 'cat' });
    addBlock({ tag: 'cat' });
    expect(stored().blocks).toEqual({ tags: ['cat'], authorIds: [7] });
  });
});
