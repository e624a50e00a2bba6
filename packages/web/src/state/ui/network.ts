/**
 * Whether the network is down (issue 19): the browser says offline, or the last call to this
 * server failed with a network error (fetch rejected: no answer at all). Cleared by the next
 * answer or the browser's online event. The offline banner (app/shell/AppStatus) reads it.
 */
import { useSyncExternalStore } from 'react';

let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let networkFailed = false;
const listeners = new Set<() => void>();

function update(offline: boolean, failed: boolean): void {
  if (offline === browserOffline && failed === networkFailed) return;
  browserOffline = offline;
  networkFailed = failed;
  for (const l of listeners) l();
}

/** Told after each call: false for a network error, true for any answer (even a 4xx/5xx). */
export function reportNetwork(ok: boolean): void {
  update(browserOffline, !ok);
}

/** Follows the browser's online and offline events (once, at startup). */
export function watchConnectivity(): void {
  const sync = () => update(!navigator.onLine, navigator.onLine ? false : networkFailed);
  window.addEventListener('online', sync);
  window.addEventListener('offline', sync);
}

const isOffline = () => browserOffline || networkFailed;

export function useOffline(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isOffline,
    () => false,
  );
}
