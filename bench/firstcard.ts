/**
 * The first-card benchmark (issues 12, 17 and 33): the app against the limit, a static page that
 * lists the very pictures the app shows (firstcard-limit.ts), served by the same server, in
 * Debian's Chromium at 4× CPU throttle with a cold browser cache (a new context each run), on a
 * phone's and a desktop's viewport, the two contenders alternating, for the daily ranking, the
 * home, an artwork, a novel and a user's profile.
 *
 * Each page and viewport starts with an uncounted run of the app (it warms the server, and its
 * settled page names the limit's pictures: the cards' pictures are lazy, so the limit lists the
 * ones the app loads without a scroll, at most 30) and one of the limit page; then the counted
 * runs, app, limit and "today" (the app with server rendering off) in turn. Goals (issue 33):
 * first contentful paint ≤ 1.2× the limit's, first card ≤ 1.3×, every listed card ≤ 1.3×, CLS <
 * 0.02, and the app taking the page over (`<html data-hydrated>`, from when a tap does what it
 * shows) ≤ 1.5× today's first contentful paint: the moment the app rendering in the browser
 * (SSR=0) takes its page over, its first own screen, which was the first paint when the issue
 * was filed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type Browser, type BrowserContextOptions } from 'playwright-core';
import { startApp } from './app.ts';
import { limitHtml, makeLimitDist, type LimitDist } from './firstcard-limit.ts';
import {
  COUNT,
  HARVEST,
  READ,
  DONE_BINDING,
  RECORD,
  type Harvest,
  type PageFigures,
  type RunTarget,
} from './firstcard-page.ts';
import { GOALS, summarise, type Kind, type PageResult, type RawRun } from './firstcard-result.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 18_096;
const BASE = `http://127.0.0.1:${PORT}`;
/**
 * "Today": the same app and server with server rendering off (SSR=0), the app rendering its first
 * screen itself as every page did when issue 33 was filed. Its take-over time is the moment the
 * app first painted its own screen then (the page had nothing before it; the first-paint shell it
 * shows now came with this issue): the goal for our take-over is ≤ 1.5× it.
 */
const TODAY_PORT = PORT + 1;
const TODAY_BASE = `http://127.0.0.1:${TODAY_PORT}`;
export const FIRSTCARD_RUNS = Number(process.env.BENCH_FIRSTCARD_RUNS ?? 7);
/**
 * The pages measured (`BENCH_FIRSTCARD_PAGES=artwork,novel`: a narrowed run, for work on a page;
 * its JSON lists those pages only and `pages_measured` says so); absent: every page.
 */
const ONLY_PAGES = (process.env.BENCH_FIRSTCARD_PAGES ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
export const CPU_THROTTLE = 4;
/** A run that has not shown all it waits for by then is kept with `complete: false`. */
const TIMEOUT_MS = 60_000;
/** After the last awaited event: later layout shifts and LCP candidates. */
const SETTLE_MS = 1_000;
/** An all-ages novel of the sandbox, with chapters and pages. */
const NOVEL_PATH = '/novel/13319497';

/**
 * An en-US browser, as the e2e suite's: without a locale Chromium sends no Accept-Language while
 * `navigator.language` is en-US, so the server would render in its fallback language and the app
 * render every page anew in English instead of adopting it. The phone is one as the server knows
 * a phone: a phone's Chrome user agent (Playwright's Pixel 7) and the mobile client hint it sends
 * (`Sec-CH-UA-Mobile: ?1`); without them the server took it for a desktop in a narrow window and
 * rendered for 1440 px.
 */
export const VIEWPORTS = {
  mobile: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    userAgent: devices['Pixel 7'].userAgent,
    extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
  },
  desktop: { viewport: { width: 1440, height: 900 }, locale: 'en-US' },
} as const satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

type PageName = 'rank_daily' | 'home' | 'artwork' | 'novel' | 'user';

export interface FirstCardResult {
  cpu_throttle: number;
  runs_per_page: number;
  viewports: typeof VIEWPORTS;
  goals: {
    fcp_over_limit: number;
    first_card_over_limit: number;
    cards_over_limit: number;
    cls_below: number;
    interactive_over_today: number;
    missed: string[];
  };
  /** The pages this run measured, in order (all five unless `BENCH_FIRSTCARD_PAGES` narrowed it). */
  pages_measured: PageName[];
  pages: Partial<Record<PageName, PageResult>>;
}

interface RunOptions {
  /** The server's origin: ours, or today's (SSR=0). */
  base: string;
  path: string;
  viewport: ViewportName;
  kind: Kind;
  /** The pictures to wait for (the limit's count); 0 on a novel. */
  cards: number;
  /** The app (waits for it to take the page over too), not the limit page. */
  app: boolean;
}

