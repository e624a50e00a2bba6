import { expect, test, type Page } from './fixtures.ts';
import { SANDBOX_BASE_URL } from '../env.ts';
import {
  cardBoxes,
  columnCount,
  drawnAndPlaced,
  expectImageLoaded,
  expectSamePlaces,
  historyIds,
  linkedArtworkId,
  PHONE_WITH_HINT,
} from './helpers.ts';

/**
 * User profiles (spec 001 §2.11, issue 13): the header, the tabs shown only with a count above 0,
 * the bio collapse at 160 px, the author's tag filter, and the follow button's state machine.
 */

const TOKENS = {
  demo: 'sbxDemoRefreshToken000000000000000000000001',
  safe: 'sbxSafeRefreshToken000000000000000000000002',
  r18: 'sbxR18RefreshToken0000000000000000000000003',
};
const DEMO_ID = 11000001;
/** A prolific author: illusts, manga, both series kinds and novels. */
const PROLIFIC = 18206;
/** An author without novels or novel series. */
const NO_NOVELS = 97572489;
/** An author whose bio is eleven lines long. */
const LONG_BIO = 28177812;

async function signIn(page: Page, token: string) {
  await page.addInitScript(
    (t) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: t, useLocalAppApi: true }),
      ),
    token,
  );
}

interface Member {
  user: { name: string; account: string };
  profile: Record<string, number>;
}

async function member(page: Page, id: number): Promise<Member> {
  const res = await page.request.get(`/api/pixiv/member?id=${id}`);
  return (await res.json()) as Member;
}

async function cardIds(page: Page): Promise<number[]> {
  const links = page.getByTestId('artwork-card').locator('a[href^="/artworks/"]');
  await expect(links.first()).toBeVisible();
  const ids: number[] = [];
  for (const link of await links.all()) ids.push(await linkedArtworkId(link));
  return [...new Set(ids)];
}

test.afterEach(async ({ request }) => {
  await request.delete(`${SANDBOX_BASE_URL}/_sandbox/faults`);
});

test('a profile shows its header and every tab whose count is above 0', async ({ page }) => {
  const { user, profile } = await member(page, PROLIFIC);
  await page.goto(`/u/${PROLIFIC}`);
  await expect(page.getByTestId('user-name')).toContainText(user.name);
  await expect(page.getByTestId('user-header')).toContainText(`@${user.account}`);
  await expectImageLoaded(page.getByTestId('user-avatar'));
  await expect(page.getByTestId('user-follows')).toContainText(String(profile.total_follow_users));
  await expect(page).toHaveTitle(new RegExp(`^${user.name} - `));
  const expected = [
    ['illusts', profile.total_illusts],
    ['manga', profile.total_manga],
    ['illust_series', profile.total_illust_series],
    ['novel', profile.total_novels],
    ['novel_series', profile.total_novel_series],
    ['favorite', profile.total_illust_bookmarks_public],
  ] as const;
  for (const [tab, count] of expected) {
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId(`user-tab-${tab}`)).toBeVisible();
  }
  await expect(page.getByTestId('user-tab-related')).toBeVisible();
  // the first tab lists the illustrations
  await expect(page.getByTestId('user-tab-illusts')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  // no follow button for a visitor (spec 001 §6)
  await expect(page.getByTestId('follow-button')).toHaveCount(0);
});

test('a profile with few works hides the tabs whose count is 0', async ({ page }) => {
  const { profile } = await member(page, NO_NOVELS);
  expect(profile.total_novels).toBe(0);
  expect(profile.total_novel_series).toBe(0);
  await page.goto(`/users/${NO_NOVELS}`);
  await expect(page.getByTestId('user-tab-illusts')).toBeVisible();
  await expect(page.getByTestId('user-tab-novel')).toHaveCount(0);
  await expect(page.getByTestId('user-tab-novel_series')).toHaveCount(0);
  await expect(page.getByTestId('user-tab-fav_novel')).toHaveCount(0);
});

