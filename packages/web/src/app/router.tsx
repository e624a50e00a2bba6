/**
 * The one route table (spec 001 §2.1). Every screen is a lazy chunk; routes whose screens come
 * in later issues show a placeholder with their title.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell.tsx';
import { PlaceholderScreen } from '../screens/Placeholder/PlaceholderScreen.tsx';

const lazyScreen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // The catalogue is loaded before the first render; lazy screens need no fallback markup.
    HydrateFallback: () => null,
    children: [
      { index: true, element: <PlaceholderScreen titleKey="nav.home" /> },
      { path: 'rank', element: <Navigate to="/rank/daily" replace /> },
      { path: 'ranking', element: <Navigate to="/rank/daily" replace /> },
      { path: 'ranking.php', element: <Navigate to="/rank/daily" replace /> },
      { path: 'rank/:type', lazy: lazyScreen(() => import('../screens/Rank/RankScreen.tsx')) },
      {
        path: 'artworks/:id',
        lazy: lazyScreen(() => import('../screens/Artwork/ArtworkScreen.tsx')),
      },
      { path: 'search', element: <PlaceholderScreen titleKey="search.title" /> },
      { path: 'setting', element: <PlaceholderScreen titleKey="setting.title" /> },
      { path: 'following', element: <PlaceholderScreen titleKey="following.title" /> },
      { path: '*', lazy: lazyScreen(() => import('../screens/NotFound/NotFoundScreen.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
