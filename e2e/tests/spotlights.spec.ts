import { expect, test } from '@playwright/test';
import type { SpotlightDetail, SpotlightList } from '@pv/core';
import { expectImageLoaded } from './helpers.ts';

test('the spotlight list shows article cards in seven tabs and pages as you scroll', async ({
  page,
}) => {
  await page.goto('/spotlights');
  const tabs = page.getByTestId('spotlight-tabs').getByRole('link');
  await expect(tabs).toHaveText([
    'Illustration',
    'Column',
    'Interview',
    'Manga',
    'Novels',
    'News',
    'Recommended',
  ]);
  const cards = page.getByTestId('spotlight-card');
  await expect(cards.first()).toBeVisible();
  await expectImageLoaded(cards.first().locator('img'));
  const first = await cards.count();
  expect(first).toBeGreaterThanOrEqual(20);
  for (let i = 0; i < 20 && (await cards.count()) <= first; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  expect(await cards.count()).toBeGreaterThan(first);

  await page.getByTestId('spotlight-tabs').getByRole('link', { name: 'Manga' }).click();
  await expect(page).toHaveURL(/\/spotlights\?tab=manga$/);
  const api = (await (
    await page.request.get('/api/spotlights?type=manga&page=1&lang=en')
  ).json()) as SpotlightList;
  await expect(cards.first().getByTestId('spotlight-card-title')).toHaveText(
    api.articles[0]!.title,
  );
});

test('/pixivision is the same list', async ({ page }) => {
  await page.goto('/pixivision');
  await expect(page.getByTestId('spotlight-card').first()).toBeVisible();
});

test('an article shows its works, which lead to the artworks, and related articles', async ({
  page,
}) => {
  const list = (await (
    await page.request.get('/api/spotlights?type=illustration&lang=en')
  ).json()) as SpotlightList;
  let detail: SpotlightDetail | undefined;
  for (const a of list.articles) {
    const d = (await (
      await page.request.get(`/api/spotlight/${a.id}?lang=en`)
    ).json()) as SpotlightDetail;
    if (d.desc && d.items.length > 3 && !d.items.some((i) => i.illust_url.includes('limit_'))) {
      detail = d;
      break;
    }
  }
  expect(detail).toBeDefined();
  await page.goto(`/spotlight/${detail!.id}`);
  await expect(page.getByTestId('spotlight-illust')).toBeVisible();
  await expect(page.getByTestId('spotlight-title')).toHaveText(detail!.title);
  await expect(page.getByTestId('spotlight-desc')).toContainText(detail!.desc.split('\n')[0]!);
  const items = page.getByTestId('spotlight-item');
  await expect(items).toHaveCount(detail!.items.length);
  await expectImageLoaded(items.first().locator('img').first());
  await expect(page.getByTestId('spotlight-external')).toHaveAttribute(
    'href',
    `https://www.pixivision.net/en/a/${detail!.id}`,
  );
  await expect(
    page.getByTestId('spotlight-related-latest').getByTestId('spotlight-card').first(),
  ).toBeVisible();
  await items.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/artworks/${detail!.items[0]!.illust_id}$`));
  await expect(page.getByTestId('artwork-title')).toBeVisible();

  // the article variant of the same id
  await page.goto(`/a/${detail!.id}`);
  await expect(page.getByTestId('spotlight-article')).toBeVisible();
  await page.goto(`/sp/${detail!.id}`);
  await expect(page.getByTestId('spotlight-illust')).toBeVisible();
});

test('an article without works or description redirects to the article route', async ({ page }) => {
  let target: number | undefined;
  for (const type of ['interview', 'column', 'news']) {
    const list = (await (
      await page.request.get(`/api/spotlights?type=${type}&lang=en`)
    ).json()) as SpotlightList;
    for (const a of list.articles) {
      const d = (await (
        await page.request.get(`/api/spotlight/${a.id}?lang=en`)
      ).json()) as SpotlightDetail;
      if (d.items.length === 0 || !d.desc) {
        target = d.id;
        break;
      }
    }
    if (target) break;
  }
  expect(target).toBeDefined();
  await page.goto(`/spotlight/${target}`);
  await expect(page).toHaveURL(new RegExp(`/a/${target}$`));
  await expect(page.getByTestId('spotlight-article')).toBeVisible();
});

test('an unknown article says so instead of a blank page', async ({ page }) => {
  await page.goto('/spotlight/5');
  await expect(page.getByTestId('spotlight-error')).toContainText('This article does not exist.');
});

test('the home spotlight card opens the illustration variant on wide screens, the article on narrow ones', async ({
  page,
}) => {
  await page.goto('/');
  const row = page.getByTestId('home-spotlights');
  const item = row.getByTestId('spotlight-row-item').first();
  await expect(item).toBeVisible();
  const narrow = (page.viewportSize()?.width ?? 0) < 768;
  await expect(item).toHaveAttribute('href', narrow ? /^\/a\/\d+$/ : /^\/spotlight\/\d+$/);
  await row.getByRole('link', { name: 'pixivision articles' }).click();
  await expect(page).toHaveURL(/\/spotlights$/);
});
