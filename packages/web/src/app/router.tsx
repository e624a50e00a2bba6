import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell.tsx';
import { screenRoutes } from './routes.tsx';

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // The catalogue is loaded before the first render; lazy screens need no fallback markup.
    HydrateFallback: () => null,
    children: screenRoutes,
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
