import { describe, expect, it } from 'vitest';
import {
  artworkIdFromKeyword,
  artworkIdFromUrl,
  normaliseKeyword,
  planSearch,
} from './search-query.ts';

const SAFE = { r18: false, r18g: false, ai: true };

describe('search keyword rules', () => {
  it('collapses whitespace runs, full-width spaces included', () => {
    expect(normaliseKeyword('  猫 \u3000  耳\t ')).toBe('猫 耳');
  });

  it('jumps to an artwork pasted as the last word', () => {
    expect(artworkIdFromKeyword('猫 https://www.pixiv.net/artworks/123456')).toBe(123456);
    expect(artworkIdFromKeyword('https://www.pixiv.net/en/artworks/99')).toBe(99);
    expect(
      artworkIdFromUrl('http://www.pixiv.net/member_illust.php?mode=medium&illust_id=42'),
    ).toBe(42);
    expect(artworkIdFromKeyword('https://www.pixiv.net/artworks/1 猫')).toBeNull();
    expect(artworkIdFromUrl('ftp://www.pixiv.net/artworks/1')).toBeNull();
    expect(artworkIdFromUrl('artworks/1')).toBeNull();
    expect(planSearch('https://www.pixiv.net/artworks/7', SAFE)).toEqual({
      kind: 'artwork',
      id: 7,
    });
  });

  it('appends -R-18 -R18 -18+ and drops adult results without R-18 or R-18G', () => {
    expect(planSearch('猫', SAFE)).toEqual({
      kind: 'search',
      word: '猫 -R-18 -R18 -18+',
      hideAi: false,
      dropAdult: true,
    });
    expect(planSearch('猫', { ...SAFE, r18: true })).toEqual({
      kind: 'search',
      word: '猫',
      hideAi: false,
      dropAdult: false,
    });
    expect(planSearch('猫', { ...SAFE, r18g: true })).toMatchObject({
      word: '猫',
      dropAdult: false,
    });
  });

  it('refuses R-18 queries for those users', () => {
    for (const q of ['R-18', '猫 r18', 'R-18G', '18+ 猫'])
      expect(planSearch(q, SAFE), q).toEqual({ kind: 'refused' });
    expect(planSearch('R18', { ...SAFE, r18: true }).kind).toBe('search');
    expect(planSearch('R180', SAFE).kind).toBe('search');
  });

  it('asks upstream to hide AI works when AI is off, and has nothing to do for an empty keyword', () => {
    expect(planSearch('猫', { ...SAFE, ai: false })).toMatchObject({ hideAi: true });
    expect(planSearch('  ', SAFE)).toEqual({ kind: 'empty' });
  });
});
