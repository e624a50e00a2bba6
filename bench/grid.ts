/**
 * The long-list benchmark: in Debian's Chromium against the real server on the sandbox, a search
 * is scrolled until at least 3,000 cards are loaded. It records how many elements the grid keeps
 * in the DOM, how many cards are rendered, the JS heap, and the time per loaded page.
 */
import { startApp } from './app.ts';
import { chromium } from 'playwright-core';

const PORT = 18_095;
const BASE = `http://127.0.0.1:${PORT}`;
export const GRID_TARGET_CARDS = 3_000;
/** The grid keeps fewer DOM elements than this however long the list (issue 5). */
export const GRID_MAX_DOM_ELEMENTS = 2_000;

export interface GridResult {
  target_cards: number;
  loaded_cards: number;
  rendered_cards: number;
  grid_dom_elements: number;
  js_heap_used_bytes: number;
  pages_loaded: number;
  ms_per_page: number;
}

export async function measureGrid(): Promise<GridResult> {
  const server = await startApp(PORT);
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--enable-precise-memory-info',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      let pages = 0;
      page.on('response', (r) => {
        if (r.url().includes('/api/pixiv/search?')) pages++;
      });
      const started = Date.now();
      await page.goto(`${BASE}/search/${encodeURIComponent('オリジナル')}`);
      await page.getByTestId('artwork-card').first().waitFor();
      const count = () =>
        page
          .getByTestId('image-grid')
          .locator('[data-card-count]')
          .getAttribute('data-card-count')
          .then(Number);
      while ((await count()) < GRID_TARGET_CARDS) {
        if (await page.getByTestId('list-finished').isVisible()) break;
        await page.mouse.wheel(0, 20_000);
        await page.waitForTimeout(250);
        if (Date.now() - started > 600_000)
          throw new Error('the list did not reach 3000 cards in 10 minutes');
      }
      await page.waitForTimeout(500);
      const elapsed = Date.now() - started;
      const grid = page.getByTestId('image-grid');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      return {
        target_cards: GRID_TARGET_CARDS,
        loaded_cards: await count(),
        rendered_cards: await page.getByTestId('artwork-card').count(),
        grid_dom_elements: await grid.evaluate((el) => el.querySelectorAll('*').length),
        js_heap_used_bytes: heap,
        pages_loaded: pages,
        ms_per_page: Math.round(elapsed / Math.max(1, pages)),
      };
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
}
