import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from '../../components/Toast/Toaster.tsx';
import { ApiProvider } from '../../state/api/ApiContext.tsx';
import { createApiClient } from '../../state/api/client.ts';
import { webSessionKeys } from '../../state/queries/web-session.ts';
import { saveWebSession, webSessionHeaders } from '../../state/settings/client-config.ts';
import { RecommendedForYou } from './RecommendedForYou.tsx';
import { initEnglishI18n } from '../../test-i18n.ts';

// The sandbox's all-ages demo account (packages/sandbox/README.md).
const LOGIN = {
  session: '11000002_sbxSafeSession000000000000000002',
  csrfToken: '5a6e64626f7853616665437372663032',
  user: {
    id: 11000002,
    pixivId: 'sandbox_safe',
    name: 'sandbox safe',
    profileImg: '',
    profileImgBig: '',
    premium: false,
    xRestrict: 0,
  },
};

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Renders the block over an API whose every web-proxy call fails with a 502. */
function renderFailing() {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, headers: init.headers as Record<string, string> });
    return new Response('{"error":"upstream"}', { status: 502 });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ fetch, webSession: webSessionHeaders });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <MemoryRouter>
          <RecommendedForYou />
          <Toaster />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { seen, queryClient };
}

describe("Home's recommended for you", () => {
  it('is hidden, and asks nothing, without a session login', async () => {
    const { seen } = renderFailing();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('home-for-you')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('asks for 18 safe works and the users with the session; failures show empty, no toast', async () => {
    saveWebSession(LOGIN);
    const { seen, queryClient } = renderFailing();
    expect(await screen.findByTestId('for-you-empty')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Recommended for you' })).toBeTruthy();
    expect(seen.map((s) => s.url).sort()).toEqual([
      '/api/web/discovery_users?limit=20',
      '/api/web/illust_discovery?mode=safe&max=18',
    ]);
    for (const s of seen) {
      expect(s.headers['x-pixiv-session']).toBe(LOGIN.session);
      expect(s.headers['x-csrf-token']).toBe(LOGIN.csrfToken);
    }
    act(() => screen.getByTestId('for-you-tab-users').click());
    expect(await screen.findByTestId('for-you-users')).toBeTruthy();
    expect(screen.getByTestId('for-you-empty')).toBeTruthy();
    // swallowed into empty data (spec 000 §8), not failed queries
    for (const key of [
      webSessionKeys.illusts(LOGIN.user.id),
      webSessionKeys.users(LOGIN.user.id),
    ]) {
      expect(queryClient.getQueryState(key)?.status).toBe('success');
      expect(queryClient.getQueryData(key)).toEqual([]);
    }
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.queryByTestId('row-error')).toBeNull();
  });
});
