import { useEffect } from 'react';
import { useServerRender } from './useServerRender.ts';

/** The attribute of `<html>` that says the app has taken the page over (see useHydratedMark). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks `<html data-hydrated>` once this component's render after hydration is committed (a page
 * the server rendered), or its first render (a page the app rendered itself): from then on the
 * page's controls are the app's own, laid out for the measured width, not the server's markup
 * waiting for its script (issue 33). Browser tests wait for it after a navigation; it is also a
 * hook for anything that must not act on markup the app has not adopted yet.
 *
 * Called inside the boundary of the screen (AppShell), which React hydrates after the root, and by
 * the screens rendered outside the router (route error, blocked page, leaving the site).
 */
export function useHydratedMark(): void {
  const serverRender = useServerRender();
  useEffect(() => {
    if (!serverRender) document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, [serverRender]);
}

/** useHydratedMark as an element, for a place in the tree rather than a component's body. */
export function HydratedMark(): null {
  useHydratedMark();
  return null;
}
