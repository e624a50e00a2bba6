/** Names the service worker and the app share (STYLE.md, Data: storage names in one place). */

/** The Cache API cache holding what the user saved for offline reading (answers and pictures). */
export const SAVED_CACHE = 'pv-saved-v1';

/** The message that tells a waiting worker to take over: what workbox-window's messageSkipWaiting sends. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** Paths the service worker never answers with the app shell. */
export const NOT_SHELL = /^\/(api|i|s|sk|feeds|oembed|assets)(\/|$)|\.[a-z0-9]{1,12}$/i;

/** On an answer the service worker took from SAVED_CACHE because the network failed. */
export const SAVED_HEADER = 'x-pv-saved';
