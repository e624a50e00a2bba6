/**
 * The one route table (spec 001 §2.1): every path and alias. Screens are lazy chunks; those of
 * later issues render a placeholder with their title and the top bar.
 */
import { Navigate, type RouteObject } from 'react-router';
import { PlaceholderScreen } from '../screens/Placeholder/PlaceholderScreen.tsx';

type Lazy = () => Promise<{ default: React.ComponentType }>;
const lazyScreen = (load: Lazy) => async () => ({ Component: (await load()).default });

const rank = lazyScreen(() => import('../screens/Rank/RankScreen.tsx'));
const artwork = lazyScreen(() => import('../screens/Artwork/ArtworkScreen.tsx'));
const searchResults = lazyScreen(() => import('../screens/SearchResults/SearchResultsScreen.tsx'));
const notFound = lazyScreen(() => import('../screens/NotFound/NotFoundScreen.tsx'));

/** Marks the main tab pages, which show the bottom navigation (detail pages do not). */
export interface RouteHandle {
  tab?: boolean;
}
const TAB: RouteHandle = { tab: true };

/** A screen still to come: its title (an i18n key under `title.`) and the top bar. */
function later(path: string, title: string, handle: RouteHandle = {}): RouteObject {
  return { path, handle, element: <PlaceholderScreen titleKey={`title.${title}`} /> };
}

function redirect(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace /> };
}

/** Paths with their aliases, each alias rendering the same screen. */
function withAliases(
  paths: string[],
  route: Omit<RouteObject, 'path' | 'index' | 'children'>,
): RouteObject[] {
  return paths.map((path) => ({ ...route, path }) as RouteObject);
}

export const screenRoutes: RouteObject[] = [
  ...['/', '/home', '/index', '/index.html'].map((p) => later(p, 'home', TAB)),
  later('/home_manga', 'home_manga', TAB),
  later('/home_novel', 'home_novel', TAB),
  later('/search', 'search', TAB),
  later('/search_novel', 'search_novel', TAB),
  later('/search_user', 'search_user', TAB),
  ...['/rank', '/ranking', '/ranking.php'].map((p) => redirect(p, '/rank/daily')),
  later('/following', 'following', TAB),
  later('/setting', 'setting', TAB),
  ...withAliases(['/search/:keyword', '/s/:keyword'], { handle: TAB, lazy: searchResults }),
  later('/search_novel/:keyword', 'search_results', TAB),
  { path: '/rank/:type', handle: TAB, lazy: rank },
  later('/rank_novel/:type', 'rank_novel', TAB),
  ...withAliases(['/artworks/:id', '/illust/:id', '/i/:id'], { lazy: artwork }),
  later('/novel/:id', 'novel'),
  later('/n/:id', 'novel'),
  later('/users/:id', 'user'),
  later('/u/:id', 'user'),
  later('/users/:id/artworks', 'user_artworks'),
  later('/users/:id/illustrations', 'user_artworks'),
  later('/users/:id/novels', 'user_novels'),
  later('/users/:id/favorites', 'user_favorites'),
  later('/users/:id/bookmarks/artworks', 'user_favorites'),
  later('/users/:id/favorite_novels', 'user_favorite_novels'),
  later('/users/:id/bookmarks/novels', 'user_favorite_novels'),
  later('/user/:uid/series/:sid', 'illust_series'),
  later('/novel/series/:id', 'novel_series'),
  later('/search_user/:word', 'search_results'),
  later('/setting/history', 'history'),
  later('/setting/clearcache', 'clearcache'),
  later('/setting/contents_display', 'contents_display'),
  later('/setting/preference', 'preference'),
  redirect('/setting/others', '/setting/preference'),
  later('/setting/about', 'about'),
  later('/setting/about/faq', 'faq'),
  later('/setting/about/disclaimer', 'disclaimer'),
  later('/setting/down_app', 'down_app'),
  later('/setting/osusume', 'osusume'),
  redirect('/setting/recommend', '/setting/osusume'),
  later('/setting/accent_color', 'accent_color'),
  later('/discovery', 'discovery'),
  later('/osusume_illust', 'osusume_illust'),
  later('/recom_illust', 'osusume_illust'),
  later('/spotlights', 'spotlights'),
  later('/pixivision', 'spotlights'),
  later('/spotlight/:id', 'spotlight'),
  later('/sp/:id', 'spotlight'),
  later('/pixivision/:id', 'spotlight'),
  later('/a/:id', 'spotlight'),
  later('/account/session', 'session'),
  later('/account/login', 'login'),
  later('/account/oauth', 'oauth'),
  later('/lives', 'lives'),
  later('/live/:id', 'live'),
  { path: '*', handle: TAB, lazy: notFound },
];

/** Every placeholder title key the table uses (the catalogue test checks they exist). */
export const TITLE_KEYS = [
  ...new Set(
    screenRoutes
      .map((r) => (r.element as { props?: { titleKey?: string } } | undefined)?.props?.titleKey)
      .filter((k): k is string => !!k),
  ),
];