test('a bio taller than 160 px collapses and expands', async ({ page }) => {
  await page.goto(`/users/${LONG_BIO}`);
  const bio = page.getByTestId('user-bio');
  await expect(bio).toHaveAttribute('data-collapsed', 'true');
  expect((await bio.boundingBox())!.height).toBeLessThanOrEqual(160);
  const toggle = page.getByTestId('user-bio-toggle');
  await toggle.click();
  await expect(bio).toHaveAttribute('data-collapsed', 'false');
  expect((await bio.boundingBox())!.height).toBeGreaterThan(160);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // a pixiv link in the bio opens the app's own page
  await expect(bio.locator(`a[href="/users/${LONG_BIO}"]`)).toBeVisible();
  // a short bio has no toggle
  await page.goto(`/users/${NO_NOVELS}`);
  await expect(page.getByTestId('user-bio')).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByTestId('user-bio-toggle')).toHaveCount(0);
});

test('the tag filter lists one tag’s works and clears on a second click', async ({ page }) => {
  const tagsRes = await page.request.get(`/api/web/user_tags?id=${PROLIFIC}`);
  const tags = ((await tagsRes.json()) as { body: { tag: string }[] }).body;
  expect(tags.length).toBeGreaterThan(20);
  await page.goto(`/users/${PROLIFIC}`);
  const chips = page.getByTestId('user-tag');
  // the first 20 tags, the rest behind 'more'
  await expect(chips).toHaveCount(20);
  const allIds = await cardIds(page);
  const tag = tags[3]!.tag;
  await chips.nth(3).click();
  await expect(chips.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(tag)}`));
  const worksRes = await page.request.get(
    `/api/web/user_tag_works?id=${PROLIFIC}&tag=${encodeURIComponent(tag)}`,
  );
  const works = ((await worksRes.json()) as { body: { works: { id: string }[] } }).body.works;
  await expect.poll(async () => (await cardIds(page))[0]).toBe(Number(works[0]!.id));
  await chips.nth(3).click();
  await expect(chips.nth(3)).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await cardIds(page))[0]).toBe(allIds[0]);
  await page.getByTestId('user-tags-more').click();
  await expect(chips).toHaveCount(tags.length);
});

test('at 1440 px the profile card stands 12 px under the top bar, not flush with it', async ({
  page,
}) => {
  await page.goto(`/users/${PROLIFIC}`);
  await expect(page.getByTestId('user-name')).toBeVisible();
  const bar = (await page.getByTestId('top-bar').boundingBox())!;
  const card = (await page.getByTestId('user-header').boundingBox())!;
  // the same gap as the first block of the settings, lives and article screens
  expect(card.y - (bar.y + bar.height)).toBeCloseTo(12, 0);
});

test('at 390 px the tag filter is one sideways row and the works follow right under it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/users/${PROLIFIC}`);
  const group = page.getByTestId('user-tags');
  const chips = page.getByTestId('user-tag');
  await expect(chips).toHaveCount(20);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  // twenty tags wrapped would take half the screen: one row, wider than the screen, scrolls
  const tops = await chips.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  expect(await group.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const row = (await group.boundingBox())!;
  const chip = (await chips.first().boundingBox())!;
  expect(row.height).toBeLessThanOrEqual(chip.height + 16);
  // the first works are on the first screen, right under the row
  const panel = (await page.getByTestId('user-tab-panel').boundingBox())!;
  expect(panel.y - (row.y + row.height)).toBeLessThanOrEqual(12);
  const card = (await page.getByTestId('artwork-card').first().boundingBox())!;
  expect(card.y).toBeLessThan(844 / 2);
});

test('at 390 px in Japanese the @id stops short of the wider follow button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('pv.language', 'ja'));
  // an account that does not follow the author (following.spec has the demo account follow them)
  await signIn(page, TOKENS.r18);
  await page.goto(`/users/${PROLIFIC}`);
  const button = page.getByTestId('follow-button');
  await expect(button).toHaveText('フォローする');
  const account = page.getByTestId('user-account');
  const { right, drawnPast } = await account.evaluate((el) => ({
    right: el.getBoundingClientRect().right,
    // text wider than its box is drawn past it unless the box clips it
    drawnPast: el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'visible',
  }));
  expect(drawnPast).toBe(false);
  expect(right).toBeLessThanOrEqual((await button.boundingBox())!.x);
});

