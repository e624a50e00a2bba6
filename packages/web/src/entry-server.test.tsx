/**
 * Server rendering and hydration (issue 33), with React's development build, which reports every
 * difference between the server's markup and the app's first render: the server bundle's `render`
 * makes the page, and the app's own tree (as main.tsx builds it) hydrates it from the page's data
 * block.
 */
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  jstDay,
  rankingDateWindow,
  type RawIllust,
  type RawIllustSeriesResponse,
  type RawNovel,
  type RawWebviewNovel,
  type SpotlightDetail,
} from '@pv/core';
import detail from '../../../fixtures/v1_illust_detail__upbit_pixivpy__illust_detail.json';
import capture from '../../../fixtures/webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json';
import { Providers, createQueryClient } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import {
  SERVER_DATA_ID,
  readPageData,
  resolveLazyRoutes,
  type ServerView,
} from './app/server-render.ts';
import { ServerPageContexts } from './app/ServerPageContexts.tsx';
import { render, serverRedirect, type ServerRender } from './entry-server.tsx';
import { HYDRATED_ATTRIBUTE } from './lib/useHydratedMark.ts';
import { holdServerDates, settleDates } from './lib/format.ts';
import type { ApiClient } from './state/api/client.ts';
import { DEFAULT_SETTINGS, saveSettings } from './state/settings/settings.ts';
import { initEnglishI18n } from './test-i18n.ts';
import { seedServerConfig, type ServerConfig } from './state/queries/config.ts';

// An empty IndexedDB: the saved works, the history and the stored queries read as empty. The app
// still restores its stored queries as in a browser (the Providers' persister, restoring during
// the hydration render), which jsdom, with no `indexedDB`, would otherwise skip.
vi.mock('idb-keyval', () => ({
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  del: () => Promise.resolve(),
  update: () => Promise.resolve(),
  clear: () => Promise.resolve(),
  entries: () => Promise.resolve([]),
  createStore: () => ({}),
}));

// The homes' seed (one per page load): the server's process and the browser's page each have
// their own; a test sets which one the next render reads.
const session = vi.hoisted(() => ({ seed: '0' }));
vi.mock('./screens/Home/seed.ts', () => ({
  get SESSION_SEED() {
    return session.seed;
  },
}));

const base = (detail as unknown as { illust: RawIllust }).illust;
const works: RawIllust[] = Array.from({ length: 12 }, (_, i) => ({
  ...base,
  id: 1000 + i,
  title: i === 0 ? '</script><b>bold</b>' : `Work ${i}`,
  x_restrict: 0,
  illust_ai_type: 1,
}));
// an R-18 work (no R-18 tag: the daily ranking keeps it for a user who shows R-18) and a manga
works[3] = { ...works[3]!, title: 'Adult work', x_restrict: 1, tags: [] };
works[4] = { ...works[4]!, title: 'A manga', type: 'manga' };

const rankUrl = () =>
  `/api/pixiv/rank?mode=day&date=${rankingDateWindow(new Date()).defaultDate}&page=1`;

/**
 * The search call the app makes for 猫 with the default settings (first-data.ts `searchPlan`: the
 * R-18 exclusions appended, AI works shown), with `extra` parameters.
 */
const catSearch = (extra: Record<string, string>) =>
  new URLSearchParams({
    word: '猫 -R-18 -R18 -18+',
    page: '1',
    search_ai_type: '0',
    mode: 'partial_match_for_tags',
    ...extra,
  });

/** The daily ranking as the server renders it, with the user's view (the first-paint cookie's). */
const serverPage = (view?: ServerView) =>
  render('/rank/daily', {
    firstData: { [rankUrl()]: { illusts: works, next_url: 'next' } },
    desktop: true,
    language: 'en',
    fetchedAt: Date.now(),
    ...(view && { view }),
  });

/**
 * Puts the daily ranking into the document as the server sends it (routes/server-render.ts) and
 * hydrates it with the app's tree as main.tsx builds it (hydrateAt); the first card's picture
 * element before hydration as `picture`.
 */
async function hydratePage(page: ServerRender) {
  const { errors, calls, cardBefore, markedBefore } = await hydrateAt('/rank/daily', page);
  return { errors, calls, picture: cardBefore, markedBefore };
}

/** The roots hydrated by a test, unmounted after it (a settings change would reach them). */
const roots: Root[] = [];

const titles = () =>
  Array.from(document.querySelectorAll('[data-testid="artwork-card-title"]')).map(
    (t) => t.textContent,
  );

