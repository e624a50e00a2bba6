import { expect, test, type Page } from './fixtures.ts';
import { answerConfig, shellFirst } from './helpers.ts';

/** The server as one run without self-hosted mode answers (`SELF_HOSTED=false`). */
const notSelfHosted = (page: Page) => answerConfig(page, { selfHosted: false });

/** Records the mirror calls the page makes. */
function mirrorCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  return calls;
}

test('self-hosted mode shows the recommended, latest and discovery cards and the users tab', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('home-recommended').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-discovery').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-load-latest')).toBeVisible();
  await page.goto('/home_manga');
  await expect(page.getByTestId('home-recommended').getByTestId('row-item').first()).toBeVisible();
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-recommended').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-load-latest')).toBeVisible();
  await page.goto('/search');
  await expect(page.getByTestId('search-tabs').getByRole('link')).toHaveText([
    'Illustrations & manga',
    'Novels',
    'Users',
  ]);
});

test('outside self-hosted mode those sections are gone and never asked for', async ({ page }) => {
  await notSelfHosted(page);
  const calls = mirrorCalls(page);
  // not even for a frame: the first render knows the server's mode (its config block), so no
  // placeholder of those rows shows and then goes, moving the page
  await page.addInitScript(() => {
    const rows = '[data-testid="home-recommended"], [data-testid="home-load-latest"]';
    new MutationObserver(() => {
      if (document.querySelector(rows)) document.documentElement.dataset.rowShown = 'yes';
    }).observe(document, { childList: true, subtree: true });
  });
  // a home this server renders has this server's rows (self-hosted): the shell, whose first
  // render reads the changed config block, stands for a server run outside self-hosted mode
  await shellFirst(page.context());
  await page.goto('/');
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-random').getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('home-recommended')).toHaveCount(0);
  await expect(page.getByTestId('home-discovery')).toHaveCount(0);
  await expect(page.getByTestId('home-load-latest')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.rowShown)).toBeUndefined();

  await shellFirst(page.context());
  await page.goto('/home_manga');
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-recommended')).toHaveCount(0);
  await expect(page.getByTestId('home-load-latest')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.rowShown)).toBeUndefined();

  // the novel home drops its new and recommended novels as the other homes do
  await shellFirst(page.context());
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-recommended')).toHaveCount(0);
  await expect(page.getByTestId('home-load-latest')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.rowShown)).toBeUndefined();

  await page.goto('/osusume_illust');
  await expect(page.getByTestId('back-home')).toBeVisible();
  for (const list of ['novel', 'latest_novel']) {
    await page.goto(`/osusume_illust?list=${list}`);
    await expect(page.getByTestId('back-home')).toBeVisible();
  }

  await page.goto('/search');
  await expect(page.getByTestId('search-tabs').getByRole('link')).toHaveText([
    'Illustrations & manga',
    'Novels',
  ]);
  await page.goto('/search_user');
  await expect(page.getByTestId('back-home')).toBeVisible();
  await page.goto(`/search_user/${encodeURIComponent('花')}`);
  await expect(page.getByTestId('back-home')).toBeVisible();

  const unlocked = [
    '/api/pixiv/illust_recommended',
    '/api/pixiv/manga_recommended',
    '/api/pixiv/illust_new',
    '/api/pixiv/novel_recommended',
    '/api/pixiv/novel_new',
    '/api/pixiv/search_user',
    '/api/web/discovery',
  ];
  expect(calls.filter((c) => unlocked.some((u) => c.startsWith(u)))).toEqual([]);
  // the page did reach the mirror for what it does show
  expect(calls.some((c) => c.startsWith('/api/pixiv/rank'))).toBe(true);
});