/** A follow or an unfollow by the server's own account (the sandbox's demo account). */
async function asServerAccount(page: Page, path: string, userId: number) {
  const res = await page.request.get('/api/pixiv/req_post', {
    params: { path, data: JSON.stringify({ user_id: userId, restrict: 'public' }) },
    headers: { 'x-pixiv-refresh-token': TOKENS.demo },
  });
  expect(res.ok()).toBe(true);
}

test('follow and unfollow; a failing upstream leaves the state unchanged', async ({ page }) => {
  // The server's own account follows the user: the signed-in user's very first page, which the
  // server renders from that account's answers before the app has said it calls with its own
  // token, must show the user's own state, not the server's.
  await asServerAccount(page, 'v1/user/follow/add', NO_NOVELS);
  await signIn(page, TOKENS.r18);
  await page.goto(`/users/${NO_NOVELS}`);
  const button = page.getByTestId('follow-button');
  await expect(button).toHaveText('Follow');
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/app-api.pixiv.net/v1/user/follow/add', times: 1, status: 500 },
  });
  await button.click();
  await expect(
    page.locator('[data-testid="toast"][data-error="true"]', { hasText: /^Following failed\.$/ }),
  ).toBeVisible();
  await expect(button).toHaveText('Follow');
  await button.click();
  await expect(button).toHaveText('Following');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  // upstream took it, and the cached profile says so when the page is shown again
  const fresh = await page.request.get(`/api/pixiv/member?id=${NO_NOVELS}`, {
    headers: { 'x-pixiv-refresh-token': TOKENS.r18 },
  });
  expect(((await fresh.json()) as { user: { is_followed: boolean } }).user.is_followed).toBe(true);
  await page.getByTestId('user-tab-related').click();
  await page.getByTestId('user-card').first().getByRole('link').first().click();
  await expect(page).not.toHaveURL(new RegExp(`/users/${NO_NOVELS}`));
  await page.goBack();
  await expect(page.getByTestId('follow-button')).toHaveText('Following');
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/app-api.pixiv.net/v1/user/follow/delete', times: 1, status: 500 },
  });
  await page.getByTestId('follow-button').click();
  // (the first failure's toast may still be up: this one is found by its text)
  await expect(
    page.locator('[data-testid="toast"][data-error="true"]', { hasText: /^Unfollowing failed\.$/ }),
  ).toBeVisible();
  await expect(page.getByTestId('follow-button')).toHaveText('Following');
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-button')).toHaveText('Follow');
  await asServerAccount(page, 'v1/user/follow/delete', NO_NOVELS);
});

test('one’s own profile has no follow button and links to the followed users', async ({ page }) => {
  await signIn(page, TOKENS.demo);
  await page.goto(`/users/${DEMO_ID}`);
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(page.getByTestId('follow-button')).toHaveCount(0);
  await page.getByTestId('user-follows').getByRole('link').click();
  await expect(page).toHaveURL(/\/following\/3$/);
});

test('the history lists visited users, says when a list is empty, and clears after asking', async ({
  page,
}) => {
  const { user } = await member(page, PROLIFIC);
  // each visit is written to IndexedDB after the profile shows; a navigation must not cut it off
  await page.goto(`/users/${NO_NOVELS}`);
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect.poll(() => historyIds(page, 'users')).toEqual([NO_NOVELS]);
  await page.goto(`/users/${PROLIFIC}`);
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect.poll(() => historyIds(page, 'users')).toEqual([PROLIFIC, NO_NOVELS]);
  await page.goto('/setting/history?t=u');
  const rows = page.getByTestId('history-user');
  // newest first
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveText(user.name);
  await expect(rows.first()).toHaveAttribute('href', `/users/${PROLIFIC}`);
  await page.getByTestId('history-tab-n').click();
  const empty = page.getByTestId('history-empty');
  await expect(empty.locator('p').first()).toHaveText('Nothing viewed yet.');
  await expect(empty).toContainText('kept here, on this device only');
  await page.getByTestId('history-tab-u').click();
  await page.getByTestId('history-clear').click();
  const dialog = page.locator('[data-testid="confirm-dialog"][open]');
  await expect(dialog).toContainText('Clear this history?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('history-clear').click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('history-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('history-empty')).toBeVisible();
});

