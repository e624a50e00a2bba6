import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_SETTINGS } from '@pv/core';
import { serverRouteOf } from './server-routes.ts';

describe('serverRouteOf', () => {
  it('renders the rankings the user’s content settings show, and only those', () => {
    const content = { r18: true, r18g: false, ai: false };
    expect(serverRouteOf('/rank/daily_r18', content)).not.toBeNull();
    expect(serverRouteOf('/rank/daily_r18_ai', content)).toBeNull();
    expect(serverRouteOf('/rank/r18g', content)).toBeNull();
    expect(serverRouteOf('/rank/daily_ai', content)).toBeNull();
    expect(serverRouteOf('/rank/daily_ai', { ...content, ai: true })).not.toBeNull();
    // without the cookie: the defaults, which hide R-18
    expect(serverRouteOf('/rank/daily_r18')).toBeNull();
    expect(serverRouteOf('/rank/daily', DEFAULT_CONTENT_SETTINGS)?.screen).toBe(
      'src/screens/Rank/RankScreen.tsx',
    );
  });

  it('names the screen of every rendered route, aliases too, and nothing for the others', () => {
    expect(serverRouteOf('/artworks/1')?.screen).toBe('src/screens/Artwork/ArtworkScreen.tsx');
    expect(serverRouteOf('/i/1')?.screen).toBe('src/screens/Artwork/ArtworkScreen.tsx');
    expect(serverRouteOf('/novel/2?x=1')?.screen).toBe('src/screens/Novel/NovelScreen.tsx');
    expect(serverRouteOf('/u/3')?.screen).toBe('src/screens/User/UserScreen.tsx');
    expect(serverRouteOf('/rank_novel/day')?.screen).toBe(
      'src/screens/RankNovel/RankNovelScreen.tsx',
    );
    for (const home of ['/', '/home', '/index', '/index.html?x=1'])
      expect(serverRouteOf(home)?.screen, home).toBe('src/screens/Home/HomeScreen.tsx');
    expect(serverRouteOf('/home_manga')?.screen).toBe('src/screens/Home/HomeMangaScreen.tsx');
    expect(serverRouteOf('/home_novel')?.screen).toBe('src/screens/HomeNovel/HomeNovelScreen.tsx');
    expect(serverRouteOf('/setting')).toBeNull();
    expect(serverRouteOf('/rank/nonsense')).toBeNull();
  });
});
