import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { E2E_BASE_URL } from '../env.ts';

/** Waits until `img` has finished loading real pixels. */
export async function expectImageLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
}

/** The artwork id a card or row item links to. */
export async function linkedArtworkId(link: Locator): Promise<number> {
  const href = (await link.getAttribute('href')) ?? '';
  return Number(/\/artworks\/(\d+)/.exec(href)?.[1]);
}

/** The artwork ids of the grid cards in the DOM, in order. */
export async function shownCardIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('artwork-card-title')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(/\/artworks\/(\d+)/.exec(h)?.[1]));
}

/**
 * Waits until every grid card in the DOM is among `allowed()` and returns those cards. A list
 * may page on while it is read: a card of a page whose answer the test has not parsed yet is
 * missing from `allowed()` for a moment, so it is asked again; a card the screen should have
 * left out stays out of it and fails here.
 */
export async function expectShownAmong(
  page: Page,
  allowed: () => Iterable<number>,
): Promise<number[]> {
  let shown: number[] = [];
  await expect
    .poll(async () => {
      const ids = new Set(allowed());
      shown = await shownCardIds(page);
      return shown.filter((id) => !ids.has(id));
    })
    .toEqual([]);
  return shown;
}

/** Reads (or with `value`, writes) a key of idb-keyval's default store with the plain IndexedDB API. */
export const idb = (page: Page, key: string, value?: unknown) =>
  page.evaluate(
    ([k, v, write]) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', write ? 'readwrite' : 'readonly');
          const store = tx.objectStore('keyval');
          const req = write ? store.put(v, k as string) : store.get(k as string);
          req.onsuccess = () => resolve(write ? undefined : req.result);
          req.onerror = () => reject(req.error);
        };
      }),
    [key, value, value !== undefined] as const,
  );

/** The ids of a history list in IndexedDB (`illusts`, `novels`, `users`), newest first. */
export const historyIds = async (page: Page, kind: 'illusts' | 'novels' | 'users') =>
  (((await idb(page, `${kind}.history`)) as { id: number }[] | undefined) ?? []).map((e) => e.id);

/**
 * Records the text of every toast `page` shows from now on, across its navigations: a mutation
 * observer in the page reports each one as it is added, so a toast that lives only until a
 * reload (the sign-in toasts) is seen even when a loaded machine paints no frame in between.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__pvToastShown', (text: string) => void seen.push(text));
  const observe = () => {
    const report = () => {
      document.querySelectorAll<HTMLElement>('[data-testid=toast]').forEach((el) => {
        const text = el.textContent ?? '';
        if (el.dataset.pvReported === text) return;
        el.dataset.pvReported = text;
        (window as unknown as { __pvToastShown: (t: string) => void }).__pvToastShown(text);
      });
    };
    new MutationObserver(report).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    report();
  };
  await page.addInitScript(observe);
  await page.evaluate(observe);
  return seen;
}

/**
 * Scrolls the page to its end until `done()` holds: a paged list asks for its next page as its
 * end comes into view, so each round scrolls again and then looks (a state, polled; no fixed
 * wait). `wheel` scrolls by the mouse wheel instead, for screens that page on wheel events.
 * `skip`: each round also lets that many ms pass at once on the page's clock (the test installed
 * `page.clock` before loading the page), so that a list's throttle between pages costs no wait
 * where the test is not about it.
 */
export async function scrollUntil(
  page: Page,
  done: () => Promise<boolean>,
  {
    timeout = 60_000,
    wheel = false,
    skip = 0,
  }: { timeout?: number; wheel?: boolean; skip?: number } = {},
) {
  await expect(async () => {
    if (wheel) await page.mouse.wheel(0, 500);
    else await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    if (skip > 0) await page.clock.fastForward(skip);
    expect(await done()).toBe(true);
  }).toPass({ timeout, intervals: [100, 200, 400] });
}

/** Resolves once the page has drawn two more frames (what a scroll or a state change renders). */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

/**
 * Lets `ms` pass on the page's clock at once (the test installed `page.clock` before loading
 * the page): the timers that fall due in that time run now. What they start follows: the page
 * draws two frames (renders, effects), then sends a request of its own, which the test sees
 * after every request the page sent before it. A rule that nothing happens within a time (a
 * throttle, a debounce, a stopped player) is checked this way without waiting for that time.
 */
export async function letTimePass(page: Page, ms: number) {
  await page.clock.fastForward(ms);
  await requestsSettled(page);
}

/**
 * Resolves once the page has drawn two more frames and then sent a request of its own, which the
 * test sees after every request the page sent before it: what the page's state asks for by then
 * has been asked for.
 */
export async function requestsSettled(page: Page) {
  await nextFrames(page);
  const marker = `/manifest.webmanifest?settled=${Date.now()}-${Math.random()}`;
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith(marker)),
    page.evaluate((url) => fetch(url).then(() => undefined), marker),
  ]);
}

/** A server of a spec's own, started as a deployment starts it (`node …/main.ts`). */
export interface OwnServer {
  base: string;
  stop(): void;
}

/**
 * Starts the server on a free loopback port with `env` over this process's environment
 * (`LOG_LEVEL=warn`), and resolves once it answers `/api/config`.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/config`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 80_000, intervals: [250] },
    )
    .toBe(200);
  return { base, stop: () => server.kill('SIGTERM') };
}

/**
 * What goes wrong while a page loads and hydrates, as it happens: console errors and hydration
 * warnings, and page errors; not the notice feed's 502, which the test servers' setup makes.
 */
