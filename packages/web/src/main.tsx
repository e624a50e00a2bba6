import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import './styles/globals.css';
import { Providers, createQueryClient } from './app/providers.tsx';
import { createRouter, routes } from './app/router.tsx';
import { adoptServerStylesheets, readPageData, resolveLazyRoutes } from './app/server-render.ts';
import { ServerPageContexts } from './app/ServerPageContexts.tsx';
import { holdServerDates, settleDates } from './lib/format.ts';
import { initI18n, loadFallbackCatalogueAfterPaint } from './lib/i18n.ts';
import { createApiClient } from './state/api/client.ts';
import { holdPreloads } from './state/api/preloaded.ts';
import { OWN_API_BASE, readApiBase } from './state/settings/api-base.ts';
import { readImageProxy } from './state/settings/image-proxy.ts';
import { syncFirstDataCookie } from './state/settings/first-data-cookie.ts';
import { mirrorFirstPaint } from './state/settings/first-paint-cookie.ts';
import { afterTakeOver } from './lib/useHydratedMark.ts';
import { readSettings } from './state/settings/settings.ts';
import { userToken, webSessionHeaders } from './state/settings/client-config.ts';
import { externalTarget } from './lib/external-query.ts';
import { installImageFallback, upstreamPicture } from './lib/image-fallback.ts';
import { installDirectPictures, pictureHelper } from './lib/direct-pictures.ts';
import { installPageTransitions } from './app/shell/page-transitions.ts';
import { installHeldTaps } from './lib/held-taps.ts';
import { installModalHistory } from './lib/modal-history.ts';
import { afterStartup, checkStartup, renderBlocked } from './app/shell/startup.tsx';
import { renderLeaveSite } from './app/shell/LeaveSite.tsx';
import { registerServiceWorker } from './app/shell/service-worker.ts';
import { reportNetwork, watchConnectivity } from './state/ui/network.ts';
import { readPageConfig, startServerConfig } from './state/queries/config.ts';

/**
 * Starts the app. Not top-level code: a module that awaits at its top level holds back every
 * module importing it until it settles, and the screen chunks this start awaits (the lazy route
 * of a page the server rendered) import the modules bundled with this entry (vite.config.ts): a
 * top-level await here would wait for them while they wait for it, and the app never starts.
 */
async function start(): Promise<void> {
  // before the app adds any screen's stylesheet
  adoptServerStylesheets();
  const external = externalTarget(window.location.search, window.location.origin);
  if (external?.direct) {
    window.location.replace(external.url);
  } else if (external) {
    await initI18n();
    renderLeaveSite(
      createRoot(document.getElementById('root')!),
      external.url,
      window.location.pathname,
    );
  } else {
    // the server preloads and renders a page's first mirror calls only while they are its
    // anonymous ones
    const ownCalls = userToken() !== undefined || readApiBase() !== OWN_API_BASE;
    syncFirstDataCookie(ownCalls);
    // the answers preloaded with the HTML, asked for at once for the first queries to take
    holdPreloads();
    const i18n = await initI18n();
    // the next page's first paint in this browser's theme, language and layout (server-side),
    // once this one is taken over: the cookie's time zone is the page's first Intl formatter
    afterTakeOver(() => mirrorFirstPaint(readSettings()));
    i18n.on('languageChanged', () => mirrorFirstPaint(readSettings()));
    const container = document.getElementById('root')!;
    const startup = checkStartup();
    if (startup.kind === 'blocked') {
      renderBlocked(createRoot(container));
      throw new Error(startup.abort);
    }
    // A page the server rendered (issue 33): adopted as it is, from the data it was rendered with,
    // when this app renders it the same way (same language); otherwise rendered anew over it. Not
    // for an app whose calls are not the anonymous ones (its own token, another mirror): the
    // server rendered this browser's first page before it knew (the opt-out cookie is set just
    // above), from its own account's answers, which say whether that account follows a user or
    // bookmarked a work. Such an app renders anew from its own calls.
    const server = ownCalls ? null : readPageData();
    const queryClient = createQueryClient();
    // before the persister restores anything: the server's answers are the page's first data
    if (server) hydrate(queryClient, server.queries);
    // the server's config from the page, before the first render (state/queries/config.ts)
    void startServerConfig(queryClient, readPageConfig());
    // The screen's chunk before the first render: a lazy route would render nothing at first. A
    // chunk that does not load is the router's to report (its route error, a reload once), so the
    // app then renders anew: never a server page left without its app.
    // A user's own image proxy: the server drew the pictures through this site's /i/, which the
    // adopted page would keep (useLazyImage keeps a shown picture); rendered anew, they come
    // through the user's choice, from the same data.
    const adopt =
      server !== null &&
      server.language === i18n.language &&
      readImageProxy() === null &&
      (await resolveLazyRoutes(routes, window.location.pathname).then(
        () => true,
        () => false,
      ));
    const router = createRouter();
    // first, so that page transitions see a navigation as it was asked for
    installModalHistory(router);
    installPageTransitions(router);
    // a tap on server markup the app will draw anew waits for the app's (lib/held-taps.ts)
    installHeldTaps();
    const app = (
      <StrictMode>
        {/* hydration renders with what the server rendered with, then with the user's own */}
        <ServerPageContexts page={adopt ? server : null}>
          <Providers
            api={createApiClient({
              base: readApiBase(),
              userToken,
              webSession: webSessionHeaders,
              onNetwork: reportNetwork,
            })}
            queryClient={queryClient}
          >
            <RouterProvider router={router} />
          </Providers>
        </ServerPageContexts>
      </StrictMode>
    );
    if (adopt) {
      // the dates as the server wrote them until the page is taken over (lib/format.ts)
      holdServerDates();
      afterTakeOver(settleDates);
      hydrateRoot(container, app);
    } else createRoot(container).render(app);
    afterStartup(startup);
    loadFallbackCatalogueAfterPaint();
    watchConnectivity();
    installImageFallback();
    const helper = readSettings().app.isDirectPximg ? pictureHelper() : null;
    if (helper) installDirectPictures(helper, upstreamPicture);
    if (import.meta.env.PROD) registerServiceWorker();
  }
}

void start();
