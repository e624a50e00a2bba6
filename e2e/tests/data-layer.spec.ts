import { expect, test } from './fixtures.ts';
import { idb, shellFirst } from './helpers.ts';

const RATE_LIMIT = {
  error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
};

test('a failing list shows a toast for 2.5 s and the retry state; retry loads it', async ({
  page,
}) => {
  let fail = true;
  // the ranking from the app's own call, which the test answers (a rendered page carries it)
  await shellFirst(page.context());
  await page.route('**/api/pixiv/rank?*', (route) =>
    fail ? route.fulfill({ json: RATE_LIMIT }) : route.fallback(),
  );
  await page.goto('/rank/weekly');
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText('Too many requests. Please try again later.');
  await expect(page.getByTestId('list-error')).toHaveText('Network error. Tap to retry.');
  await expect(toast).toHaveCount(0, { timeout: 4_000 });
  fail = false;
  await page.getByTestId('list-error').click();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('at 390 px a long toast takes 90 % of the screen’s width, not half of it, centred', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await shellFirst(page.context());
  await page.route('**/api/pixiv/rank?*', (route) => route.fulfill({ json: RATE_LIMIT }));
  await page.goto('/rank/weekly');
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText('Too many requests. Please try again later.');
  // the tops of the text's line boxes: two lines at most (three in a box half the screen wide)
  const lines = await toast.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) tops.add(Math.round(r.top));
    }
    return tops.size;
  });
  expect(lines).toBeLessThanOrEqual(2);
  const box = (await toast.boundingBox())!;
  expect(box.width).toBeCloseTo(390 * 0.9, 0);
  expect(box.x + box.width / 2).toBeCloseTo(195, 0);
});

test('any other failure says the unknown-error text', async ({ page }) => {
  await shellFirst(page.context());
  await page.route('**/api/pixiv/rank?*', (route) => route.fulfill({ status: 502, body: 'bad' }));
  await page.goto('/rank/monthly');
  await expect(page.getByTestId('toast')).toHaveText('Something went wrong. Please try again.');
});

test('a progress bar shows while a request runs', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await shellFirst(page.context());
  await page.route('**/api/pixiv/rank?*', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/rank/daily');
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  release();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('progress-bar')).toHaveCount(0);
});

test('a reload shows cached answers at once, even with the network gone', async ({ page }) => {
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const first = await page.getByTestId('artwork-card-title').first().textContent();
  // the cache is written to IndexedDB at most once a second: wait until it holds the list
  await expect
    .poll(async () => JSON.stringify((await idb(page, 'pv.queryCache')) ?? '').includes(first!), {
      timeout: 10_000,
    })
    .toBe(true);
  await page.route('**/api/pixiv/**', (route) => route.abort());
  // the shell, as the server sends a page it does not render: the list from the stored answers
  await shellFirst(page.context());
  await page.reload();
  await expect(page.getByTestId('artwork-card-title').first()).toHaveText(first!);
});
