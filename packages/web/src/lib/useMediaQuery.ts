import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * The viewport width, px, that media queries are read against while the page is rendered on the
 * server and while the app adopts that markup (hydration): the server cannot measure the screen,
 * so it renders for the width the browser's hints suggest (entry-server.tsx), and the app's first
 * render must read the same. Right after hydration every query reads the real screen.
 */
export const ServerMediaContext = createContext<number | null>(null);

/**
 * Whether a width query (`(min-width: Npx)`, `(max-width: Npx)`, joined by `and`) holds at
 * `width`; any other query, or no width, reads as not matching.
 */
export function widthQueryMatches(query: string, width: number | null): boolean {
  if (width === null) return false;
  const parts = query.split(/\s+and\s+/);
  return parts.every((part) => {
    const m = /^\(\s*(min|max)-width:\s*(\d+(?:\.\d+)?)px\s*\)$/.exec(part.trim());
    if (!m) return false;
    return m[1] === 'min' ? width >= Number(m[2]) : width <= Number(m[2]);
  });
}

/**
 * Whether a media query matches now, following its changes (a resize, a rotated phone).
 * Without `matchMedia` (tests, old engines) it reads as not matching.
 */
export function useMediaQuery(query: string): boolean {
  const serverWidth = useContext(ServerMediaContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => widthQueryMatches(query, serverWidth),
  );
}
