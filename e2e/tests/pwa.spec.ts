import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';
import { E2E_BASE_URL } from '../env.ts';
import { expectImageLoaded } from './helpers.ts';

/**
 * The installable, offline app (issue 19): the manifest and service worker, the app opening with
 * the network cut, saved works read offline, the update prompt, and pictures that fall back to
 * the next image source. Only this spec lets the service worker run (playwright.config.ts); its
 * tests share one browser context, so that the worker installs (precaches the build) once.
 */

/** The sandbox's seeded all-ages novel with embedded pictures (see novel-reader.spec.ts). */
const NOVEL_WITH_PICTURES = 13319497;
/** The sandbox's demo account (packages/sandbox/README.md). */
const DEMO_TOKEN = 'sbxDemoRefreshToken000000000000000000000001';
const SW_FILE = new URL('../../packages/web/dist/sw.js', import.meta.url);

/** Opens the app and waits until its service worker has precached the build and controls it. */
async function controlled(page: Page, path = '/') {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 50_000,
  });
}

/** The `nth` all-ages work of 2 to 4 pages (quick to save) of today's manga ranking. */
async function safeMultiPageWork(page: Page, nth = 0): Promise<number> {
  const date = rankingDateWindow(new Date()).defaultDate;
  const res = await page.request.get(`/api/pixiv/rank?mode=day_manga&date=${date}`);
  const works = (
    (await res.json()) as {
      illusts: { id: number; x_restrict: number; page_count: number; type: string }[];
    }
  ).illusts;
  const work = works.filter(
    (w) => w.x_restrict === 0 && w.page_count >= 2 && w.page_count <= 4 && w.type !== 'ugoira',
  )[nth];
  expect(work).toBeTruthy();
  return work!.id;
}

test.describe.serial('the installed app', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    context = await browser.newContext({
      baseURL: E2E_BASE_URL,
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      serviceWorkers: 'allow',
    });
    page = await context.newPage();
    await controlled(page);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('installable: manifest fields, icons that decode, a no-cache worker controlling the page', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Pixiv Viewer',
      short_name: 'Pixiv Viewer',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#38a9f5',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // Chrome's install criteria: a 192 and a 512 px PNG; and a maskable one for adaptive icons.
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    // Each icon is fetched and decoded to the size it claims.
    const decoded = await page.evaluate(
      (icons) =>
        Promise.all(
          icons.map(async (icon) => {
            const blob = await (await fetch(icon.src)).blob();
            const bitmap = await createImageBitmap(blob);
            return `${bitmap.width}x${bitmap.height} ${blob.type}`;
          }),
        ),
      manifest.icons,
    );
    expect(decoded).toEqual(manifest.icons.map((i) => `${i.sizes} image/png`));
    // The worker: this origin's /sw.js, scope /, never cached by HTTP, a script.
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(registration.scope).toBe(new URL('/', page.url()).href);
    expect(registration.script).toBe(new URL('/sw.js', page.url()).href);
  });

  test('with the network cut the app still opens, says it is offline, and saved works read', async () => {
    const workId = await safeMultiPageWork(page);
    await page.goto(`/artworks/${workId}`);
    await expectImageLoaded(page.getByTestId('artwork-image').first());
    const saveWork = page.getByTestId('save-offline');
    await saveWork.click();
    await expect(saveWork).toHaveAttribute('aria-pressed', 'true');

    await page.goto(`/novel/${NOVEL_WITH_PICTURES}`);
    await expect(page.getByTestId('novel-text')).toBeVisible();
    const saveNovel = page.getByTestId('save-offline');
    await saveNovel.click();
    await expect(saveNovel).toHaveAttribute('aria-pressed', 'true');
    const novelTitle = await page.getByTestId('novel-reader').getAttribute('aria-label');

    await context.setOffline(true);
    // A fresh load of a deep link: the shell comes from the worker's precache.
    await page.goto('/saved');
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    const list = page.getByTestId('saved-list');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('saved-summary')).toContainText('2');

    await list.locator(`a[href="/artworks/${workId}"]`).click();
    const pictures = page.getByTestId('artwork-image');
    await expect(pictures.first()).toBeVisible();
    await expectImageLoaded(pictures.first());
    // Every page was saved: the last one shown loads too (scrolled to, as it loads lazily).
    await pictures.last().scrollIntoViewIfNeeded();
    await expectImageLoaded(pictures.last());

    await page.goBack();
    await list.locator(`a[href="/novel/${NOVEL_WITH_PICTURES}"]`).click();
    await expect(page.getByTestId('novel-reader')).toHaveAttribute('aria-label', novelTitle!);
    await expect(page.getByTestId('novel-text')).not.toBeEmpty();
    const embedded = page.getByTestId('novel-text').locator('img').first();
    await embedded.scrollIntoViewIfNeeded();
    await expectImageLoaded(embedded);

    // Something never saved fails to a message, not a blank page.
    await page.goto('/artworks/1');
    await expect(page.getByTestId('artwork-error')).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toBeVisible();

    await context.setOffline(false);
  });

  test('a removed work leaves the Saved list and the cache page count', async () => {
    await page.goto('/saved');
    const list = page.getByTestId('saved-list');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await list.getByRole('button').first().click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.goto('/setting/clearcache');
    await expect(page.getByTestId('cache-saved')).toContainText('1');
  });

  test('signing out deletes what was saved with the account, and keeps the rest', async () => {
    // another work than the one the tests above saved as a visitor (and kept)
    const workId = await safeMultiPageWork(page, 1);
    const answer = `/api/pixiv/illust?id=${workId}`;
    const savedUrls = () =>
      page.evaluate(async () =>
        (await (await caches.open('pv-saved-v1')).keys()).map(
          (r) => new URL(r.url).pathname + new URL(r.url).search,
        ),
      );
    // Signed in with the sandbox's demo token, a work is saved: with the token.
    await page.evaluate((token) => {
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: token, useLocalAppApi: true }),
      );
    }, DEMO_TOKEN);
    await page.goto(`/artworks/${workId}`);
    await expectImageLoaded(page.getByTestId('artwork-image').first());
    const save = page.getByTestId('save-offline');
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    expect(await savedUrls()).toContain(answer);

    await page.goto('/setting');
    await page.getByTestId('setting-logout').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByTestId('confirm-dialog').getByRole('button', { name: 'OK' }).click(),
    ]);
    // The work saved as a visitor stays; the account's work and its answer are gone.
    await page.goto('/saved');
    const list = page.getByTestId('saved-list');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.locator(`a[href="/artworks/${workId}"]`)).toHaveCount(0);
    expect(await savedUrls()).not.toContain(answer);
    // Offline, the worker has nothing of the account's to answer with.
    await context.setOffline(true);
    try {
      const status = await page.evaluate(
        async (url) => (await fetch(url).catch(() => null))?.headers.get('x-pv-saved') ?? 'none',
        answer,
      );
      expect(status).toBe('none');
    } finally {
      await context.setOffline(false);
    }
  });

  test('a new build is announced with a reload prompt, and Reload switches to it', async () => {
    await page.goto('/');
    const original = await readFile(SW_FILE);
    const first = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(first).toBeTruthy();
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    try {
      // A rebuild writes a new sw.js (a new precache list); a changed byte is what the browser
      // compares. The server reads the file per request, as after a deploy.
      await writeFile(
        SW_FILE,
        Buffer.concat([original, Buffer.from(`\n// rebuilt ${Date.now()}\n`)]),
      );
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText('A new version is available');
      // Nothing swapped silently: the old worker still controls the page until Reload.
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
      ).toBeTruthy();
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button').click()]);
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      expect(
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return {
            waiting: reg?.waiting ?? null,
            controlled: !!navigator.serviceWorker.controller,
          };
        }),
      ).toEqual({ waiting: null, controlled: true });
    } finally {
      await writeFile(SW_FILE, original);
    }
  });
});

