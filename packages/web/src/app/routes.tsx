/**
 * The one route table (spec 001 §2.1): every path and alias. Screens are lazy chunks; those of
 * later issues render a placeholder with their title and the top bar.
 */
import { Navigate, useParams, type RouteObject } from 'react-router';
import { withChunkTimeout } from '../lib/chunk-error.ts';

type Lazy = () => Promise<{ default: React.ComponentType }>;
/** A screen's chunk; one that has not loaded after 120 s fails as a chunk error (spec 001 §8). */
export const lazyScreen = (load: Lazy) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});

const loadNotFound = () => withChunkTimeout(() => import('../screens/NotFound/NotFoundScreen.tsx'));
/** pixiv's ids (works, users, series, articles, lives) are digits only. */
const NUMERIC_ID = /^\d{1,12}$/;

/**
 * A screen whose route params name pixiv ids: any other value (`/artworks/abc`) is the 404
 * page, never the screen asking upstream for a work that cannot exist.
 */
const idScreen =
  (load: Lazy, ...params: string[]) =>
  async () => {
    const [{ default: Screen }, { default: NotFound }] = await Promise.all([
      withChunkTimeout(load),
      loadNotFound(),
    ]);
    function IdScreen() {
      const values = useParams();
      const valid = params.every((p) => NUMERIC_ID.test(values[p] ?? ''));
      return valid ? <Screen /> : <NotFound />;
    }
    return { Component: IdScreen };
  };

/**
 * A settings sub-page: on a wide screen the settings menu sits beside it (SettingsLayout); the
 * layout's chunk loads with the page's.
 */
const settingPage = (load: Lazy) => async () => {
  const [{ default: Screen }, { default: Layout }] = await Promise.all([
    withChunkTimeout(load),
    withChunkTimeout(() => import('../screens/Setting/SettingsLayout.tsx')),
  ]);
  function SettingPage() {
    return (
      <Layout>
        <Screen />
      </Layout>
    );
  }
  return { Component: SettingPage };
};

const rank = lazyScreen(() => import('../screens/Rank/RankScreen.tsx'));
const artwork = idScreen(() => import('../screens/Artwork/ArtworkScreen.tsx'), 'id');
const searchResults = lazyScreen(() => import('../screens/SearchResults/SearchResultsScreen.tsx'));
const home = lazyScreen(() => import('../screens/Home/HomeScreen.tsx'));
const homeManga = lazyScreen(() => import('../screens/Home/HomeMangaScreen.tsx'));
const spotlights = lazyScreen(() => import('../screens/Spotlight/SpotlightsScreen.tsx'));
const spotlight = idScreen(() => import('../screens/Spotlight/SpotlightScreen.tsx'), 'id');
const spotlightArticle = idScreen(
  () => import('../screens/Spotlight/SpotlightArticleScreen.tsx'),
  'id',
);
const recommended = lazyScreen(() => import('../screens/Recommended/RecommendedScreen.tsx'));
const searchHome = lazyScreen(() => import('../screens/Search/SearchHomeScreen.tsx'));
const lives = lazyScreen(() => import('../screens/Live/LivesScreen.tsx'));
const live = idScreen(() => import('../screens/Live/LiveScreen.tsx'), 'id');
const discovery = lazyScreen(() => import('../screens/Discovery/DiscoveryScreen.tsx'));
const searchUser = lazyScreen(() => import('../screens/SearchUser/SearchUserScreen.tsx'));
const login = lazyScreen(() => import('../screens/Login/LoginScreen.tsx'));
const sessionLogin = lazyScreen(() => import('../screens/Login/SessionLoginScreen.tsx'));
const setting = lazyScreen(() => import('../screens/Setting/SettingScreen.tsx'));
const notFound = lazyScreen(() => import('../screens/NotFound/NotFoundScreen.tsx'));

export interface RouteHandle {
  /** A main tab page, which shows the bottom navigation (detail pages do not). */
  tab?: boolean;
  /**
   * Where the path sends the app at once (its query dropped, as `<Navigate to>` drops it); the
   * server answers the path with a redirect there (entry-server.tsx `serverRedirect`).
   */
  redirect?: string;
}
const TAB: RouteHandle = { tab: true };

function redirect(path: string, to: string): RouteObject {
  const handle: RouteHandle = { redirect: to };
  return { path, handle, element: <Navigate to={to} replace /> };
}

/** Paths with their aliases, each alias rendering the same screen. */
function withAliases(
  paths: string[],
  route: Omit<RouteObject, 'path' | 'index' | 'children'>,
): RouteObject[] {
  return paths.map((path) => ({ ...route, path }) as RouteObject);
}

