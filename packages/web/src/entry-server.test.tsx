/**
 * Server rendering and hydration of the daily ranking (issue 33), with React's development build,
 * which reports every difference between the server's markup and the app's first render: the
 * server bundle's `render` makes the page, and the app's own tree (as main.tsx builds it) hydrates
 * it from the page's data block.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rankingDateWindow, type RawIllust } from '@pv/core';
import detail from '../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import { Providers, createQueryClient } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import {
  SERVER_DATA_ID,
  readPageData,
  resolveLazyRoutes,
  serverViewportWidth,
} from './app/server-render.ts';
import { render } from './entry-server.tsx';
import { ServerMediaContext } from './lib/useMediaQuery.ts';
import type { ApiClient } from './state/api/client.ts';
import { initEnglishI18n } from './test-i18n.ts';

const base = (detail as unknown as { illust: RawIllust }).illust;
const works: RawIllust[] = Array.from({ length: 12 }, (_, i) => ({
  ...base,
  id: 1000 + i,
  title: i === 0 ? '</script><b>bold</b>' : `Work ${i}`,
  x_restrict: 0,
  illust_ai_type: 1,
}));

describe('a server-rendered ranking', () => {
  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await initEnglishI18n();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('is hydrated by the app with no mismatch and no request for its first page', async () => {
    const date = rankingDateWindow(new Date()).defaultDate;
    const url = `/api/pixiv/rank?mode=day&date=${date}&page=1`;
    const page = await render('/rank/daily', {
      firstData: { [url]: { illusts: works, next_url: 'next' } },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page?.used).toEqual([url]);
    expect(page!.html).toContain('Work 11');
    expect(page!.html).toContain('&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(page!.html).not.toMatch(/\sstyle="/);

    // the page as the server sends it (routes/server-render.ts)
    window.history.replaceState(null, '', '/rank/daily');
    document.body.innerHTML = `<div id="root">${page!.html}</div><script type="application/json" id="${SERVER_DATA_ID}"></script>`;
    document.getElementById(SERVER_DATA_ID)!.textContent = JSON.stringify(page!.data);

    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args.join(' ')));
    const data = readPageData()!;
    const queryClient = createQueryClient();
    hydrate(queryClient, data.queries);
    await resolveLazyRoutes(routes, '/rank/daily');
    const calls: string[] = [];
    const api: ApiClient = {
      get: (name) => (calls.push(name), Promise.resolve({ status: -1, msg: 'tip.unknown_err' })),
      web: (name) => (calls.push(name), Promise.resolve({ status: -1, msg: 'tip.unknown_err' })),
      extras: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
    };
    const router = createBrowserRouter(routes);
    const cardBefore = document.querySelector('[data-testid="artwork-card"] img');
    await act(async () => {
      hydrateRoot(
        document.getElementById('root')!,
        <ServerMediaContext.Provider value={serverViewportWidth(data.desktop)}>
          <Providers api={api} queryClient={queryClient} persist={false}>
            <RouterProvider router={router} />
          </Providers>
        </ServerMediaContext.Provider>,
        { onRecoverableError: (err) => errors.push(err) },
      );
    });
    expect(errors).toEqual([]);
    // the server's picture element is the app's, and the ranking was not asked for again
    expect(document.querySelector('[data-testid="artwork-card"] img')).toBe(cardBefore);
    expect(calls.filter((c) => c === 'rank')).toEqual([]);
    expect(document.querySelectorAll('[data-testid="artwork-card"]').length).toBeGreaterThan(0);
  });
});
