import { useEffect } from 'react';
import { replayEarlyTaps } from './early-taps.ts';
import { useServerRender } from './useServerRender.ts';

/** The attribute of `<html>` that says the app has taken the page over (see useHydratedMark). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** Work queued for after the take-over (afterTakeOver); null once it has run. */
let afterTakeOverQueue: (() => void)[] | null = [];

/**
 * Runs `task` in a task of its own once the app has taken the page over (`data-hydrated`), or
 * soon when it already has: work the take-over need not wait for (main.tsx: the first-paint
 * cookie, the dates in the viewer's zone, each the page's first Intl formatter).
 */
export function afterTakeOver(task: () => void): void {
  if (afterTakeOverQueue) afterTakeOverQueue.push(task);
  else setTimeout(task);
}

function takenOver(): void {
  const tasks = afterTakeOverQueue;
  if (!tasks) return;
  afterTakeOverQueue = null;
  // each its own task: a tap between them is not kept waiting
  for (const task of tasks) setTimeout(task);
}

/**
 * Marks `<html data-hydrated>` once this component's render after hydration is committed (a page
 * the server rendered), or its first render (a page the app rendered itself): from then on the
 * page's controls are the app's own, laid out for the measured width, not the server's markup
 * waiting for its script (issue 33). Browser tests wait for it after a navigation; it is also a
 * hook for anything that must not act on markup the app has not adopted yet: the taps held until
 * then are tapped again now (lib/early-taps.ts), and what waited for it runs (afterTakeOver).
 *
 * Called inside the boundary of the screen (AppShell), which React hydrates after the root, and by
 * the screens rendered outside the router (route error, blocked page, leaving the site). Suspense
 * boundaries inside a screen (ArtworkScreen's parts under its first screen) may still be the
 * server's markup then: React hydrates them when it has time, or at once when one is tapped.
 */
export function useHydratedMark(): void {
  const serverRender = useServerRender();
  useEffect(() => {
    if (serverRender) return;
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    // the buttons tapped while the page was the server's markup, now the app's (early-taps.ts)
    replayEarlyTaps();
    takenOver();
  }, [serverRender]);
}

/** useHydratedMark as an element, for a place in the tree rather than a component's body. */
export function HydratedMark(): null {
  useHydratedMark();
  return null;
}
