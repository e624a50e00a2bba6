import { expect, test, type Page } from '@playwright/test';
import { rankingDateWindow } from '@pv/core';

async function settings(page: Page, value: object) {
  await page.evaluate((v) => localStorage.setItem('pv.settings', JSON.stringify(v)), value);
}

async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('artwork-card-title')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(/\/artworks\/(\d+)/.exec(h)?.[1]));
}

test('by default no R-18 or R-18G work appears, and their rankings are not offered', async ({
  page,
}) => {
  await page.goto(`/search/${encodeURIComponent('女の子')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('badge-r18')).toHaveCount(0);
  await expect(page.getByTestId('badge-r18g')).toHaveCount(0);
  await page.goto('/rank/daily_r18');
  await expect(page.getByTestId('back-home')).toBeVisible();
  await page.goto('/rank/r18g');
  await expect(page.getByTestId('back-home')).toBeVisible();
});

test('with R-18 and R-18G on, their works and rankings appear', async ({ page }) => {
  await page.goto('/rank/daily');
  await settings(page, { content: { r18: true, r18g: true, ai: true } });
  await page.goto('/rank/daily_r18');
  await expect(page.getByTestId('badge-r18').first()).toBeVisible();
  await expect(page.getByTestId('badge-r18g')).toHaveCount(0);
  await page.goto('/rank/r18g');
  await expect(page.getByTestId('badge-r18g').first()).toBeVisible();
});

test('with AI off, AI works leave the lists and the AI ranking goes', async ({ page }) => {
  await page.goto('/rank/daily_ai');
  await expect(page.getByTestId('badge-ai').first()).toBeVisible();
  await settings(page, { content: { r18: false, r18g: false, ai: false } });
  await page.goto('/rank/daily_ai');
  await expect(page.getByTestId('back-home')).toBeVisible();
  await page.goto(`/search/${encodeURIComponent('女の子')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('badge-ai')).toHaveCount(0);
});

test('a blocked author and a blocked tag disappear from every list', async ({ page }) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const ranking = (await (
    await page.request.get(`/api/pixiv/rank?mode=day&date=${date}`)
  ).json()) as {
    illusts: { id: number; user: { id: number }; tags: { name: string }[] }[];
  };
  const author = ranking.illusts[0]!.user.id;
  const tag = ranking.illusts[1]!.tags.at(-1)!.name;
  const blocked = new Set(
    ranking.illusts
      .filter((i) => i.user.id === author || i.tags.some((t) => t.name === tag))
      .map((i) => i.id),
  );
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  expect((await shownIds(page)).some((id) => blocked.has(id))).toBe(true);
  await settings(page, {
    content: { r18: false, r18g: false, ai: true },
    blocks: { tags: [tag], authorIds: [author] },
  });
  await page.reload();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const shown = await shownIds(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((id) => blocked.has(id))).toEqual([]);
  await expect(page.locator(`a[href="/users/${author}"]`)).toHaveCount(0);
});
