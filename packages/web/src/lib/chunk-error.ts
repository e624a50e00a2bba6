/**
 * A screen's code chunk that fails to load: after a redeploy the old chunk names are gone, or the
 * network dropped. Browsers word the error differently; Vite's preload helper adds its own.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : '';
  return CHUNK_ERROR.test(message);
}

/**
 * A page reloaded for a failed chunk must not reload again in a loop (offline, or a broken
 * deploy): it reloads by itself only when it has not done so in the last CHUNK_RELOAD_WINDOW_MS.
 */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

export function mayAutoReload(lastReloadAt: number | null, now: number): boolean {
  return (
    lastReloadAt === null || now < lastReloadAt || now - lastReloadAt >= CHUNK_RELOAD_WINDOW_MS
  );
}

/** A chunk still loading after this long has failed (spec 001 §8 "ChunkLoadError, time-out 120 s"). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * `load()` (a dynamic import), failing with a ChunkLoadError when it has not settled within
 * `timeoutMs`: a stalled request shows the chunk error screen instead of a blank page for ever.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`Loading chunk timed out after ${timeoutMs / 1000} s`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
