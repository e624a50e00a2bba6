/**
 * Tells the server whether it may preload this browser's first data with the page (server
 * routes/first-data.ts): not while the app's mirror calls differ from the anonymous calls to this
 * server that it preloads (the user's own token in local-app mode, another mirror), as the app's
 * call could not take such a preload and it would be fetched for nothing.
 */
export const FIRST_DATA_COOKIE = 'pv_first_data';

const OFF = `${FIRST_DATA_COOKIE}=off`;

/** Sets the opt-out cookie when the calls differ, removes it when they no longer do. */
export function syncFirstDataCookie(differs: boolean, doc: Document = document): void {
  const has = doc.cookie.split(';').some((c) => c.trim() === OFF);
  if (differs && !has) doc.cookie = `${OFF}; path=/; max-age=31536000; samesite=lax`;
  if (!differs && has) doc.cookie = `${FIRST_DATA_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
