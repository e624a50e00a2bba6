import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell.tsx';
import { RouteError } from './shell/RouteError.tsx';
import { screenRoutes } from './routes.tsx';

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // The catalogue is loaded before the first render; lazy screens need no fallback markup.
    HydrateFallback: () => null,
    // A failure in the shell itself; a screen's failure is caught below, inside the shell.
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: screenRoutes }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
