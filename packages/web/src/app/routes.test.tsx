import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiProvider } from '../state/api/ApiContext.tsx';
import { createApiClient } from '../state/api/client.ts';
import { routes } from './router.tsx';
import { lazyScreen } from './routes.tsx';
import { isChunkLoadError } from '../lib/chunk-error.ts';
import { initEnglishI18n } from '../test-i18n.ts';

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(cleanup);

function visit(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const api = createApiClient({
    fetch: (async () => new Response('{}')) as unknown as typeof fetch,
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider client={api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('route table', () => {
  for (const path of ['/', '/home', '/index', '/index.html']) {
    it(`${path} shows the illust home with its tabs`, async () => {
      visit(path);
      // The first visit imports the home chunk, which can take over a second on a busy machine.
      expect(
        await screen.findByRole('link', { name: 'Illustrations' }, { timeout: 5_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Manga' }).getAttribute('href')).toBe('/home_manga');
      expect(screen.getByTestId('home-search')).toBeTruthy();
    });
  }

  for (const [from, to] of [
    ['/rank', '/rank/daily'],
    ['/ranking.php', '/rank/daily'],
    ['/setting/others', '/setting/preference'],
    ['/setting/recommend', '/setting/osusume'],
  ]) {
    it(`${from} redirects to ${to}`, async () => {
      const router = visit(from!);
      await screen.findByTestId('top-bar');
      expect(router.state.location.pathname).toBe(to);
    });
  }

  it('shows the bottom navigation on tab pages only', async () => {
    visit('/search');
    await screen.findByTestId('top-bar');
    expect(screen.queryByTestId('bottom-nav')).not.toBeNull();
    cleanup();
    visit('/users/11');
    // the profile's chunk (grids, cards, lists) takes longer to import on a busy machine
    await screen.findByTestId('top-bar', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    cleanup();
    // the user-search results are a detail page of spec 001 §2.1's table
    visit('/search_user/x');
    await screen.findByTestId('top-bar');
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    cleanup();
    visit('/following/2');
    await screen.findByTestId('top-bar');
    expect(screen.queryByTestId('bottom-nav')).not.toBeNull();
  });

  it('shows the 404 page for an unknown path', async () => {
    visit('/no/such/place');
    expect((await screen.findByTestId('back-home')).textContent).toBe('Back to Home');
  });
});

describe('lazyScreen', () => {
  it('fails as a chunk error when the chunk has not loaded after 120 s (spec 001 §8)', async () => {
    vi.useFakeTimers();
    try {
      const load = lazyScreen(() => new Promise(() => undefined));
      const outcome = load().then(
        () => 'loaded',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(isChunkLoadError(await outcome)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
