import { mayAutoReload } from '../../lib/chunk-error.ts';
import { STORAGE_KEYS } from '../../state/settings/storage-keys.ts';

/**
 * After a redeploy a tab still running the old build asks for chunks that no longer exist: the
 * page reloads once by itself to fetch the new build. Returns whether it is reloading; a second
 * failure soon after (offline, a broken deploy) is left to the error screen.
 */
export function reloadOnceForChunkError(): boolean {
  const now = Date.now();
  let last: number | null = null;
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.chunkReloadAt);
    last = raw === null ? null : Number(raw);
    if (!mayAutoReload(last, now)) return false;
    sessionStorage.setItem(STORAGE_KEYS.chunkReloadAt, String(now));
  } catch {
    // No session storage (privacy mode): never reload by ourselves, a loop could not be stopped.
    return false;
  }
  window.location.reload();
  return true;
}
