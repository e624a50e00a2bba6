import { expect, test } from './fixtures.ts';

/**
 * From 1024 px (the desktop project is 1440 px wide): a side rail with the navigation on every
 * page instead of the bottom bar, a header with the global search, rows with scroll buttons.
 */
test('a side rail down the left edge replaces the bottom bar, on tab and detail pages', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const rail = page.getByTestId('bottom-nav');
  await expect(rail.getByRole('link', { name: 'Rank' })).toHaveAttribute('aria-current', 'page');
  const box = (await rail.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBeLessThan(120);
  expect(box.height).toBeGreaterThan(800);
  for (const label of ['Home', 'Search', 'Rank', 'Setting']) {
    await expect(rail.getByRole('link', { name: label })).toBeVisible();
  }
  // The content sits beside the rail, not under it.
  const grid = (await page.getByTestId('image-grid').boundingBox())!;
  expect(grid.x).toBeGreaterThanOrEqual(box.width);
  // Scrolling down does not hide it.
  await expect(page.getByTestId('artwork-card').nth(8)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 800));
  await page.waitForFunction(() => window.scrollY > 700);
  await expect(rail.getByRole('link', { name: 'Home' })).toBeInViewport();

  await page.goto('/spotlights');
  await expect(page.getByTestId('spotlight-tabs')).toBeVisible();
  await rail.getByRole('link', { name: 'Setting' }).click();
  await expect(page).toHaveURL(/\/setting$/);
});

test('the header has the global search box: a word searches from any page', async ({ page }) => {
  await page.goto('/rank/daily');
  const header = page.getByTestId('desktop-header');
  await expect(header.getByRole('link', { name: 'Pixiv Viewer' })).toHaveAttribute('href', '/');
  await header.getByTestId('search-input').fill('猫');
  await header.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(/\/search\/%E7%8C%AB$/);
  // The search screen's own box is then the page's only one.
  await expect(page.getByTestId('search-box')).toHaveCount(1);
});

test('home rows scroll with back and forward buttons', async ({ page }) => {
  await page.goto('/');
  const row = page.getByTestId('home-ranking');
  await expect(row.getByTestId('row-item').first()).toBeVisible({ timeout: 30_000 });
  const scroller = row.getByTestId('row-item').first().locator('..');
  await expect(row.getByTestId('row-scroll-back')).toHaveCount(0);
  await row.getByRole('button', { name: 'Scroll forward' }).click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
  await row.getByRole('button', { name: 'Scroll back' }).click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBe(0);
});