export function loadProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    const text = m.text();
    if (/^Failed to load resource: .* 502/.test(text)) return;
    if (m.type() === 'error' || /hydrat/i.test(text)) problems.push(text.slice(0, 4000));
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/**
 * A page's first HTML as the server rendered it (issue 33), as a crawler or a browser without
 * scripts reads it; `language` as a browser's Accept-Language (English, the tests' language,
 * unless told).
 */
export async function firstHtml(
  request: APIRequestContext,
  url: string,
  language = 'en-US,en;q=0.9',
): Promise<string> {
  const headers = { accept: 'text/html', 'accept-language': language };
  const res = await request.get(url, { headers });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html, 'a rendered page').toContain('id="pv-server-data"');
  expect(html).not.toContain('data-testid="first-paint-shell"');
  return html;
}

/** Text as React writes it into markup. */
export const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * What goes wrong while the page loads: console errors and hydration warnings, page errors and
 * failed responses (not the notice feed, which the test servers' setup answers 502), and the calls
 * whose path is one of `watched` (the page's first data, which it carries).
 */
export function watch(page: Page, watched: string[]) {
  const problems = loadProblems(page);
  const calls: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname !== '/api/notices')
      problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (watched.includes(url.pathname)) calls.push(`${url.pathname}${url.search}`);
  });
  return { problems, calls };
}

/** Chooses `text` as the settings file to import (Settings, Preferences' import button). */
export function chooseSettingsFile(page: Page, text: string, name = 'settings.txt') {
  return page.getByTestId('settings-import').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
}

/**
 * The next page this context loads from the shared server is the app's shell, not a page the
 * server rendered (issue 33): its first data comes from the app's own calls, which a test can then
 * answer itself (`page.route`); a rendered page carries the server's and makes none. The cookie
 * is the app's opt-out of preloads (first-data-cookie.ts), which the app removes as it starts
 * (a visitor's calls are the anonymous ones): later loads are rendered again.
 */
export function shellFirst(context: BrowserContext, base = E2E_BASE_URL) {
  return context.addCookies([{ name: 'pv_first_data', value: 'off', url: base }]);
}

/** The server's config as the app reads it: `/api/config`, and the block each page carries. */
export type ConfigChange = Record<string, unknown>;

/**
 * Answers the page as a server configured otherwise would (`SELF_HOSTED=false`, against pixiv):
 * `change` over what this server says, both in `/api/config` and in the config block of every
 * page it serves (the app's first render reads the block: packages/server routes/spa.ts).
 */
export async function answerConfig(page: Page, change: ConfigChange) {
  const changed = (config: ConfigChange) => ({ ...config, ...change });
  const headers = (res: APIResponse) => {
    const { 'content-encoding': _, 'content-length': __, ...rest } = res.headers();
    return rest;
  };
  await page.route('**/api/config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({
      status: res.status(),
      headers: headers(res),
      json: changed((await res.json()) as ConfigChange),
    });
  });
  // the pages: every path but the API's and the files'
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        /(<script type="application\/json" id="pv-config">)([^<]*)(<\/script>)/,
        (_, open: string, json: string, close: string) =>
          `${open}${JSON.stringify(changed(JSON.parse(json) as ConfigChange)).replace(/</g, '\\u003c')}${close}`,
      );
      await route.fulfill({ status: res.status(), headers: headers(res), body: html });
    },
  );
}

/** A phone as the server knows one (its mobile client hint): rendered for a 390 px window. */
export const PHONE_WITH_HINT = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
};

/** Each artwork card's box in the grid canvas within `scope`, by the work it links to, px. */
export function cardBoxes(scope: Locator): Promise<Record<string, number[]>> {
  return scope.evaluate((root) => {
    const canvas = root.querySelector('[data-card-count]')!.getBoundingClientRect();
    return Object.fromEntries(
      Array.from(root.querySelectorAll('[data-testid="artwork-card"]')).map((card) => {
        const r = card.getBoundingClientRect();
        const href = card.querySelector('a[href^="/artworks/"]')!.getAttribute('href')!;
        return [href, [r.left - canvas.left, r.top - canvas.top, r.width, r.height]];
      }),
    );
  });
}

/**
 * The boxes of the cards in `grid` of `path` as the server drew them (no JavaScript) and as the
 * app placed them once it took the page over, each in a new context for `device`.
 */
export async function drawnAndPlaced(
  browser: Browser,
  device: BrowserContextOptions,
  path: string,
  grid: (page: Page) => Locator,
) {
  const baseURL = test.info().project.use.baseURL;
  const still = await browser.newContext({ ...device, baseURL, javaScriptEnabled: false });
  const served = await still.newPage();
  await served.goto(path);
  const drawn = await cardBoxes(grid(served));
  await still.close();
  const live = await browser.newContext({ ...device, baseURL });
  const page = await live.newPage();
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  // taken over: the app has measured the grid and placed its cards itself
  await expect(grid(page).locator('[data-card-count]')).toHaveAttribute('style', /height/);
  const placed = await cardBoxes(grid(page));
  await live.close();
  return { drawn, placed };
}

/** Every card the app placed is where the server drew it (within 1 px), in `drawn`'s columns. */
export function expectSamePlaces(
  drawn: Record<string, number[]>,
  placed: Record<string, number[]>,
  label: string,
) {
  for (const [id, box] of Object.entries(placed)) {
    expect(drawn[id], `${label} ${id}`).toBeDefined();
    box.forEach((v, i) =>
      expect(Math.abs(v - drawn[id]![i]!), `${label} ${id} ${i}`).toBeLessThan(1),
    );
  }
}

/** How many columns the boxes stand in. */
export const columnCount = (boxes: Record<string, number[]>) =>
  new Set(Object.values(boxes).map(([left]) => Math.round(left!))).size;