test('the author cards of an artwork and of a novel follow and unfollow their author', async ({
  page,
}) => {
  const member = { headers: { 'x-pixiv-refresh-token': TOKENS.safe, 'cache-control': 'no-store' } };
  const followed = async (id: number) =>
    (
      (await (await page.request.get(`/api/pixiv/member?id=${id}`, member)).json()) as {
        user: { is_followed: boolean };
      }
    ).user.is_followed;
  const works = (await (
    await page.request.get(`/api/pixiv/member_illust?id=${NO_NOVELS}`)
  ).json()) as { illusts: { id: number }[] };
  const novels = (await (
    await page.request.get(`/api/pixiv/member_novel?id=${PROLIFIC}`)
  ).json()) as { novels: { id: number }[] };
  // a visitor gets no follow button on the author card
  await page.goto(`/artworks/${works.illusts[0]!.id}`);
  await expect(page.getByTestId('artwork-author')).toBeVisible();
  await expect(page.getByTestId('follow-button')).toHaveCount(0);

  await signIn(page, TOKENS.safe);
  for (const [url, author] of [
    [`/artworks/${works.illusts[0]!.id}`, NO_NOVELS],
    [`/novel/${novels.novels[0]!.id}`, PROLIFIC],
  ] as const) {
    await page.goto(url);
    const button = page.getByTestId('follow-button');
    await expect(button).toHaveText(/^Follow(ing)?$/);
    // the work's cached detail may be older than the account's follows: start from what it shows
    const before = (await button.textContent()) === 'Following';
    await button.click();
    await expect(button).toHaveText(before ? 'Follow' : 'Following');
    expect(await followed(author)).toBe(!before);
    await button.click();
    await expect(button).toHaveText(before ? 'Following' : 'Follow');
    expect(await followed(author)).toBe(before);
  }
});

test('a profile’s works stay where the server drew them when the app takes over (Masonry), on a phone and a desktop; a narrower window than the server took gets square boxes', async ({
  browser,
}) => {
  const path = `/users/${PROLIFIC}`;
  const grid = (page: Page) => page.getByTestId('image-grid');
  for (const device of [PHONE_WITH_HINT, { viewport: { width: 1440, height: 900 } }]) {
    const width = device.viewport.width;
    const { drawn, placed } = await drawnAndPlaced(browser, device, path, grid);
    // the cards in the first screen and beyond it (the app renders those near the window)
    expect(Object.keys(placed).length, `${width}`).toBeGreaterThan(6);
    expect(columnCount(drawn), `${width}`).toBe(width === 390 ? 2 : 5);
    expectSamePlaces(drawn, placed, `${width}`);
  }

  // a narrow window the server takes for a desktop's (no mobile hint): drawn for five columns, its
  // canvas too narrow for them, so the server's grid falls back to square boxes, two a row
  const narrow = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const page = await narrow.newPage();
  await page.goto(path);
  await expect(grid(page).locator('[data-card-count]')).toHaveAttribute('data-layout', 'Masonry');
  const squares = await cardBoxes(grid(page));
  await narrow.close();
  expect(columnCount(squares)).toBe(2);
  for (const [, , w, h] of Object.values(squares)) expect(Math.abs(h! - (w! + 52))).toBeLessThan(1);
});

test('the server’s columns keep their width while the page is parsed: the first column alone is as wide as beside the others', async ({
  browser,
}) => {
  // a page is painted while it is parsed, and a column layout's markup comes a column at a time
  const still = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const page = await still.newPage();
  await page.goto(`/users/${PROLIFIC}`);
  const [beside, alone] = await page.getByTestId('image-grid').evaluate((grid) => {
    const columns = Array.from(grid.querySelector('[data-card-count]')!.children);
    const width = () => columns[0]!.getBoundingClientRect().width;
    const all = width();
    // as the parser has it after the first column: the others not in the document yet
    for (const column of columns.slice(1)) column.remove();
    return [all, width()];
  });
  await still.close();
  expect(beside).toBeGreaterThan(200);
  expect(Math.abs(alone! - beside!)).toBeLessThan(1);
});