/**
 * A fresh context at the viewport, the recorder in it before anything else, the CPU throttled.
 * With `until`, `done` settles once the recorder has seen it (RECORD's DONE_BINDING; without
 * `until` it never settles).
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  kind: Kind,
  until?: RunTarget,
) {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  await page.addInitScript({ content: RECORD(kind === 'novel', until) });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: DONE_BINDING });
  const done = new Promise<void>((resolve) =>
    cdp.on('Runtime.bindingCalled', (event) => {
      if (event.name === DONE_BINDING) resolve();
    }),
  );
  return { context, page, done };
}

/** `done`, or false after `ms`. */
export function within(done: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    done.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

async function oneRun(browser: Browser, o: RunOptions): Promise<RawRun> {
  const until = { kind: o.kind, cards: o.cards, app: o.app };
  const { context, page, done } = await openPage(browser, o.viewport, o.kind, until);
  try {
    const started = Date.now();
    await page.goto(`${o.base}${o.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // told by the recorder itself, not by polling from Playwright (RECORD says why)
    const complete = await within(done, TIMEOUT_MS - (Date.now() - started));
    await page.waitForTimeout(SETTLE_MS);
    return { ...((await page.evaluate(READ(o.kind))) as PageFigures), complete };
  } finally {
    await context.close();
  }
}

/**
 * The app's page (at `base`) once it has taken over and its pictures have stopped arriving: what
 * it shows, which the limit page lists.
 */
export async function harvest(
  browser: Browser,
  base: string,
  path: string,
  viewport: ViewportName,
  kind: Kind,
) {
  const { context, page } = await openPage(browser, viewport, kind);
  try {
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: TIMEOUT_MS });
    // settled: the same count for 2 s with none still loading (40 s at most)
    let last = -1;
    for (let same = 0, tries = 0; same < 4 && tries < 80; tries++) {
      await page.waitForTimeout(500);
      const { loaded, pending } = (await page.evaluate(COUNT)) as {
        loaded: number;
        pending: number;
      };
      same = loaded === last && pending === 0 ? same + 1 : 0;
      last = loaded;
    }
    const shown = (await page.evaluate(HARVEST)) as Harvest;
    if (kind === 'novel' ? shown.lines.length === 0 : shown.pictures.length === 0)
      throw new Error(`${path} (${viewport}) showed no ${kind === 'novel' ? 'text' : 'pictures'}`);
    return shown;
  } finally {
    await context.close();
  }
}

interface Target {
  name: PageName;
  path: string;
  kind: Kind;
}

/** Harvest, limit page, its warm-up, then the counted runs in turn. */
async function measureViewport(
  browser: Browser,
  target: Target,
  viewport: ViewportName,
  limits: LimitDist,
) {
  const name = `${target.name}-${viewport}`;
  const shown = await harvest(browser, BASE, target.path, viewport, target.kind);
  limits.write(name, limitHtml(shown));
  const limitPath = limits.path(name);
  const common = {
    viewport,
    kind: target.kind,
    cards: target.kind === 'novel' ? 0 : shown.pictures.length,
  };
  const ours = { ...common, base: BASE, path: target.path, app: true };
  const limit = { ...common, base: BASE, path: limitPath, app: false };
  const today = { ...common, base: TODAY_BASE, path: target.path, app: true };
  await oneRun(browser, limit);
  await oneRun(browser, today);
  const runs = { ours: [] as RawRun[], limit: [] as RawRun[], today: [] as RawRun[] };
  for (let i = 0; i < FIRSTCARD_RUNS; i++) {
    runs.ours.push(await oneRun(browser, ours));
    runs.limit.push(await oneRun(browser, limit));
    runs.today.push(await oneRun(browser, today));
  }
  return summarise({ path: target.path, limitPath, kind: target.kind, shown, runs });
}

/** The pages: an all-ages single-page work from the daily ranking's first page, and its author. */
async function targets(): Promise<Target[]> {
  const ranking = (await (await fetch(`${BASE}/api/pixiv/rank?mode=day`)).json()) as {
    illusts: {
      id: number;
      page_count: number;
      type: string;
      x_restrict: number;
      user: { id: number };
    }[];
  };
  const work = ranking.illusts.find(
    (i) => i.page_count === 1 && i.type === 'illust' && i.x_restrict === 0,
  );
  if (!work) throw new Error('no all-ages single-page illustration in the daily ranking');
  return [
    { name: 'rank_daily', path: '/rank/daily', kind: 'cards' },
    { name: 'home', path: '/', kind: 'cards' },
    { name: 'artwork', path: `/artworks/${work.id}`, kind: 'artwork' },
    { name: 'novel', path: NOVEL_PATH, kind: 'novel' },
    { name: 'user', path: `/users/${work.user.id}`, kind: 'cards' },
  ];
}

const PAGE_NAMES: PageName[] = ['rank_daily', 'home', 'artwork', 'novel', 'user'];

export async function measureFirstCard(): Promise<FirstCardResult> {
  const views = Object.keys(VIEWPORTS) as ViewportName[];
  const unknown = ONLY_PAGES.filter((name) => !(PAGE_NAMES as string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_FIRSTCARD_PAGES: no page ${unknown.join(', ')} (${PAGE_NAMES.join(', ')})`,
    );
  const measured = PAGE_NAMES.filter(
    (name) => ONLY_PAGES.length === 0 || ONLY_PAGES.includes(name),
  );
  const names = measured.flatMap((name) => views.map((v) => `${name}-${v}`));
  const limits = makeLimitDist(join(root, 'packages/web/dist'), names);
  const server = await startApp(PORT, { WEB_DIST: limits.dir });
  const todayServer = await startApp(TODAY_PORT, { SSR: '0' });
  try {
    const pages = (await targets()).filter((target) => measured.includes(target.name));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const results = {} as FirstCardResult['pages'];
      const missed: string[] = [];
      for (const target of pages) {
        const page = { path: target.path } as PageResult;
        for (const viewport of views) {
          const { result, missed: its } = await measureViewport(browser, target, viewport, limits);
          page[viewport] = result;
          missed.push(...its.map((m) => `${target.name} (${viewport}): ${m}`));
          console.log(`firstcard: ${target.name} (${viewport})`, result.ratio_to_limit);
        }
        results[target.name] = page;
      }
      return {
        cpu_throttle: CPU_THROTTLE,
        runs_per_page: FIRSTCARD_RUNS,
        viewports: VIEWPORTS,
        goals: { ...GOALS, missed },
        pages_measured: measured,
        pages: results,
      };
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
    todayServer.kill('SIGTERM');
    limits.remove();
  }
}
