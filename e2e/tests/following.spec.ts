import { expect, test, type Page } from './fixtures.ts';

/**
 * The Following area (spec 000 §2 Following, §9; issue 13): a sign-in prompt for a visitor; for
 * a signed-in account the timeline (1), the novel timeline (5, local-app mode only), one's own
 * bookmarks (2), the followed users (3, 24 a page, three works each) and the site's latest (4).
 */

const DEMO = { id: 11000001, token: 'sbxDemoRefreshToken000000000000000000000001' };
const NOVELIST = 18206;

async function asDemo(page: Page, path: string, body: Record<string, unknown>) {
  const res = await page.request.get('/api/pixiv/req_post', {
    params: { path, data: JSON.stringify(body) },
    headers: { 'x-pixiv-refresh-token': DEMO.token },
  });
  expect(res.ok()).toBe(true);
}

test('a visitor gets a sign-in prompt', async ({ page }) => {
  await page.goto('/following');
  const prompt = page.getByTestId('following-sign-in');
  await expect(prompt).toContainText('Sign in to see the works of the authors you follow.');
  await prompt.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/login$/);
});

test('every Following tab for a signed-in local-app account', async ({ page }) => {
  // 28 account actions to set up, then five tabs
  test.setTimeout(120_000);
  // the demo account follows 26 authors (the novelist first) and bookmarks one work
  const rank = await page.request.get('/api/pixiv/rank?mode=week');
  const authors = ((await rank.json()) as { illusts: { user: { id: number } }[] }).illusts.map(
    (i) => i.user.id,
  );
  const follows = [...new Set([NOVELIST, ...authors])].slice(0, 26);
  expect(follows).toHaveLength(26);
  for (const id of follows)
    await asDemo(page, 'v1/user/follow/add', { user_id: id, restrict: 'public' });
  const works = await page.request.get(`/api/pixiv/member_illust?id=${NOVELIST}`);
  const work = ((await works.json()) as { illusts: { id: number }[] }).illusts[0]!.id;
  await asDemo(page, 'v2/illust/bookmark/add', { illust_id: work, restrict: 'public' });

  await page.addInitScript(
    (t) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: t, useLocalAppApi: true }),
      ),
    DEMO.token,
  );
  const feed = page.waitForRequest((r) => r.url().includes('path=v2%2Fillust%2Ffollow'));
  await page.goto('/following');
  const params = new URL((await feed).url()).searchParams;
  expect(JSON.parse(params.get('params')!)).toEqual({ restrict: 'public', offset: 0 });
  await expect(page.getByTestId('following-tabs').getByRole('tab')).toHaveText([
    'Timeline',
    'Novel timeline',
    'My bookmarks',
    'Followed users',
    'Latest on the site',
  ]);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();

  await page.getByTestId('following-tab-5').click();
  await expect(page).toHaveURL(/\/following\/5$/);
  await expect(page.getByTestId('novel-card').first()).toBeVisible();

  await page.getByTestId('following-tab-2').click();
  await expect(
    page.getByTestId('artwork-card').locator(`a[href="/artworks/${work}"]`).first(),
  ).toBeVisible();

  await page.getByTestId('following-tab-3').click();
  const cards = page.getByTestId('user-card');
  await expect(cards).toHaveCount(24);
  await expect(cards.first().getByTestId('user-card-work').first()).toBeVisible();
  await page.mouse.wheel(0, 20_000);
  await expect(cards).toHaveCount(26);
  await expect(page.getByTestId('list-finished')).toBeVisible();

  await page.getByTestId('following-tab-4').click();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page).toHaveTitle(/^Following - /);
});

test('a session sign-in has no novel timeline tab', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'pv.webSession',
      JSON.stringify({
        session: '11000001_sbxDemoSession000000000000000001',
        csrfToken: '5a6e64626f7844656d6f437372663030',
        user: {
          id: 11000001,
          pixivId: 'sandbox_demo',
          name: 'サンドボックス',
          profileImg: '',
          profileImgBig: '',
          premium: true,
          xRestrict: 2,
        },
        expiresAt: Date.now() + 86_400_000,
      }),
    ),
  );
  await page.goto('/following/4');
  await expect(page.getByTestId('following-tabs').getByRole('tab')).toHaveCount(4);
  await expect(page.getByTestId('following-tab-5')).toHaveCount(0);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('at 390 px the selected Following tab is scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(
    (t) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: t, useLocalAppApi: true }),
      ),
    DEMO.token,
  );
  await page.goto('/following/4');
  const list = page.getByTestId('following-tabs');
  const tab = page.getByTestId('following-tab-4');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  // the row is wider than the screen, and its last tab, selected, is inside the screen
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const row = (await list.boundingBox())!;
  const box = (await tab.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(row.x);
  expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width);
});
