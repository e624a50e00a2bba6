import { expect, test, type Page } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';

// The sandbox's demo account (packages/sandbox/README.md).
const DEMO_TOKEN = 'sbxDemoRefreshToken000000000000000000000001';

const stored = (page: Page) =>
  page.evaluate(() => ({
    settings: JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as {
      content?: { r18: boolean; r18g: boolean; ai: boolean };
      blocks?: { tags: string[]; authorIds: number[] };
      app?: { searchMinFav: number; hideRankManga: boolean };
    },
    nsfw: localStorage.getItem('pv.nsfw'),
  }));

const adultSwitch = (page: Page, name: string) => page.getByRole('switch', { name });

test('R-18 asks your age: declining changes nothing, accepting saves, sets the flag and reloads; off clears it', async ({
  page,
}) => {
  await page.goto('/setting/contents_display');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content display');
  const r18 = adultSwitch(page, 'Show R-18 works');
  await expect(r18).not.toBeChecked();
  const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });

  await r18.click();
  await expect(dialog).toContainText('Please make sure you are 18 or older.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(r18).not.toBeChecked();
  expect((await stored(page)).nsfw).toBeNull();
  expect((await stored(page)).settings.content?.r18 ?? false).toBe(false);

  await r18.click();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await reloaded;
  await expect(r18).toBeChecked();
  expect(await stored(page)).toMatchObject({ nsfw: '1', settings: { content: { r18: true } } });

  const reloadedAgain = page.waitForEvent('load');
  await r18.click();
  await reloadedAgain;
  await expect(r18).not.toBeChecked();
  expect(await stored(page)).toMatchObject({ nsfw: null, settings: { content: { r18: false } } });
});

test('R-18G asks, then warns of harm, then reloads; declining the question changes nothing', async ({
  page,
}) => {
  await page.goto('/setting/contents_display');
  const r18g = adultSwitch(page, 'Show R-18G works');
  const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });

  await r18g.click();
  await expect(dialog).toContainText('Please make sure you are 18 or older.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(r18g).not.toBeChecked();

  await r18g.click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toContainText('extreme violence');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect((await stored(page)).settings.content?.r18g ?? false).toBe(false);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await reloaded;
  await expect(r18g).toBeChecked();
  expect(await stored(page)).toMatchObject({ nsfw: '1', settings: { content: { r18g: true } } });
});

test('a tag typed into the block list leaves the ranking at once, without a reload', async ({
  page,
}) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const ranking = (await (
    await page.request.get(`/api/pixiv/rank?mode=day&date=${date}`)
  ).json()) as { illusts: { id: number; tags: { name: string }[] }[] };
  const tag = ranking.illusts[0]!.tags.at(-1)!.name;
  const first = page.locator(
    `[data-testid="artwork-card-title"][href="/artworks/${ranking.illusts[0]!.id}"]`,
  );

  await page.goto('/rank/daily');
  await expect(first).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole('link', { name: 'Setting', exact: true }).first().click();
  await page.getByTestId('setting-menu').getByRole('link', { name: 'Content display' }).click();
  await page.getByTestId('blocked-tags').fill(`someothertag, ${tag}`);
  await page.getByTestId('blocked-users').fill('11, abc');
  await expect(page.getByText('Not a user ID, ignored: abc')).toBeVisible();
  expect((await stored(page)).settings.blocks).toEqual({
    tags: ['someothertag', tag],
    authorIds: [11],
  });
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/rank\/daily/);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(first).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});

test('the minimum-bookmark field needs the local-app mode, keeps digits only and saves empty as 0', async ({
  page,
}) => {
  await page.goto('/setting/contents_display');
  const field = page.getByTestId('min-bookmarks');
  await expect(field).toBeDisabled();
  await expect(page.getByText('Available when signed in with a refresh token')).toBeVisible();

  await page.evaluate((token) => {
    localStorage.setItem(
      'pv.clientConfig',
      JSON.stringify({ refreshToken: token, useLocalAppApi: true }),
    );
  }, DEMO_TOKEN);
  await page.reload();
  await expect(field).toBeEnabled();
  await field.fill('');
  await field.pressSequentially('1a2.5');
  await expect(field).toHaveValue('125');
  expect((await stored(page)).settings.app?.searchMinFav).toBe(125);
  await field.fill('');
  expect((await stored(page)).settings.app?.searchMinFav).toBe(0);
});
