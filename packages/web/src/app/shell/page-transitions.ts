/**
 * Page transitions on navigation (spec 001 §2.1): React Router runs the View Transitions API when
 * a navigation asks for it and, on back, replays it for the pair of pages it animated before. This
 * asks for it on every new navigation while the setting is on, and tells the CSS which animation
 * and direction to play (`data-pt`, `data-pt-dir` on <html>; see styles/transitions.css).
 * Browsers without the API, the 'none' setting and reduced motion get plain navigation.
 */
import type { createBrowserRouter } from 'react-router';
import { directionOf, pickTransition } from '../../lib/page-transition.ts';
import { readSettings } from '../../state/settings/settings.ts';
import type { RouteHandle } from '../routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotion(): boolean {
  return window.matchMedia?.(REDUCED_MOTION).matches ?? false;
}

function historyIdx(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

function isTab(state: AppRouter['state']): boolean {
  return state.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.tab);
}

export function installPageTransitions(router: AppRouter): void {
  const supported = typeof document.startViewTransition === 'function';
  const navigate = router.navigate.bind(router);
  router.navigate = ((to: Parameters<AppRouter['navigate']>[0], opts?: object) => {
    // Numbers are history moves: the router animates those itself when it animated the way in.
    if (typeof to === 'number' || !supported) return navigate(to as never, opts as never);
    const options = (opts ?? {}) as { replace?: boolean; viewTransition?: boolean };
    const on = !options.replace && !reducedMotion() && readSettings().app.pageTransition !== 'none';
    // Links pass `viewTransition: undefined` explicitly; only an explicit false opts out.
    return navigate(to, { ...options, viewTransition: options.viewTransition ?? on });
  }) as AppRouter['navigate'];

  let lastKey = router.state.location.key;
  let lastIdx = historyIdx();
  let lastTab = isTab(router.state);
  const root = document.documentElement;
  // Subscribed before the RouterProvider, so the attributes are set before its transition starts.
  router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    const idx = historyIdx();
    const tab = isTab(state);
    const kind = pickTransition({
      setting: readSettings().app.pageTransition,
      reducedMotion: reducedMotion(),
      fromTab: lastTab,
      toTab: tab,
    });
    root.dataset.pt = kind ?? 'none';
    root.dataset.ptDir = directionOf(lastIdx, idx);
    lastKey = state.location.key;
    lastIdx = idx;
    lastTab = tab;
  });
}
