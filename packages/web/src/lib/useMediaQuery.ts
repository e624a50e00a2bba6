import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following its changes (a resize, a rotated phone).
 * Without `matchMedia` (tests, old engines) it reads as not matching.
 */
export function useMediaQuery(query: string): boolean {
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
    () => false,
  );
}
