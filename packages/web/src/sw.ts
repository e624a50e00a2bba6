/**
 * The service worker (issue 19), built by vite-plugin-pwa's injectManifest into /sw.js.
 * - Precaches the app shell and this build's hashed code, styles and icons.
 * - Page navigations go to the network first (the server adds per-page markup to the shell) and
 *   fall back to the precached shell when the network is down, so the app opens offline.
 * - API answers and pictures come from the network; when it fails, from what the user saved
 *   (SAVED_CACHE), so saved artworks and novels read without network.
 * - A new build waits until the page asks it to take over (the update prompt), never silently.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOT_SHELL, SAVED_CACHE, SAVED_HEADER, SKIP_WAITING } from './sw/names.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Navigations: the server's shell (with its per-page head) when it answers within 4 s, else the
// precached shell of this build, so the app opens offline.
const NAVIGATION_TIMEOUT_MS = 4000;
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const res = await fetch(request, { signal: AbortSignal.timeout(NAVIGATION_TIMEOUT_MS) });
        if (res.status < 500) return res;
      } catch {
        // offline or timed out: the shell below
      }
      const cached = await matchPrecache('index.html');
      return cached ?? Response.error();
    },
    { denylist: [NOT_SHELL] },
  ),
);

/** The network's answer, or the saved copy of the same URL when the network fails. */
async function networkThenSaved(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(SAVED_CACHE);
    const saved = await cache.match(request.url, { ignoreVary: true });
    if (!saved) throw err;
    // Marked, so that the app still shows it is offline while it reads what was saved.
    const headers = new Headers(saved.headers);
    headers.set(SAVED_HEADER, '1');
    return new Response(saved.body, {
      status: saved.status,
      statusText: saved.statusText,
      headers,
    });
  }
}

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/(api|i|s|sk)\//.test(url.pathname),
  ({ request }) => networkThenSaved(request),
);
