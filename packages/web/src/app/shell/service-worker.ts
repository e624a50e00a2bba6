/**
 * The app's side of the service worker (issue 19): registration through workbox-window and the
 * update prompt's state (a new build installed and waiting), which AppStatus renders.
 * workbox-window is loaded when registering, after the first render: not part of the first paint.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { withChunkTimeout } from '../../lib/chunk-error.ts';

type Listener = () => void;

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

const updateWaiting = store(false);
let workbox: Workbox | null = null;

/** Registers /sw.js (production builds only: the dev server has none). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // Registration can fail (blocked by the browser or an extension, private modes, a broken
  // worker file, its code not loading): the app then simply runs without offline support.
  withChunkTimeout(() => import('workbox-window'))
    .then(({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      workbox = wb;
      // A build installed while this page runs old code: ask, never swap code under the user.
      wb.addEventListener('waiting', () => updateWaiting.set(true));
      return wb.register();
    })
    .catch(() => undefined);
}

/** The update prompt's Reload: the waiting worker takes over, then the page reloads onto it. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return window.location.reload();
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
  // A worker that took over already (another tab pressed Reload) sends no event here.
  setTimeout(() => window.location.reload(), 3000);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get, () => false);
}
