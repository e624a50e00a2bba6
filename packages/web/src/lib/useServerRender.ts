import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * True while rendering on the server and during the app's first render over that markup
 * (hydration), false in every other render: what a component needs to draw the same markup as
 * the server, and then its measured form, with no mismatch (issue 33).
 */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
