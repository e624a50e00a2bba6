/**
 * The first-card benchmark (issues 12 and 17): in Debian's Chromium at 4× CPU throttle, with a
 * cold browser cache (a new context each run) and a warm server on the sandbox, the time from
 * navigation to the first data request, to its answer, to the first card's picture loaded (the
 * first picture on an artwork page) and to 30 cards loaded, and the bytes moved before the first
 * paint, for `/rank/daily`, `/` and an artwork page; the median of 7 runs each.
 *
 * `data_request_before_main_script` says whether the first data request started before the app's
 * entry script had even arrived, i.e. whether the page preloads its data instead of waiting for
 * the app's code to ask.
 */
import { startApp } from './app.ts';
import { chromium, type Browser } from 'playwright-core';

const PORT = 18_096;
const BASE = `http://127.0.0.1:${PORT}`;
export const FIRSTCARD_RUNS = Number(process.env.BENCH_FIRSTCARD_RUNS ?? 7);
export const CPU_THROTTLE = 4;
const CARDS = 30;
const TIMEOUT_MS = 120_000;

/** One run's figures, in ms from the navigation's start (null: did not happen). */
export interface FirstCardRun {
  data_request_started_ms: number | null;
  data_arrived_ms: number | null;
  first_card_loaded_ms: number | null;
  cards_30_loaded_ms: number | null;
  first_paint_ms: number | null;
  bytes_before_first_paint: number;
  entry_script_arrived_ms: number | null;
  data_request_before_main_script: boolean;
}

export interface FirstCardPage {
  path: string;
  median: Omit<FirstCardRun, 'data_request_before_main_script'> & {
    data_request_before_main_script: boolean;
  };
  runs: FirstCardRun[];
}

export interface FirstCardResult {
  cpu_throttle: number;
  runs_per_page: number;
  pages: Record<'rank_daily' | 'home' | 'artwork', FirstCardPage>;
}

/**
 * In the page (a string: this package has no DOM types): records when card pictures, or the
 * artwork's first picture, finish loading.
 */
const RECORD_PICTURE_LOADS = `
  const seen = { cards: [], picture: null };
  window.__firstcard = seen;
  document.addEventListener('load', (event) => {
    const img = event.target;
    if (!(img instanceof HTMLImageElement)) return;
    if (img.closest('[data-testid="artwork-card"], [data-testid="row-item"]'))
      seen.cards.push(performance.now());
    else if (img.closest('[data-testid="artwork-picture"]') && seen.picture === null)
      seen.picture = performance.now();
  }, true);
`;

/** In the page: the run's figures from the recorded loads and the performance timeline. */
const READ_FIGURES = (isArtwork: boolean) => `(() => {
  const seen = window.__firstcard;
  const resources = performance.getEntriesByType('resource');
  const data = resources
    .filter((r) => new URL(r.name).pathname.startsWith('/api/pixiv/'))
    .sort((a, b) => a.startTime - b.startTime)[0];
  const entry = resources.find((r) => {
    const path = new URL(r.name).pathname;
    return path.startsWith('/assets/index-') && path.endsWith('.js');
  });
  const paint =
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
    performance.getEntriesByName('first-paint')[0]?.startTime ??
    null;
  const nav = performance.getEntriesByType('navigation')[0];
  const before = paint ?? Infinity;
  const bytes =
    (nav?.transferSize ?? 0) +
    resources.filter((r) => r.responseEnd <= before).reduce((sum, r) => sum + r.transferSize, 0);
  const round = (n) => (n == null ? null : Math.round(n));
  const isArtwork = ${isArtwork};
  return {
    data_request_started_ms: round(data?.startTime),
    data_arrived_ms: round(data?.responseEnd),
    first_card_loaded_ms: round(isArtwork ? seen.picture : seen.cards[0]),
    cards_30_loaded_ms: isArtwork ? null : round(seen.cards[${CARDS} - 1]),
    first_paint_ms: round(paint),
    bytes_before_first_paint: bytes,
    entry_script_arrived_ms: round(entry?.responseEnd),
    data_request_before_main_script: !!data && !!entry && data.startTime < entry.responseEnd,
  };
})()`;

async function oneRun(browser: Browser, path: string, artwork: boolean): Promise<FirstCardRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: RECORD_PICTURE_LOADS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.goto(`${BASE}${path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // a function, not a string: the page's CSP forbids evaluating strings
    await page.waitForFunction(
      ([isArtwork, cards]) => {
        const seen = (
          globalThis as unknown as { __firstcard?: { cards: number[]; picture: number | null } }
        ).__firstcard;
        return isArtwork ? seen?.picture != null : (seen?.cards.length ?? 0) >= cards;
      },
      [artwork, CARDS] as const,
      { timeout: TIMEOUT_MS },
    );
    // let the paint entries settle
    await page.waitForTimeout(200);
    return (await page.evaluate(READ_FIGURES(artwork))) as FirstCardRun;
  } finally {
    await context.close();
  }
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : Math.round((known[mid - 1]! + known[mid]!) / 2);
}

function summarise(path: string, runs: FirstCardRun[]): FirstCardPage {
  const of = (k: keyof Omit<FirstCardRun, 'data_request_before_main_script'>) =>
    median(runs.map((r) => r[k]));
  return {
    path,
    median: {
      data_request_started_ms: of('data_request_started_ms'),
      data_arrived_ms: of('data_arrived_ms'),
      first_card_loaded_ms: of('first_card_loaded_ms'),
      cards_30_loaded_ms: of('cards_30_loaded_ms'),
      first_paint_ms: of('first_paint_ms'),
      bytes_before_first_paint: of('bytes_before_first_paint') ?? 0,
      entry_script_arrived_ms: of('entry_script_arrived_ms'),
      data_request_before_main_script: runs.every((r) => r.data_request_before_main_script),
    },
    runs,
  };
}

export async function measureFirstCard(): Promise<FirstCardResult> {
  const server = await startApp(PORT);
  try {
    // a single-page work from the ranking the first page shows
    const ranking = (await (await fetch(`${BASE}/api/pixiv/rank?mode=day`)).json()) as {
      illusts: { id: number; page_count: number; type: string }[];
    };
    const work = ranking.illusts.find((i) => i.page_count === 1 && i.type === 'illust');
    if (!work) throw new Error('no single-page illustration in the daily ranking');
    const targets = [
      ['rank_daily', '/rank/daily', false],
      ['home', '/', false],
      ['artwork', `/artworks/${work.id}`, true],
    ] as const;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      // warm the server's caches (and the sandbox's pictures) once; that run is not counted
      for (const [, path, artwork] of targets) await oneRun(browser, path, artwork);
      const pages = {} as FirstCardResult['pages'];
      for (const [name, path, artwork] of targets) {
        const runs: FirstCardRun[] = [];
        for (let i = 0; i < FIRSTCARD_RUNS; i++) runs.push(await oneRun(browser, path, artwork));
        pages[name] = summarise(path, runs);
      }
      return { cpu_throttle: CPU_THROTTLE, runs_per_page: FIRSTCARD_RUNS, pages };
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
}
