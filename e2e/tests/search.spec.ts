import { expect, test } from '@playwright/test';

test('a keyword search shows matching artworks whose images load', async ({ page }) => {
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search?'));
  await page.goto(`/search/${encodeURIComponent('猫')}`);
  const request = new URL((await searched).url());
  // Without R-18 enabled the exclusions are appended; AI works are allowed by default.
  expect(request.searchParams.get('word')).toBe('猫 -R-18 -R18 -18+');
  expect(request.searchParams.get('search_ai_type')).toBe('false');
  await expect(page.getByTestId('top-bar')).toContainText('猫');
  const cards = page.getByTestId('artwork-card');
  await expect(cards.first()).toBeVisible();
  const img = cards.first().locator('img').first();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
});

test('/s/{keyword} is the same search, and a pasted artwork URL opens the artwork', async ({
  page,
}) => {
  await page.goto(`/s/${encodeURIComponent('風景')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const href = await page.getByTestId('artwork-card-title').first().getAttribute('href');
  const id = /\/artworks\/(\d+)/.exec(href ?? '')?.[1];
  await page.goto(`/search/${encodeURIComponent(`猫 https://www.pixiv.net/artworks/${id}`)}`);
  await expect(page).toHaveURL(new RegExp(`/artworks/${id}$`));
  await expect(page.getByTestId('artwork-title')).not.toBeEmpty();
});

test('an R-18 query is refused for a user without R-18: nothing is requested', async ({ page }) => {
  let searched = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/search')) searched = true;
  });
  await page.goto('/search/R-18');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  expect(searched).toBe(false);
});
