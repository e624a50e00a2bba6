import { describe, expect, it } from 'vitest';
import { HOME_LISTS, homeListHref, parseHomeList } from './home-lists.ts';

describe('home lists', () => {
  it('round-trips every list through its href', () => {
    for (const list of HOME_LISTS) {
      const url = new URL(homeListHref(list), 'https://x.test');
      expect(url.pathname).toBe('/osusume_illust');
      expect(parseHomeList(url.searchParams.get('list'))).toBe(list);
    }
  });

  it('reads anything unknown as recommended illustrations', () => {
    expect(parseHomeList(null)).toBe('illust');
    expect(parseHomeList('nope')).toBe('illust');
    expect(homeListHref('illust')).toBe('/osusume_illust');
  });
});
