import { expect, test, type Locator, type Page } from '@playwright/test';

/** Waits until `img` has finished loading real pixels. */
async function expectImageLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
}

async function gridHeight(page: Page) {
  return page.getByTestId('image-grid').evaluate((el) => el.scrollHeight);
}

test('the daily ranking shows artwork cards whose images load', async ({ page }) => {
  await page.goto('/rank/daily');
  const cards = page.getByTestId('artwork-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(4);

  for (let i = 0; i < 4; i++) {
    const card = cards.nth(i);
    await expect(card.getByTestId('artwork-card-title')).not.toBeEmpty();
    const img = card.locator('img').first();
    await expect(img).toHaveAttribute('src', /^\/i\//);
    await expectImageLoaded(img);
  }
});

test('scrolling to the end of the ranking loads the next page', async ({ page }) => {
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const before = await gridHeight(page);
  const morePage = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/rank') && r.url().includes('page=2'),
  );
  await page.mouse.move(200, 300);
  for (let i = 0; i < 20 && (await gridHeight(page)) <= before; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await morePage;
  await expect.poll(() => gridHeight(page)).toBeGreaterThan(before);
});

test('a click on a card opens the artwork page with its images, title, author and tags', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const card = page.getByTestId('artwork-card').first();
  const title = (await card.getByTestId('artwork-card-title').textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(0);

  await card.locator('a[href^="/artworks/"]').first().click();
  await expect(page).toHaveURL(/\/artworks\/\d+$/);
  await expect(page.getByTestId('artwork-title')).toHaveText(title);
  await expect(page.getByTestId('artwork-author')).toBeVisible();
  expect(await page.getByTestId('artwork-tag').count()).toBeGreaterThan(0);
  await expectImageLoaded(page.getByTestId('artwork-image').first());
});