export const screenRoutes: RouteObject[] = [
  ...withAliases(['/', '/home', '/index', '/index.html'], { handle: TAB, lazy: home }),
  { path: '/home_manga', handle: TAB, lazy: homeManga },
  {
    path: '/home_novel',
    handle: TAB,
    lazy: lazyScreen(() => import('../screens/HomeNovel/HomeNovelScreen.tsx')),
  },
  ...withAliases(['/search', '/search_novel', '/search_user'], { handle: TAB, lazy: searchHome }),
  ...['/rank', '/ranking', '/ranking.php'].map((p) => redirect(p, '/rank/daily')),
  redirect('/rank_novel', '/rank_novel/day'),
  ...withAliases(['/following', '/following/:tab'], {
    handle: TAB,
    lazy: lazyScreen(() => import('../screens/Following/FollowingScreen.tsx')),
  }),
  { path: '/setting', handle: TAB, lazy: setting },
  ...withAliases(['/search/:keyword', '/s/:keyword'], { handle: TAB, lazy: searchResults }),
  {
    path: '/search_novel/:keyword',
    handle: TAB,
    lazy: lazyScreen(() => import('../screens/SearchNovelResults/SearchNovelResultsScreen.tsx')),
  },
  { path: '/rank/:type', handle: TAB, lazy: rank },
  {
    path: '/rank_novel/:type',
    handle: TAB,
    lazy: lazyScreen(() => import('../screens/RankNovel/RankNovelScreen.tsx')),
  },
  ...withAliases(['/artworks/:id', '/illust/:id', '/i/:id'], { lazy: artwork }),
  ...withAliases(['/novel/:id', '/n/:id'], {
    lazy: idScreen(() => import('../screens/Novel/NovelScreen.tsx'), 'id'),
  }),
  ...withAliases(['/users/:id', '/u/:id'], {
    lazy: idScreen(() => import('../screens/User/UserScreen.tsx'), 'id'),
  }),
  ...withAliases(
    [
      '/users/:id/artworks',
      '/users/:id/illustrations',
      '/users/:id/novels',
      '/users/:id/favorites',
      '/users/:id/bookmarks/artworks',
      '/users/:id/favorite_novels',
      '/users/:id/bookmarks/novels',
    ],
    { lazy: idScreen(() => import('../screens/User/AuthorListScreen.tsx'), 'id') },
  ),
  {
    path: '/user/:uid/series/:sid',
    lazy: idScreen(() => import('../screens/Series/IllustSeriesScreen.tsx'), 'uid', 'sid'),
  },
  {
    path: '/novel/series/:id',
    lazy: idScreen(() => import('../screens/Series/NovelSeriesScreen.tsx'), 'id'),
  },
  // a detail page in spec 001 §2.1's table: no bottom navigation
  { path: '/search_user/:word', lazy: searchUser },
  {
    path: '/setting/history',
    lazy: settingPage(() => import('../screens/History/HistoryScreen.tsx')),
  },
  {
    path: '/saved',
    lazy: lazyScreen(() => import('../screens/Saved/SavedScreen.tsx')),
  },
  {
    path: '/setting/clearcache',
    lazy: settingPage(() => import('../screens/Setting/ClearCacheScreen.tsx')),
  },
  {
    path: '/setting/contents_display',
    lazy: settingPage(() => import('../screens/Setting/ContentDisplayScreen.tsx')),
  },
  {
    path: '/setting/preference',
    lazy: settingPage(() => import('../screens/Setting/PreferenceScreen.tsx')),
  },
  redirect('/setting/others', '/setting/preference'),
  {
    path: '/setting/about',
    lazy: settingPage(() => import('../screens/Setting/AboutScreen.tsx')),
  },
  {
    path: '/setting/about/faq',
    lazy: settingPage(() => import('../screens/Setting/FaqScreen.tsx')),
  },
  {
    path: '/setting/about/disclaimer',
    lazy: settingPage(() => import('../screens/Setting/DisclaimerScreen.tsx')),
  },
  {
    path: '/setting/down_app',
    lazy: settingPage(() => import('../screens/Setting/DownAppScreen.tsx')),
  },
  {
    path: '/setting/osusume',
    lazy: settingPage(() => import('../screens/Setting/OsusumeScreen.tsx')),
  },
  redirect('/setting/recommend', '/setting/osusume'),
  {
    path: '/setting/accent_color',
    lazy: settingPage(() => import('../screens/Setting/AccentColorScreen.tsx')),
  },
  { path: '/discovery', lazy: discovery },
  ...withAliases(['/osusume_illust', '/recom_illust'], { lazy: recommended }),
  ...withAliases(['/spotlights', '/pixivision'], { lazy: spotlights }),
  ...withAliases(['/spotlight/:id', '/sp/:id'], { lazy: spotlight }),
  ...withAliases(['/a/:id', '/pixivision/:id'], { lazy: spotlightArticle }),
  { path: '/account/session', lazy: sessionLogin },
  { path: '/account/login', lazy: login },
  { path: '/account/oauth', lazy: lazyScreen(() => import('../screens/OAuth/OAuthScreen.tsx')) },
  { path: '/lives', handle: TAB, lazy: lives },
  { path: '/live/:id', lazy: live },
  { path: '*', handle: TAB, lazy: notFound },
];
