import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './nav-items.ts';

const sectionOf = (pathname: string) =>
  NAV_ITEMS.filter((item) => item.section.test(pathname)).map((item) => item.label);

describe('the bottom navigation sections', () => {
  it('counts every home tab and alias as Home, so tapping Home there scrolls to the top', () => {
    for (const path of [
      '/',
      '/home',
      '/index',
      '/index.html',
      '/home_manga',
      '/home_novel',
      '/lives',
    ])
      expect(sectionOf(path), path).toEqual(['nav.home']);
  });
  it('gives each other tab page its own section, and detail pages none', () => {
    expect(sectionOf('/search_novel/x')).toEqual(['nav.search']);
    expect(sectionOf('/rank_novel/day')).toEqual(['nav.rank']);
    expect(sectionOf('/following')).toEqual(['nav.following']);
    expect(sectionOf('/setting')).toEqual(['nav.setting']);
    for (const path of ['/artworks/1', '/live/1', '/indexes', '/users/1'])
      expect(sectionOf(path), path).toEqual([]);
  });
  it('shows Following to signed-in users only', () => {
    expect(NAV_ITEMS.filter((i) => i.signedIn).map((i) => i.label)).toEqual(['nav.following']);
  });
});
