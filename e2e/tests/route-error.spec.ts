import { expect, test, type Page } from './fixtures.ts';

/**
 * A screen whose code chunk cannot be fetched (the tab runs an old build after a redeploy, or the
 * network dropped): the page reloads once by itself, and a second failure shows the route error
 * screen with a reload, not React Router's developer page.
 */
const RANK_CHUNK = /\/assets\/RankScreen-[^/]*\.js$/;

/** Counts full page loads of the document. */
function countDocumentLoads(page: Page) {
  const loads = { n: 0 };
  page.on('request', (r) => {
    if (r.resourceType() === 'document') loads.n += 1;
  });
  return loads;
}

test('a chunk gone until the page reloads (a redeploy): the page reloads by itself, which then works', async ({
  page,
}) => {
  await page.goto('/setting');
  await expect(page.getByTestId('setting-menu')).toBeVisible();
  // The old build's chunk is gone until the page reloads (every request before it fails, the
  // modulepreload and the import alike: Chromium 156.0.8078.108 fetches the import again after a
  // failed modulepreload); the reloaded page gets it.
  const loads = countDocumentLoads(page);
  let failed = 0;
  await page.route(RANK_CHUNK, async (route) => {
    if (loads.n > 0) return route.continue();
    failed += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Rank' }).click();
  await expect(page.getByTestId('rank-category')).toBeVisible();
  expect(failed).toBeGreaterThan(0);
  expect(loads.n).toBe(1);
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});

test('a chunk that keeps failing shows the error screen with a reload, after one reload', async ({
  page,
}) => {
  await page.goto('/setting');
  await expect(page.getByTestId('setting-menu')).toBeVisible();
  await page.route(RANK_CHUNK, (route) => route.abort('internetdisconnected'));
  const loads = countDocumentLoads(page);
  // this document is marked: the error screen it shows while it reloads is not the one looked for
  await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Rank' }).click();
  await expect.poll(() => loads.n).toBe(1);
  // the reloaded page, whose chunk fails again, shows the error screen and reloads no more
  await expect
    .poll(() =>
      page
        .evaluate(
          () =>
            !(window as { beforeReload?: boolean }).beforeReload &&
            document.querySelector('[data-testid="route-error"]') !== null,
        )
        .catch(() => false),
    )
    .toBe(true);
  const error = page.getByTestId('route-error');
  await expect(error.getByRole('heading', { level: 1 })).toHaveText('This page could not be shown');
  await expect(error).toContainText('Reload to continue with the latest version');
  expect(loads.n).toBe(1);
  await expect(page).toHaveTitle('This page could not be shown - Pixiv Viewer');

  // The button reloads; with the chunk back, the ranking shows.
  await page.unroute(RANK_CHUNK);
  await error.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('rank-category')).toBeVisible();
  expect(loads.n).toBe(2);
});

test('landing on a rendered page whose chunk keeps failing: the app still starts, reloads once, then shows the error screen', async ({
  page,
}) => {
  // the server renders the ranking; the app needs the screen's chunk to take that markup over
  await page.route(RANK_CHUNK, (route) => route.abort('internetdisconnected'));
  const loads = countDocumentLoads(page);
  await page.goto('/rank/daily');
  const error = page.getByTestId('route-error');
  await expect(error).toContainText('Reload to continue with the latest version');
  await expect.poll(() => loads.n).toBe(2);
  await expect(error).toBeVisible();
});
