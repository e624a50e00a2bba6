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
    // in any case and with a closing slash, as the app's router matches them
    expect(serverRouteOf('/Artworks/1/')?.screen).toBe('src/screens/Artwork/ArtworkScreen.tsx');
    expect(serverRouteOf('/HOME')?.screen).toBe('src/screens/Home/HomeScreen.tsx');
    expect(serverRouteOf('/novel/2?x=1')?.screen).toBe('src/screens/Novel/NovelScreen.tsx');
    expect(serverRouteOf('/u/3')?.screen).toBe('src/screens/User/UserScreen.tsx');
    expect(serverRouteOf('/rank_novel/day')?.screen).toBe(
      'src/screens/RankNovel/RankNovelScreen.tsx',
    );
    expect(serverRouteOf('/s/cat?order=date_asc')?.screen).toBe(
      'src/screens/SearchResults/SearchResultsScreen.tsx',
    );
    expect(serverRouteOf('/search_novel/cat')?.screen).toBe(
      'src/screens/SearchNovelResults/SearchNovelResultsScreen.tsx',
    );
    expect(serverRouteOf('/lives')?.screen).toBe('src/screens/Live/LivesScreen.tsx');
    expect(serverRouteOf('/discovery')?.screen).toBe('src/screens/Discovery/DiscoveryScreen.tsx');
    expect(serverRouteOf('/search_user/cat')).toBeNull();
    for (const home of ['/', '/home', '/index', '/index.html?x=1'])
      expect(serverRouteOf(home)?.screen, home).toBe('src/screens/Home/HomeScreen.tsx');
    expect(serverRouteOf('/home_manga')?.screen).toBe('src/screens/Home/HomeMangaScreen.tsx');
    expect(serverRouteOf('/home_novel')?.screen).toBe('src/screens/HomeNovel/HomeNovelScreen.tsx');
    expect(serverRouteOf('/setting')).toBeNull();
    expect(serverRouteOf('/rank/nonsense')).toBeNull();
  });

  it('names the screens of the spotlights, the series and the author lists (issue 33)', () => {
    const screens: Record<string, string> = {
      '/spotlights?tab=manga': 'Spotlight/SpotlightsScreen',
      '/pixivision': 'Spotlight/SpotlightsScreen',
      '/spotlight/5': 'Spotlight/SpotlightScreen',
      '/sp/5': 'Spotlight/SpotlightScreen',
      '/a/5': 'Spotlight/SpotlightArticleScreen',
      '/pixivision/5': 'Spotlight/SpotlightArticleScreen',
      '/user/1/series/2': 'Series/IllustSeriesScreen',
      '/novel/series/3': 'Series/NovelSeriesScreen',
      '/novel/3': 'Novel/NovelScreen',
    };
    for (const list of [
      'artworks',
      'illustrations',
      'novels',
      'favorites',
      'bookmarks/artworks',
      'favorite_novels',
      'bookmarks/novels',
    ]) {
      screens[`/users/4/${list}`] = 'User/AuthorListScreen';
    }
    for (const [url, screen] of Object.entries(screens)) {
      expect(serverRouteOf(url)?.screen, url).toBe(`src/screens/${screen}.tsx`);
    }
    expect(serverRouteOf('/users/4/following')).toBeNull();
  });
});
