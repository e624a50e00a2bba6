import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { ApiProvider } from '../state/api/ApiContext.tsx';
import type { ApiClient } from '../state/api/client.ts';
import { SERVER_CONFIG_KEY } from '../state/queries/config.ts';
import { PERSIST_BUSTER, PERSIST_MAX_AGE_MS, createIdbPersister } from '../state/persist.ts';

const NOT_PERSISTED = new Set([SERVER_CONFIG_KEY, 'random']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Persisted entries must outlive the persisted snapshot to be restored.
      queries: {
        refetchOnWindowFocus: false,
        retry: false,
        gcTime: PERSIST_MAX_AGE_MS,
        // Try the call even when the browser says offline: the service worker answers what was
        // saved, and anything else fails to an error state instead of waiting forever.
        networkMode: 'offlineFirst',
      },
    },
  });
}

export function Providers({
  api,
  queryClient,
  persist = true,
  children,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  /** Restore and save the cache in IndexedDB (off where there is none). */
  persist?: boolean;
  children: ReactNode;
}) {
  const inner = <ApiProvider client={api}>{children}</ApiProvider>;
  if (!persist || typeof indexedDB === 'undefined') {
    return <QueryClientProvider client={queryClient}>{inner}</QueryClientProvider>;
  }
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: createIdbPersister(),
        maxAge: PERSIST_MAX_AGE_MS,
        buster: PERSIST_BUSTER,
        dehydrateOptions: {
          // Only answers, never failures or pending requests; not the server's own settings
          // (read fresh each start) nor one visit's random lists.
          shouldDehydrateQuery: (q) =>
            q.state.status === 'success' && !NOT_PERSISTED.has(String(q.queryKey[0])),
        },
      }}
    >
      {inner}
    </PersistQueryClientProvider>
  );
}