/** A real capture (the repository's fixtures/): novel 21688446's text, and its detail. */
const novelText = capture as unknown as RawWebviewNovel;
const novel: RawNovel = {
  id: Number(novelText.id),
  title: novelText.title,
  caption: novelText.caption,
  restrict: 0,
  x_restrict: 0,
  is_original: novelText.isOriginal,
  image_urls: {
    square_medium: novelText.coverUrl,
    medium: novelText.coverUrl,
    large: novelText.coverUrl,
  },
  create_date: '2024-03-01T18:06:14+09:00',
  tags: novelText.tags.map((name) => ({ name, translated_name: null })),
  page_count: 1,
  text_length: novelText.text.length,
  user: {
    id: Number(novelText.userId),
    name: 'pixiv事務局',
    account: 'pixiv',
    profile_image_urls: { medium: 'https://s.pximg.net/common/images/no_profile.png' },
  },
  series: {},
  is_bookmarked: false,
  total_bookmarks: novelText.rating.bookmark,
  total_view: novelText.rating.view,
  visible: true,
  total_comments: 0,
  is_muted: false,
  is_mypixiv_only: false,
  is_x_restricted: false,
  novel_ai_type: 1,
};

/**
 * Hydrates `page` at `path` as main.tsx does (stored queries restored by the persister), in a window `width` px wide; the errors React
 * reported, the mirror calls the app made, and the first card picture's element before and after.
 */
async function hydrateAt(path: string, page: ServerRender, width = 1024, config?: ServerConfig) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DATA_ID}"></script>`;
  document.getElementById(SERVER_DATA_ID)!.textContent = JSON.stringify(page.data);

  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args.join(' ')));
  const data = readPageData()!;
  const queryClient = createQueryClient();
  // the server's config, as main.tsx reads it from the page's config block
  if (config) seedServerConfig(queryClient, config);
  hydrate(queryClient, data.queries);
  await resolveLazyRoutes(routes, path);
  const calls: string[] = [];
  const urls: string[] = [];
  const api: ApiClient = {
    get: (name, params) => (
      calls.push(name),
      urls.push(`${name}?${new URLSearchParams(params as Record<string, string>)}`),
      Promise.resolve({ status: -1, msg: 'tip.unknown_err' })
    ),
    web: (name) => (calls.push(name), Promise.resolve({ status: -1, msg: 'tip.unknown_err' })),
    extras: (name) => (calls.push(name), Promise.resolve({ status: -1, msg: 'tip.unknown_err' })),
  };
  const router = createBrowserRouter(routes);
  const cardBefore = document.querySelector('[data-testid="artwork-card"] img');
  const markedBefore = document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE);
  // the dates as the server wrote them until the test settles them (main.tsx: after the take-over)
  holdServerDates();
  await act(async () => {
    const root = hydrateRoot(
      document.getElementById('root')!,
      <ServerPageContexts page={data}>
        <Providers api={api} queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </ServerPageContexts>,
      { onRecoverableError: (err) => errors.push(err) },
    );
    roots.push(root);
  });
  const cardAfter = document.querySelector('[data-testid="artwork-card"] img');
  return { errors, calls, urls, cardBefore, cardAfter, markedBefore };
}

