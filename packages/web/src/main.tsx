import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/globals.css';
import { Providers, createQueryClient } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n, loadFallbackCatalogueAfterPaint } from './lib/i18n.ts';
import { createApiClient } from './state/api/client.ts';
import { holdPreloads } from './state/api/preloaded.ts';
import { OWN_API_BASE, readApiBase } from './state/settings/api-base.ts';
import { syncFirstDataCookie } from './state/settings/first-data-cookie.ts';
import { mirrorFirstPaint } from './state/settings/first-paint-cookie.ts';
import { readSettings } from './state/settings/settings.ts';
import { userToken, webSessionHeaders } from './state/settings/client-config.ts';
import { externalTarget } from './lib/external-query.ts';
import { installImageFallback } from './lib/image-fallback.ts';
import { installPageTransitions } from './app/shell/page-transitions.ts';
import { installModalHistory } from './lib/modal-history.ts';
import { afterStartup, checkStartup, renderBlocked } from './app/shell/startup.tsx';
import { renderLeaveSite } from './app/shell/LeaveSite.tsx';
import { registerServiceWorker } from './app/shell/service-worker.ts';
import { reportNetwork, watchConnectivity } from './state/ui/network.ts';

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
  // the server preloads a page's first mirror calls only while they are its anonymous ones
  syncFirstDataCookie(userToken() !== undefined || readApiBase() !== OWN_API_BASE);
  // the answers preloaded with the HTML, asked for at once for the first queries to take
  holdPreloads();
  const i18n = await initI18n();
  // the next page's first paint in this browser's theme, language and layout (server-side)
  mirrorFirstPaint(readSettings().app);
  i18n.on('languageChanged', () => mirrorFirstPaint(readSettings().app));
  const root = createRoot(document.getElementById('root')!);
  const startup = checkStartup();
  if (startup.kind === 'blocked') {
    renderBlocked(root);
    throw new Error(startup.abort);
  }
  const router = createRouter();
  // first, so that page transitions see a navigation as it was asked for
  installModalHistory(router);
  installPageTransitions(router);
  root.render(
    <StrictMode>
      <Providers
        api={createApiClient({
          base: readApiBase(),
          userToken,
          webSession: webSessionHeaders,
          onNetwork: reportNetwork,
        })}
        queryClient={createQueryClient()}
      >
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  afterStartup(startup);
  loadFallbackCatalogueAfterPaint();
  watchConnectivity();
  installImageFallback();
  if (import.meta.env.PROD) registerServiceWorker();
}