test.describe('pictures fall back to the next image source', () => {
  // Without the service worker (the config's default), so that page.route() sees the pictures.
  for (const fault of ['answers 502', 'hangs'] as const) {
    test(`when the user's proxy ${fault}, pictures load through this server's /i/`, async ({
      page,
    }) => {
      const workId = await safeMultiPageWork(page);
      const asked: string[] = [];
      await page.route('**/broken-proxy/**', async (route) => {
        asked.push(route.request().url());
        // A hung source: never answered; the app gives it 10 s (the test's clock runs them).
        if (fault === 'answers 502') await route.fulfill({ status: 502, body: 'Bad Gateway' });
      });
      if (fault === 'hangs') await page.clock.install();
      // The user's chosen proxy: a path on this server that the route above breaks.
      await page.goto('/');
      await page.evaluate(() =>
        localStorage.setItem('pv.imageProxy', `${location.origin}/broken-proxy/`),
      );
      // not until `load`: once the app has pointed the pictures at the hung proxy, the window's
      // load waits for them, that is for the 10 s fallback (the clock runs naturally until the
      // test runs it), and on a loaded machine the app can start before the rendered pictures
      // have loaded
      await page.goto(`/artworks/${workId}`, { waitUntil: 'domcontentloaded' });
      const picture = page.getByTestId('artwork-image').first();
      // the user's proxy is asked first (a 502 is over at once: the picture may already have
      // moved on by the time this looks, so the hung case checks the waiting picture)
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      if (fault === 'hangs') {
        await expect(picture).toHaveAttribute('src', /\/broken-proxy\//);
        await page.clock.runFor(10_000);
      }
      await expectImageLoaded(picture);
      expect(await picture.getAttribute('src')).toMatch(/^\/i\/|\/\/[^/]+\/i\//);
      expect(asked.length).toBeGreaterThan(0);
      // Remembered for the session: the next pages ask /i/ first.
      expect(await page.evaluate(() => sessionStorage.getItem('pv.imageSource'))).toBe('/i/');
      const before = asked.length;
      await page.getByTestId('artwork-image').nth(1).scrollIntoViewIfNeeded();
      await expectImageLoaded(page.getByTestId('artwork-image').nth(1));
      await expect(page.getByTestId('artwork-image').nth(1)).toHaveAttribute('src', /\/i\//);
      expect(asked.length).toBe(before);
    });
  }
});
