import { expect, test, type Page, type Response } from './fixtures.ts';
import { shellFirst } from './helpers.ts';

/**
 * The author lists (spec 001 §2.1, issue 13): works (illust or manga, alias /illustrations),
 * novels, favourites (alias /bookmarks/artworks, cursor paging by max_bookmark_id) and favourite
 * novels; member lists page at most every 2500 ms (spec 001 §9), without duplicates.
 */

const PROLIFIC = 18206;
const SAFE = { id: 11000002, token: 'sbxSafeRefreshToken000000000000000000000002' };

/**
 * Every answer of the mirror call `name` the page receives, in order. The tests that read or
 * answer a list's first call load the app's shell first (`shellFirst`): a page the server
 * rendered carries its first page and asks for none.
 */
function answersOf(page: Page, name: string): Response[] {
  const answers: Response[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === `/api/pixiv/${name}`) answers.push(r);
  });
  return answers;
}

/** Scrolls to the end of the list until `count` answers arrived. */
async function scrollUntil(page: Page, answers: Response[], count: number) {
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 20_000);
        return answers.length;
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toBeGreaterThanOrEqual(count);
}

async function idsOf(
  res: { json(): Promise<unknown> },
  field: 'illusts' | 'novels',
): Promise<number[]> {
  return ((await res.json()) as Record<string, { id: number }[]>)[field]!.map((i) => i.id);
}

test('an author’s works page past the first page, 2500 ms apart, without duplicates', async ({
  page,
}) => {
  const answers = answersOf(page, 'member_illust');
  const times: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/member_illust')) times.push(Date.now());
  });
  await shellFirst(page.context());
  await page.goto(`/users/${PROLIFIC}/illustrations?type=illust`);
  await scrollUntil(page, answers, 3);
  const params = answers.map((r) => new URL(r.url()).searchParams);
  expect(params.slice(0, 3).map((p) => p.get('page'))).toEqual(['1', '2', '3']);
  expect(params.every((p) => p.get('illust_type') === 'illust')).toBe(true);
  const ids = (await Promise.all(answers.slice(0, 3).map((r) => idsOf(r, 'illusts')))).flat();
  expect(new Set(ids).size).toBe(ids.length);
  // the app keeps 2500 ms between its calls; the request events reach this process over CDP with
  // tens of ms of jitter on a loaded machine (seen: 2480), hence the 100 ms margin
  expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2_500 - 100);
  await expect(page.getByTestId('author-link')).toHaveAttribute('href', `/users/${PROLIFIC}`);
  // the manga tab lists manga
  await page.getByTestId('author-type-manga').click();
  await expect(page).toHaveURL(/type=manga/);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('an author’s novels list', async ({ page }) => {
  const first = page.waitForResponse((r) => r.url().includes('/api/pixiv/member_novel'));
  await shellFirst(page.context());
  await page.goto(`/users/${PROLIFIC}/novels`);
  const ids = await idsOf(await first, 'novels');
  expect(ids.length).toBeGreaterThan(0);
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
  await expect(page).toHaveTitle(/ - Novels - /);
});

test('favourites page by max_bookmark_id without duplicates', async ({ page }) => {
  // 35 public bookmarks of the all-ages demo account: more than one page of 30
  const works = await page.request.get(`/api/pixiv/member_illust?id=${PROLIFIC}&page=2`);
  const more = await page.request.get(`/api/pixiv/member_illust?id=${PROLIFIC}&page=3`);
  const pool = [...(await idsOf(works, 'illusts')), ...(await idsOf(more, 'illusts'))];
  for (const id of pool.slice(0, 35)) {
    const res = await page.request.get('/api/pixiv/req_post', {
      params: {
        path: 'v2/illust/bookmark/add',
        data: JSON.stringify({ illust_id: id, restrict: 'public' }),
      },
      headers: { 'x-pixiv-refresh-token': SAFE.token },
    });
    expect(res.ok()).toBe(true);
  }
  const answers = answersOf(page, 'favorite');
  await shellFirst(page.context());
  await page.goto(`/users/${SAFE.id}/bookmarks/artworks`);
  await scrollUntil(page, answers, 2);
  const params = answers.map((r) => new URL(r.url()).searchParams);
  expect(params[0]!.get('max_bookmark_id')).toBeNull();
  const next = ((await answers[0]!.json()) as { next_url: string }).next_url;
  expect(params[1]!.get('max_bookmark_id')).toBe(new URL(next).searchParams.get('max_bookmark_id'));
  const ids = [...(await idsOf(answers[0]!, 'illusts')), ...(await idsOf(answers[1]!, 'illusts'))];
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBeGreaterThanOrEqual(35);
  // the profile's favourites tab lists the same works
  await page.goto(`/users/${SAFE.id}?tab=favorite`);
  await expect(page.getByTestId('user-tab-favorite')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('favourite novels list (alias /bookmarks/novels)', async ({ page }) => {
  const first = page.waitForResponse((r) => r.url().includes('/api/pixiv/favorite_novel'));
  await shellFirst(page.context());
  await page.goto(`/users/${SAFE.id}/bookmarks/novels`);
  expect((await first).ok()).toBe(true);
  await expect(
    page.getByTestId('list-empty').or(page.getByTestId('novel-card').first()),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Bookmarked novels/);
});

test("another person's empty bookmarks say why (they may be private), not a bare 'nothing here'", async ({
  page,
}) => {
  await page.route(/\/api\/pixiv\/favorite\?/, (route) =>
    route.fulfill({ json: { illusts: [], next_url: null } }),
  );
  await shellFirst(page.context());
  await page.goto(`/users/${SAFE.id}/bookmarks/artworks`);
  const empty = page.getByTestId('list-empty');
  await expect(empty.locator('p').first()).toHaveText('No public bookmarks');
  await expect(empty).toContainText('private ones are not listed here');
});
