import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/globals.css';
import { Providers, createQueryClient } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { createApiClient } from './state/api/client.ts';
import { externalTarget } from './lib/external-query.ts';

const external = externalTarget(window.location.search);
if (external) {
  window.location.replace(external);
} else {
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers api={createApiClient()} queryClient={createQueryClient()}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
}