describe('a server-rendered page', () => {
  beforeAll(async () => {
    vi.stubGlobal('indexedDB', {});
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await initEnglishI18n();
  });
  afterEach(() => {
    settleDates();
    act(() => roots.splice(0).forEach((root) => root.unmount()));
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
    localStorage.clear();
  });

  it('is hydrated by the app with no mismatch and no request for its first page', async () => {
    const page = await serverPage();
    expect(page?.used).toEqual([rankUrl()]);
    expect(page!.html).toContain('Work 11');
    expect(page!.html).toContain('&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(page!.html).not.toMatch(/\sstyle="/);
    // the default settings: no R-18 work, manga kept
    expect(page!.html).not.toContain('Adult work');
    expect(page!.html).toContain('A manga');

    const { errors, calls, picture, markedBefore } = await hydratePage(page!);
    expect(errors).toEqual([]);
    // taken over: <html> says so (what browser tests wait for), and not before
    expect(markedBefore).toBe(false);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    // the server's picture element is the app's, and the ranking was not asked for again
    expect(document.querySelector('[data-testid="artwork-card"] img')).toBe(picture);
    expect(calls.filter((c) => c === 'rank')).toEqual([]);
    expect(document.querySelectorAll('[data-testid="artwork-card"]').length).toBeGreaterThan(0);
  });

  it('renders with the user’s layout and filters, which the app hydrates with, then its own', async () => {
    const view: ServerView = {
      layout: 'Justified',
      content: { r18: true, r18g: false, ai: true },
      hideRankManga: true,
    };
    const page = await serverPage(view);
    // the work the user hides is not in the markup, the one the user shows is
    expect(page!.html).toContain('Adult work');
    expect(page!.html).not.toContain('A manga');
    expect(page!.html).toContain('data-layout="Justified"');
    expect(page!.data.view).toEqual(view);

    // the user's own settings differ from the view in what the cookie does not carry
    saveSettings({
      ...DEFAULT_SETTINGS,
      content: view.content,
      app: { ...DEFAULT_SETTINGS.app, wfType: 'Justified', hideRankManga: true, imgReso: 'Large' },
    });
    const { errors, calls } = await hydratePage(page!);
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c === 'rank')).toEqual([]);
    expect(titles()).toContain('Adult work');
    expect(titles()).not.toContain('A manga');
  });

  /** The server's render of `illust`'s page, from its detail alone, in English. */
  const renderArtwork = (illust: RawIllust, desktop: boolean) =>
    render(`/artworks/${illust.id}`, {
      firstData: { [`/api/pixiv/illust?id=${illust.id}`]: { illust } },
      desktop,
      language: 'en',
      fetchedAt: Date.now(),
    });

  it('an artwork is hydrated in a window wider than the server’s default with no mismatch', async () => {
    const illust = { ...base, x_restrict: 0, illust_ai_type: 1 };
    const path = `/artworks/${illust.id}`;
    const page = await renderArtwork(illust, true);
    expect(page!.html).toContain('data-testid="artwork-image"');
    // the related works' placeholders: as many columns on both sides, whatever the window
    const { errors, calls } = await hydrateAt(path, page!, 1440);
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c === 'illust')).toEqual([]);
  });

  it('an artwork’s numbers and dates are the server’s texts in the hydration: no Intl formatting', async () => {
    const illust = { ...base, x_restrict: 0, illust_ai_type: 1, total_view: 123456 };
    const path = `/artworks/${illust.id}`;
    const page = await renderArtwork(illust, false);
    // the texts its render wrote, carried with the page
    expect(page!.data.formats).toMatchObject({ 'n|en|123456': '123,456' });
    expect(Object.keys(page!.data.formats!).some((key) => key.startsWith('d|en|'))).toBe(true);
    // (`format` is a getter; a formatter the server's render made and cached is used through it)
    const getter = (proto: object) => vi.spyOn(proto as Record<'format', unknown>, 'format', 'get');
    const formats = [
      getter(Intl.NumberFormat.prototype),
      getter(Intl.DateTimeFormat.prototype),
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions'),
    ];
    const { errors } = await hydrateAt(path, page!, 390);
    expect(errors).toEqual([]);
    expect(document.querySelector('[data-testid="artwork-views"]')!.textContent).toBe('123,456');
    for (const spy of formats) expect(spy).not.toHaveBeenCalled();
    // once the dates are the viewer's, Intl writes them
    act(() => settleDates());
    expect(formats[1]).toHaveBeenCalled();
  });

  /**
   * Renders a new artwork on a server in UTC (with `timeZone` as the first-paint cookie's) and
   * hydrates it for a viewer in New York, 14 hours behind Japan: another day and hour than
   * pixiv's. Gives the date in the markup, the hydration's errors and the date after it.
   */
  async function artworkDateFor(timeZone?: string) {
    const illust = {
      ...base,
      x_restrict: 0,
      illust_ai_type: 1,
      create_date: new Date().toISOString(),
    };
    const path = `/artworks/${illust.id}`;
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const page = await render(path, {
        firstData: { [`/api/pixiv/illust?id=${illust.id}`]: { illust } },
        desktop: true,
        language: 'en',
        fetchedAt: Date.now(),
        ...(timeZone && {
          view: {
            layout: 'Masonry',
            content: { r18: false, r18g: false, ai: true },
            hideRankManga: false,
            timeZone,
          },
        }),
      });
      const served = /data-testid="artwork-date">([^<]*)</.exec(page!.html)?.[1];
      process.env.TZ = 'America/New_York';
      const { errors } = await hydrateAt(path, page!, 1440);
      const date = () => document.querySelector('[data-testid="artwork-date"]')!.textContent;
      const held = date();
      act(() => settleDates());
      const after = date();
      // as the app writes a date in the viewer's zone: no zone named
      const viewer = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
      return { served, errors, held, after, viewer: viewer.format(new Date(illust.create_date)) };
    } finally {
      process.env.TZ = zone;
    }
  }

  it('an artwork’s date: in JST, named, in the markup and the hydration; the viewer’s after', async () => {
    const { served, errors, held, after, viewer } = await artworkDateFor();
    expect(served).toMatch(/GMT\+9$/);
    expect(errors).toEqual([]);
    // until the app has taken the page over (main.tsx settles the dates in a task after it)
    expect(held).toBe(served);
    expect(after).toBe(viewer);
  });

  it('an artwork’s date in the zone the first-paint cookie carried: one text from markup to app', async () => {
    const { served, errors, held, after, viewer } = await artworkDateFor('America/New_York');
    expect(served).toBe(viewer);
    expect(errors).toEqual([]);
    expect(held).toBe(viewer);
    expect(after).toBe(viewer);
  });

  it('a novel is hydrated with no mismatch while its related novels are not in yet', async () => {
    const path = `/novel/${novel.id}`;
    const page = await render(path, {
      firstData: {
        [`/api/pixiv/novel_detail?id=${novel.id}`]: { novel },
        [`/api/pixiv/webview_novel?id=${novel.id}`]: novelText,
      },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.html).toContain('data-testid="novel-text"');
    // the related novels, not in the first data, are loading on both sides
    expect(page!.html).toContain('data-testid="novel-grid-loading"');
    const { errors, calls } = await hydrateAt(path, page!, 1440);
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c === 'novel_detail' || c === 'webview_novel')).toEqual([]);
  });

  it('an illust series is hydrated with no mismatch and no request for its head or works', async () => {
    const series: RawIllustSeriesResponse = {
      illust_series_detail: {
        id: 77,
        title: '</script><b>A series</b>',
        caption: 'Read https://www.pixiv.net/users/11 <img src=x onerror=alert(1)>',
        cover_image_urls: { medium: base.image_urls.medium },
        series_work_count: works.length,
        create_date: base.create_date,
        width: base.width,
        height: base.height,
        user: base.user,
      },
      illust_series_first_illust: works[0]!,
      illusts: works,
      next_url: 'next',
    };
    const path = `/user/${base.user.id}/series/77`;
    const page = await render(path, {
      firstData: {
        '/api/pixiv/illust_series?id=77': series,
        '/api/pixiv/illust_series?id=77&page=1': series,
      },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page?.used).toHaveLength(2);
    expect(page!.html).toContain('data-testid="series-title">&lt;/script&gt;&lt;b&gt;A series');
    expect(page!.html).toContain('Work 11');
    // the series' R-18 work is not in the markup
    expect(page!.html).not.toContain('Adult work');
    expect(page!.html).not.toMatch(/<img src=x|\sstyle="/);
    const { errors, calls } = await hydrateAt(path, page!, 1440);
    expect(errors).toEqual([]);
    expect(calls).not.toContain('illust_series');
    expect(titles()).toContain('Work 11');
  });

  it('a pixivision article: its body through the app’s sanitiser on the server, hydrated as is', async () => {
    const article: SpotlightDetail = {
      id: 8123,
      title: 'An article',
      cover: 'https://i.pximg.net/c/260x260_80/img-master/img/2024/01/01/00/00/00/1_p0.jpg',
      desc: '',
      date: '2026-11-20',
      category: 'column',
      // a mirror the app may use need not sanitise: the app's own sanitiser must
      content:
        '<p>Body text <b>bold</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">js</a><a href="https://www.pixiv.net/artworks/5">work</a>' +
        '<img src="https://i.pximg.net/img-original/img/2024/01/01/00/00/00/5_p0.jpg">',
      items: [],
      tags: ['tag'],
      related_latest: { tag_name: 'tag', items: [] },
      related_recommend: { tag_name: '', items: [] },
      article_url: 'https://www.pixivision.net/en/a/8123',
    };
    const page = await render('/a/8123', {
      firstData: { '/api/spotlight/8123?lang=en': article },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page?.used).toEqual(['/api/spotlight/8123?lang=en']);
    const body = /data-testid="spotlight-body">([\s\S]*?)<\/div><ul/.exec(page!.html)?.[1];
    expect(body).toContain('<p>Body text <b>bold</b></p>');
    expect(body).toContain('href="/artworks/5"');
    expect(body).toContain('src="/i/img-original/');
    expect(body).not.toMatch(/<script|onerror|javascript:|src="x"/);
    const { errors, calls } = await hydrateAt('/a/8123', page!, 1440);
    expect(errors).toEqual([]);
    expect(calls).toEqual([]);
    expect(document.querySelector('[data-testid="spotlight-body"] b')?.textContent).toBe('bold');
  });

  it('a search’s first page is hydrated with no mismatch and no request for it or the word list', async () => {
    // the call the server plans for `/search/猫?order=date_asc` with the default settings
    // (first-data.ts `searchPlan`): the R-18 exclusions appended, AI works shown
    const params = catSearch({ order: 'date_asc' });
    const path = `/search/${encodeURIComponent('猫')}?order=date_asc`;
    const page = await render(path, {
      firstData: {
        [`/api/pixiv/search?${params}`]: { illusts: works, next_url: 'next' },
        '/api/sensitive-words': { words: ['forbidden'] },
      },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.used).toHaveLength(2);
    expect(page!.html).toContain('Work 11');
    expect(page!.html).toContain('&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    // dropped for a user without R-18, as the app drops it
    expect(page!.html).not.toContain('Adult work');
    expect(page!.html).not.toMatch(/\sstyle="/);

    const fetched = vi.spyOn(globalThis, 'fetch');
    const { errors, calls, cardBefore, cardAfter } = await hydrateAt(path, page!, 1440);
    expect(errors).toEqual([]);
    // the picture the page started loading is the one the app shows (a Masonry grid's cards are
    // new elements once the app places them, in the list's order: ImageGrid)
    expect(cardAfter!.getAttribute('src')).toBe(cardBefore!.getAttribute('src'));
    expect(calls.filter((c) => c === 'search')).toEqual([]);
    const asked = fetched.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('sensitive-words'))).toEqual([]);
    expect(titles()).toContain('Work 11');
  });

  it('a Masonry grid comes in the columns the app places its cards in, which it places there on taking over', async () => {
    // works of several shapes: tall, wide, beyond the card's clamp (a 4:1 strip, a 1:5 scroll)
    const shapes: [number, number][] = [
      [1000, 1414],
      [1600, 900],
      [800, 800],
      [1000, 4000],
      [5000, 1000],
      [900, 1200],
      [1200, 1000],
      [700, 1000],
    ];
    const shaped = works
      .filter((w) => w.x_restrict === 0)
      .map((w, i) => ({
        ...w,
        width: shapes[i % shapes.length]![0],
        height: shapes[i % shapes.length]![1],
      }));
    const params = catSearch({ order: 'date_desc' });
    const path = `/search/${encodeURIComponent('猫')}`;
    // a phone: the server renders for 390 px, two columns
    const page = await render(path, {
      firstData: {
        [`/api/pixiv/search?${params}`]: { illusts: shaped, next_url: 'next' },
        '/api/sensitive-words': { words: [] },
      },
      desktop: false,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.html).toContain('data-layout="Masonry"');
    expect(page!.html).not.toMatch(/\sstyle="/);
    const markup = document.createElement('template');
    markup.innerHTML = page!.html;
    const canvas = markup.content.querySelector('[data-layout="Masonry"]')!;
    const columnsOf = () =>
      Array.from(canvas.children).map((column) =>
        Array.from(column.querySelectorAll('[data-testid="artwork-card-title"]')).map(
          (t) => t.textContent,
        ),
      );
    const served = columnsOf();
    expect(served).toHaveLength(2);
    // each card's box has its picture's ratio, clamped as the card clamps it (50–160 %)
    const ratios = Array.from(canvas.querySelectorAll('svg[viewBox]')).map((svg) =>
      Number(svg.getAttribute('viewBox')!.split(' ')[3]),
    );
    expect(ratios).toHaveLength(shaped.length);
    expect(Math.min(...ratios)).toBe(0.5);
    expect(Math.max(...ratios)).toBe(1.6);
    // the shortest column takes the next card, as the app's Masonry does: at 179 px a column
    // (390 less the grid's sides and one gap, halved) and a 52 px meta block
    const heights = [0, 0];
    const expected: string[][] = [[], []];
    for (const work of shaped) {
      const c = heights[1]! < heights[0]! ? 1 : 0;
      const ratio = Math.min(1.6, Math.max(0.5, work.height / work.width));
      heights[c] = heights[c]! + (heights[c] ? 8 : 0) + 179 * ratio + 52;
      expected[c]!.push(work.title);
    }
    expect(served).toEqual(expected);

    // a phone 390 px wide, the grid's canvas 366 px: as the server drew it
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(366);
    const { errors, calls } = await hydrateAt(path, page!, 390);
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c === 'search')).toEqual([]);
    const after = document.querySelector('[data-layout="Masonry"]')!;
    // placed by the app now (its height set), in the list's order from the top, each card in the
    // column the server drew it in, at its place there
    expect(after.getAttribute('style')).toMatch(/height/);
    const placed = Array.from(after.children as HTMLCollectionOf<HTMLElement>).map((slot) => ({
      title: slot.querySelector('[data-testid="artwork-card-title"]')!.textContent,
      left: parseFloat(slot.style.left),
      top: parseFloat(slot.style.top),
    }));
    const columns: string[][] = [[], []];
    for (const p of [...placed].sort((a, b) => a.top - b.top))
      columns[Math.round(p.left / (179 + 8))]!.push(p.title!);
    expect(columns).toEqual(expected);
    expect(placed.map((p) => p.top)).toEqual([...placed.map((p) => p.top)].sort((a, b) => a - b));
  });

  it('a search from a date is hydrated with no mismatch on the next day (a kept render)', async () => {
    const params = catSearch({ order: 'date_desc', start_date: '2020-01-01' });
    const path = `/search/${encodeURIComponent('猫')}?start_date=2020-01-01`;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T23:59:00Z') });
    try {
      const page = await render(path, {
        firstData: {
          [`/api/pixiv/search?${params}`]: { illusts: works, next_url: null },
          '/api/sensitive-words': { words: [] },
        },
        desktop: true,
        language: 'en',
        fetchedAt: Date.now(),
      });
      expect(page!.html).toContain('Work 11');
      // the render is kept and served after midnight (UTC): the app's day is another
      vi.setSystemTime(new Date('2026-12-03T00:01:00Z'));
      const { errors } = await hydrateAt(path, page!, 1440);
      expect(errors).toEqual([]);
      // then the app's own day bounds the dates
      await expect
        .poll(() => document.querySelector('[data-testid="filter-end"]')!.getAttribute('max'))
        .toBe('2026-12-03');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a novel search’s first page is hydrated with no mismatch and no request for it', async () => {
    const params = new URLSearchParams({
      word: 'novel -R-18 -R18 -18+',
      page: '1',
      mode: 'text',
      sort: 'date_desc',
      search_ai_type: '0',
    });
    const path = '/search_novel/novel?mode=text';
    const page = await render(path, {
      firstData: {
        [`/api/pixiv/search_novel?${params}`]: { novels: [novel], next_url: null },
        '/api/sensitive-words': { words: [] },
      },
      desktop: false,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.html).toContain('data-testid="novel-card"');
    const { errors, calls } = await hydrateAt(path, page!, 390);
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c === 'search_novel')).toEqual([]);
  });

  it('renders a page whose optional part seeds nothing (left to the app), not one whose needed answer seeds nothing', async () => {
    const day = rankingDateWindow(new Date()).defaultDate;
    const rank = `/api/pixiv/rank?mode=day&date=${day}`;
    const spotlights = '/api/spotlights?page=1&lang=en';
    const data = {
      firstData: { [rank]: { illusts: works }, [spotlights]: null },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    };
    const page = await render('/', { ...data, optional: [spotlights] });
    expect(page!.used).toEqual([rank]);
    expect(page!.html).toMatch(/data-testid="home-spotlights"[\s\S]*data-testid="row-loading"/);
    expect(await render('/', data)).toBeNull();
    // with an answer: the row
    const articles = [
      {
        id: 9,
        title: 'An article',
        cover: 'https://i.pximg.net/c/a.jpg',
        category: 'illustration',
      },
    ];
    const full = await render('/', {
      ...data,
      firstData: { [rank]: { illusts: works }, [spotlights]: { articles, next: true } },
      optional: [spotlights],
    });
    expect(full!.used).toEqual([rank, spotlights]);
    expect(full!.html).toContain('An article');
  });

  it('the illust home: its ranking row hydrated with no mismatch, no refetch, the trending tags left for the app to ask for', async () => {
    const day = rankingDateWindow(new Date()).defaultDate;
    const rank = `/api/pixiv/rank?mode=day&date=${day}`;
    // the server's process picks with its seed, the browser's page with another
    session.seed = '0';
    const page = await render('/', {
      firstData: { [rank]: { illusts: works } },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.used).toEqual([rank]);
    // the trending tags are not in the page: they only pick the box's placeholder
    expect(JSON.stringify(page!.data)).not.toContain('trending-tags');
    const html = page!.html;
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('Work 11');
    // the row leaves out what the settings hide, and manga
    expect(html).not.toContain('Adult work');
    expect(html).not.toContain('A manga');
    expect(html).not.toMatch(/\sstyle="/);
    // no trending tag in the box yet: the app's pick differs from the server's
    expect(/<input [^>]*data-testid="home-search"[^>]*>/.exec(html)![0]).toContain(
      'placeholder=""',
    );
    // the row's first pictures: at high priority, preloaded by the markup itself
    // (React preloads each address once: these works share one picture)
    const high = [...html.matchAll(/<img [^>]*fetchPriority="high"[^>]*>/g)].map((m) => m[0]);
    expect(high).toHaveLength(3);
    const preloads = [
      ...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*fetchPriority="high"/g),
    ].map((m) => m[1]);
    expect(new Set(preloads)).toEqual(new Set(high.map((img) => /src="([^"]+)"/.exec(img)![1])));
    // the sections the server has no answer for are loading
    expect(html).toContain('data-testid="home-spotlights"');
    expect(html).toContain('data-testid="home-random"');

    session.seed = '1';
    // the random feed never draws the row's ranking (see the homes' test below)
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const { errors, urls } = await hydrateAt('/', page!, 1440);
    expect(errors).toEqual([]);
    expect(urls.filter((u) => u === `rank?mode=day&date=${day}`)).toEqual([]);
    // the tags are the app's to ask for, once
    expect(urls.filter((u) => u.startsWith('tags?'))).toEqual(['tags?']);
    // the picture the markup started loading is the app's
    const img = document.querySelector('[data-testid="row-item"] img')!;
    expect(img.getAttribute('src')).toBe(/src="([^"]+)"/.exec(high[0]!)![1]);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // the mock answers the tags with an error: the box stays without a placeholder
    expect(document.querySelector('[data-testid="home-search"]')!.getAttribute('placeholder')).toBe(
      '',
    );
  });

  it('the illust home in self-hosted mode: its discovery card and recommended row hydrated with no mismatch and never asked for', async () => {
    const day = rankingDateWindow(new Date()).defaultDate;
    const rank = `/api/pixiv/rank?mode=day&date=${day}`;
    const discovery = '/api/web/discovery?mode=safe&limit=18';
    const recommended = '/api/pixiv/illust_recommended';
    const thumbnail = (w: RawIllust) => ({
      id: String(w.id),
      title: `Found ${w.title}`,
      illustType: 0,
      xRestrict: w.x_restrict,
      url: w.image_urls.square_medium,
      tags: [],
      userId: String(w.user.id),
      userName: w.user.name,
      width: w.width,
      height: w.height,
      pageCount: 1,
      createDate: w.create_date,
    });
    const config: ServerConfig = {
      upstream: 'sandbox',
      imageProxy: null,
      imageProxies: [],
      selfHosted: true,
      mirrors: [],
      demoAccounts: [],
    };
    session.seed = '0';
    const popular = works.map((w) => ({ ...w, total_bookmarks: 900 }));
    const page = await render('/', {
      firstData: {
        [rank]: { illusts: works },
        [discovery]: { error: false, body: { thumbnails: { illust: works.map(thumbnail) } } },
        [recommended]: { illusts: popular },
      },
      optional: [discovery, recommended],
      desktop: false,
      language: 'en',
      fetchedAt: Date.now(),
      config,
    });
    expect(page!.used).toEqual([rank, discovery, recommended]);
    const section = (id: string) =>
      new RegExp(`data-testid="${id}"[\\s\\S]*?</section>`).exec(page!.html)![0];
    expect(section('home-discovery')).toContain('Found Work 2');
    expect(section('home-recommended')).toContain('Work 2');
    // the rows' own rules hold: no adult work, no manga
    for (const id of ['home-discovery', 'home-recommended']) {
      expect(section(id)).not.toContain('Adult work');
      expect(section(id)).not.toContain('row-loading');
    }
    expect(section('home-recommended')).not.toContain('A manga');
    session.seed = '1';
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const { errors, calls } = await hydrateAt('/', page!, 390, config);
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c === 'discovery' || c === 'illust_recommended')).toEqual([]);
    expect(document.querySelector('[data-testid="home-discovery"]')!.textContent).toContain(
      'Found Work 2',
    );
  });

  it.each([
    {
      path: '/home_manga',
      url: (day: string) => `/api/pixiv/rank?mode=day_manga&date=${day}`,
      answer: { illusts: works },
      shown: 'A manga',
    },
    {
      path: '/home_novel',
      url: (day: string) => `/api/pixiv/rank_novel?mode=day&date=${day}`,
      answer: {
        novels: [novel, { ...novel, id: novel.id + 1, title: 'Adult work', x_restrict: 1 }],
      },
      shown: novel.title,
    },
  ])('$path: its ranking row hydrated with no mismatch and no refetch', async (home) => {
    const day = rankingDateWindow(new Date()).defaultDate;
    const url = home.url(day);
    session.seed = '0';
    const page = await render(home.path, {
      firstData: { [url]: home.answer },
      desktop: false,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.used).toEqual([url]);
    expect(page!.html).toContain(home.shown);
    expect(page!.html).not.toContain('Adult work');
    expect(page!.html).toContain('data-testid="home-random"');
    expect(page!.html).not.toMatch(/\sstyle="/);
    session.seed = '1';
    // the random feed below the row picks a ranking and a day 2 to 14 days back: at some hours
    // the row's own (the default day, 2 days back). Its last mode and 14 days back: never the
    // row's call, so any call of the row's URL is a refetch (CI of stop 48 drew the row's).
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const { errors, urls } = await hydrateAt(home.path, page!, 390);
    expect(errors).toEqual([]);
    expect(urls.filter((u) => `/api/pixiv/${u}` === url)).toEqual([]);
  });

  it("the home's random feed the server drew: in its markup in Masonry columns, adopted with no mismatch and never asked for", async () => {
    const day = rankingDateWindow(new Date()).defaultDate;
    const row = `/api/pixiv/rank?mode=day&date=${day}`;
    // a draw of the hour (first-data.ts `randomFirstPage`): asked for with its page number
    const draw = `/api/pixiv/rank?mode=week&date=${jstDay(new Date(), 9)}&page=1`;
    const drawn = works.map((w, i) => ({ ...w, id: 3000 + i, title: `Drawn ${i}` }));
    session.seed = '0';
    const page = await render('/', {
      firstData: { [row]: { illusts: works }, [draw]: { illusts: drawn } },
      optional: [draw],
      desktop: false,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.used.sort()).toEqual([draw, row].sort());
    const random = page!.html.slice(page!.html.indexOf('data-testid="home-random"'));
    expect(random).toContain('data-layout="Masonry"');
    // the home feed's own rules hold: no adult work, no manga
    expect(random).toContain('>Drawn 0<');
    expect(random).not.toContain('>Drawn 3<');
    expect(random).not.toContain('>Drawn 4<');
    // the app's page load has a seed of its own, and its later pages draw the last mode
    session.seed = '1';
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const { errors, urls } = await hydrateAt('/', page!, 390);
    expect(errors).toEqual([]);
    expect(urls.filter((u) => u.startsWith('rank?mode=week&'))).toEqual([]);
    const titles = [
      ...document.querySelectorAll('[data-testid="home-random"] [data-testid="artwork-card"]'),
    ]
      .map((card) => card.textContent ?? '')
      .slice(0, 2);
    expect(titles[0]).toContain('Drawn 0');
  });

  it("the novel home's random feed the server drew: in its markup, adopted with no mismatch and never asked for", async () => {
    const day = rankingDateWindow(new Date()).defaultDate;
    const row = `/api/pixiv/rank_novel?mode=day&date=${day}`;
    // a draw of the hour (first-data.ts `randomFirstPage`): asked for with its page number
    const draw = `/api/pixiv/rank_novel?mode=week&date=${jstDay(new Date(), 9)}&page=1`;
    const drawn = [0, 1, 2].map((i) => ({
      ...novel,
      id: 4000 + i,
      title: `Drawn ${i}`,
      x_restrict: i === 1 ? 1 : 0,
    }));
    session.seed = '0';
    const page = await render('/home_novel', {
      firstData: { [row]: { novels: [novel] }, [draw]: { novels: drawn } },
      optional: [draw],
      desktop: false,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page!.used.sort()).toEqual([draw, row].sort());
    const [ranking, random] = page!.html.split('data-testid="home-random"');
    // the drawn novels in the feed, not in the row; the content settings' rules hold
    expect(ranking).not.toContain('Drawn 0');
    expect(random).toContain('>Drawn 0<');
    expect(random).toContain('>Drawn 2<');
    expect(random).not.toContain('Drawn 1');
    expect(random).not.toContain('data-testid="row-loading"');
    // the app's page load has a seed of its own, and its later pages draw the last mode
    session.seed = '1';
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const { errors, urls } = await hydrateAt('/home_novel', page!, 390);
    expect(errors).toEqual([]);
    expect(urls.filter((u) => u.startsWith('rank_novel?mode=week&'))).toEqual([]);
    const titles = [
      ...document.querySelectorAll('[data-testid="home-random"] [data-testid="novel-card"]'),
    ].map((card) => card.textContent ?? '');
    expect(titles[0]).toContain('Drawn 0');
  });

  it('renders nothing for an artwork the default content settings hide', async () => {
    const illust = { ...base, x_restrict: 1 };
    const page = await render(`/artworks/${illust.id}`, {
      firstData: { [`/api/pixiv/illust?id=${illust.id}`]: { illust } },
      desktop: true,
      language: 'en',
      fetchedAt: Date.now(),
    });
    expect(page).toBeNull();
  });
});

describe('serverRedirect: where the app sends a URL at once', () => {
  const REDIRECTS: [url: string, to: string][] = [
    ['/rank', '/rank/daily'],
    ['/ranking', '/rank/daily'],
    // pixiv's own ranking address, its query dropped as the app drops it
    ['/ranking.php?mode=weekly&date=20261101', '/rank/daily'],
    ['/rank/', '/rank/daily'],
    ['/rank_novel', '/rank_novel/day'],
    // a novel ranking by its illustration type's name: its mode, the query kept
    ['/rank_novel/daily?date=2026-11-01', '/rank_novel/day?date=2026-11-01'],
    ['/rank_novel/weekly_r18_ai', '/rank_novel/week_ai_r18'],
    ['/setting/others', '/setting/preference'],
    ['/setting/recommend', '/setting/osusume'],
  ];

  beforeAll(async () => {
    vi.stubGlobal('indexedDB', {});
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await initEnglishI18n();
  });
  afterEach(() => {
    act(() => roots.splice(0).forEach((root) => root.unmount()));
    document.body.innerHTML = '';
  });

  it('names the alias routes’ and renamed novel rankings’ targets, and nothing for any other URL', () => {
    for (const [url, to] of REDIRECTS) expect(serverRedirect(url), url).toBe(to);
    for (const url of [
      '/',
      '/rank/daily',
      '/rank/weekly?date=2026-11-01',
      '/rank_novel/day',
      '/rank_novel/no_such_mode',
      '/artworks/1',
      '/users/11',
      '/no/such/page',
    ])
      expect(serverRedirect(url), url).toBeNull();
  });

  it('is where the app itself goes from each of them', async () => {
    const api: ApiClient = {
      get: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
      web: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
      extras: () => Promise.resolve({ status: -1, msg: 'tip.unknown_err' }),
    };
    for (const [url] of REDIRECTS) {
      window.history.replaceState(null, '', url);
      await resolveLazyRoutes(routes, url.split('?')[0]!);
      const router = createBrowserRouter(routes);
      document.body.innerHTML = '<div id="root"></div>';
      await act(async () => {
        const root = createRoot(document.getElementById('root')!);
        root.render(
          <Providers api={api} queryClient={createQueryClient()}>
            <RouterProvider router={router} />
          </Providers>,
        );
        roots.push(root);
      });
      await vi.waitFor(() => {
        const { pathname, search } = router.state.location;
        expect(pathname + search, url).toBe(serverRedirect(url));
      });
      act(() => roots.splice(0).forEach((root) => root.unmount()));
      router.dispose();
    }
  });
});
