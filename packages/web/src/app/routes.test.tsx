import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { ApiProvider } from '../state/api/ApiContext.tsx';
import { createApiClient } from '../state/api/client.ts';
import { routes } from './router.tsx';
import { lazyScreen } from './routes.tsx';
import { isChunkLoadError } from '../lib/chunk-error.ts';
import { initEnglishI18n } from '../test-i18n.ts';

// Every screen's chunk imported once before the tests: they check the route table, not how fast
// a busy machine transforms a screen's modules on its first import (which, in the worker's first
// file to need them, can take several seconds).
const SCREENS = import.meta.glob(['../screens/*/*Screen.tsx', '../screens/*/*Layout.tsx']);

beforeAll(async () => {
  await initEnglishI18n();
  await Promise.all(Object.values(SCREENS).map((load) => load()));
}, 120_000);
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
    // novel rankings: the bare path, and the type names both rankings accept (issue 35 item 2)
    ['/rank_novel', '/rank_novel/day'],
    ['/rank_novel/daily', '/rank_novel/day'],
    ['/rank_novel/male_r18', '/rank_novel/day_male_r18'],
    ['/rank/day', '/rank/daily'],
    ['/rank/week_rookie_manga', '/rank/rookie_manga'],
  ]) {
    it(`${from} redirects to ${to}`, async () => {
      const router = visit(from!);
      // a redirect's target chunk can take over a second to import on a busy machine
      await screen.findByTestId('top-bar', {}, { timeout: 5_000 });
      expect(router.state.location.pathname).toBe(to);
    });
  }

  it('shows the bottom navigation on tab pages only', async () => {
    visit('/search');
    await screen.findByTestId('top-bar', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('bottom-nav')).not.toBeNull();
    cleanup();
    visit('/users/11');
    await screen.findByTestId('top-bar', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    cleanup();
    // the user-search results are a detail page of spec 001 §2.1's table
    visit('/search_user/x');
    await screen.findByTestId('top-bar', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    cleanup();
    visit('/following/2');
    await screen.findByTestId('top-bar', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('bottom-nav')).not.toBeNull();
  });

  it('shows the 404 page for an unknown path', async () => {
    visit('/no/such/place');
    expect((await screen.findByTestId('back-home')).textContent).toBe('Back to Home');
    await waitFor(() => expect(document.title).toBe('404 · Page not found - Pixiv Viewer'));
  });

  it("a ranking type that does not exist is the 404 page, titled 404, not the ranking's title", async () => {
    for (const path of ['/rank_novel/nope', '/rank/nope', '/rank_novel/month']) {
      document.title = 'Daily novel ranking - Pixiv Viewer';
      visit(path);
      await screen.findByTestId('back-home', {}, { timeout: 5_000 });
      await waitFor(() => expect(document.title).toMatch(/^404 · /));
      cleanup();
    }
  });

  // every route whose parameter is a pixiv id (spec 001 §2.1): any other value is a 404 page
  for (const path of [
    '/artworks/abc',
    '/illust/abc',
    '/i/1x',
    '/novel/abc',
    '/n/abc',
    '/users/abc',
    '/u/abc',
    '/users/abc/artworks',
    '/users/abc/bookmarks/novels',
    '/user/abc/series/1',
    '/user/1/series/abc',
    '/novel/series/abc',
    '/spotlight/abc',
    '/sp/abc',
    '/a/abc',
    '/pixivision/abc',
    '/live/abc',
  ]) {
    it(`${path} (not a numeric id) shows the 404 page`, async () => {
      visit(path);
      await screen.findByTestId('back-home', {}, { timeout: 5_000 });
      await waitFor(() => expect(document.title).toMatch(/^404 · /));
    });
  }
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
