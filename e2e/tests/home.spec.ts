import { expect, test } from '@playwright/test';
import {
  DEFAULT_CONTENT_SETTINGS,
  cardRow,
  homeFeed,
  normaliseIllust,
  rankingDateWindow,
  type RawIllust as CoreRawIllust,
} from '@pv/core';
import { expectImageLoaded, linkedArtworkId } from './helpers.ts';

interface RawIllust {
  id: number;
  type: string;
  page_count: number;
  illust_ai_type: number;
  x_restrict: number;
  total_bookmarks: number;
}

test('illust home: tabs, trending placeholder, ranking row of 10 plus more, images load', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByTestId('home-tabs').getByRole('link', { name: 'Illustrations' }),
  ).toHaveAttribute('aria-current', 'page');
  const tags = (await (await page.request.get('/api/pixiv/tags')).json()) as {
    trend_tags: { tag: string }[];
  };
  const box = page.getByTestId('home-search');
  await expect(box).toHaveAttribute('placeholder', /.+/);
  expect(tags.trend_tags.map((t) => t.tag)).toContain(await box.getAttribute('placeholder'));

  const ranking = page.getByTestId('home-ranking');
  const items = ranking.getByTestId('row-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBe(10);
  await expectImageLoaded(items.first().locator('img'));
  await expect(ranking.getByTestId('row-more')).toHaveAttribute('href', '/rank/daily');
  await ranking.getByTestId('row-more').click();
  await expect(page).toHaveURL(/\/rank\/daily$/);
});

test('home rows leave out manga, multi-page and AI works; recommended need 500 likes', async ({
  page,
}) => {
  const recommended = (await (await page.request.get('/api/pixiv/illust_recommended')).json()) as {
    illusts: RawIllust[];
  };
  const byId = new Map(recommended.illusts.map((i) => [i.id, i]));
  await page.goto('/');
  const row = page.getByTestId('home-recommended');
  await expect(row.getByTestId('row-item').first()).toBeVisible();
  const links = await row.getByTestId('row-item').all();
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const work = byId.get(await linkedArtworkId(link))!;
    expect(work).toBeDefined();
    expect(work.total_bookmarks).toBeGreaterThanOrEqual(500);
    expect(work.type).not.toBe('manga');
    expect(work.page_count).toBe(1);
    expect(work.illust_ai_type).not.toBe(2);
    expect(work.x_restrict).toBe(0);
  }
  // the upstream list did hold works that the home feed must leave out
  expect(
    recommended.illusts.some(
      (i) => i.total_bookmarks < 500 || i.page_count > 1 || i.type === 'manga',
    ),
  ).toBe(true);
});

test('latest illustrations load only after a click', async ({ page }) => {
  let latestCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/illust_new')) latestCalls++;
  });
  await page.goto('/');
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  expect(latestCalls).toBe(0);
  await page.getByTestId('home-load-latest').click();
  await expect(page.getByTestId('home-latest').getByTestId('row-item').first()).toBeVisible();
  expect(latestCalls).toBe(1);
});

test('random illustrations: single-page cards that keep loading as you scroll', async ({
  page,
}) => {
  await page.goto('/');
  const random = page.getByTestId('home-random');
  const cards = random.getByTestId('artwork-card');
  await expect(cards.first()).toBeVisible();
  await expect(random.getByTestId('artwork-card-count')).toHaveCount(0);
  const first = await cards.count();
  const next = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/rank') && r.request().frame() === page.mainFrame(),
  );
  await page.mouse.move(200, 300);
  for (let i = 0; i < 30 && (await cards.count()) <= first; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await next;
  expect(await cards.count()).toBeGreaterThan(first);
});

test('the home search box: ids, links, text and the placeholder', async ({ page }) => {
  await page.goto('/');
  const box = page.getByTestId('home-search');
  await expect(box).toHaveAttribute('placeholder', /.+/);
  const placeholder = (await box.getAttribute('placeholder'))!;

  await box.fill('12345678');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/artworks\/12345678$/);

  await page.goto('/');
  await page.getByTestId('home-search').fill('https://www.pixiv.net/artworks/98765432');
  await page.getByTestId('home-search').press('Enter');
  await expect(page).toHaveURL(/\/artworks\/98765432$/);

  await page.goto('/');
  await page.getByTestId('home-search').fill('blue sky');
  await page.getByTestId('home-search').press('Enter');
  await expect(page).toHaveURL(/\/search\/blue%20sky$/);

  await page.goto('/');
  await expect(page.getByTestId('home-search')).toHaveAttribute('placeholder', /.+/);
  const shown = (await page.getByTestId('home-search').getAttribute('placeholder'))!;
  expect(shown.length).toBeGreaterThan(0);
  await page.getByTestId('home-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(shown)}$`));
  expect(placeholder.length).toBeGreaterThan(0);
});

test('manga home: manga ranking row leads to the daily manga ranking', async ({ page }) => {
  await page.goto('/home_manga');
  await expect(page.getByTestId('home-tabs').getByRole('link', { name: 'Manga' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const ranking = page.getByTestId('home-ranking');
  await expect(ranking.getByTestId('row-item').first()).toBeVisible();
  await expect(ranking.getByTestId('row-more')).toHaveAttribute('href', '/rank/daily_manga');
  await expect(page.getByTestId('home-recommended').getByTestId('row-item').first()).toBeVisible();
  await expect(page.getByTestId('home-random').getByTestId('artwork-card').first()).toBeVisible();
});

for (const path of ['/osusume_illust', '/recom_illust']) {
  test(`${path} lists recommended illustrations with 500 likes or more`, async ({ page }) => {
    const recommended = (await (
      await page.request.get('/api/pixiv/illust_recommended?page=1')
    ).json()) as { illusts: RawIllust[] };
    const byId = new Map(recommended.illusts.map((i) => [i.id, i]));
    await page.goto(path);
    await expect(page.getByTestId('top-bar')).toContainText('Recommended illustrations');
    const cards = page.getByTestId('artwork-card');
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 10)) {
      const id = await linkedArtworkId(card.getByRole('link').first());
      const work = byId.get(id);
      if (work) expect(work.total_bookmarks).toBeGreaterThanOrEqual(500);
    }
  });
}

test('discovery: a home card in self-hosted mode, and a screen whose shuffle brings new works', async ({
  page,
}) => {
  await page.goto('/');
  const card = page.getByTestId('home-discovery');
  await expect(card.getByTestId('row-item').first()).toBeVisible();
  await expect(card.getByTestId('row-more')).toHaveAttribute('href', '/discovery');
  await page.goto('/discovery');
  const cards = page.getByTestId('artwork-card');
  await expect(cards.first()).toBeVisible();
  const before = await page.getByTestId('artwork-card-title').first().getAttribute('href');
  const shuffled = page.waitForResponse((r) => r.url().includes('/api/web/discovery'));
  await page.getByTestId('discovery-shuffle').click();
  await shuffled;
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('artwork-card-title').first()).not.toHaveAttribute('href', before!);
});

test("the ranking row's 'more' slide shows the feed's items 10 to 15 behind it", async ({
  page,
}) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/rank?') && r.url().includes('mode=day&'),
  );
  await page.goto('/');
  const raw = ((await (await answered).json()) as { illusts: CoreRawIllust[] }).illusts;
  expect(new URL((await answered).url()).searchParams.get('date')).toBe(date);
  const feed = homeFeed(raw.map(normaliseIllust), {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });
  const { shown, more } = cardRow(feed);
  expect(shown).toHaveLength(10);
  expect(more.length).toBeGreaterThan(0);
  const row = page.getByTestId('home-ranking');
  const items = row.getByTestId('row-item');
  await expect(items).toHaveCount(10);
  expect(await Promise.all((await items.all()).map((l) => linkedArtworkId(l)))).toEqual(
    shown.map((a) => a.id),
  );
  const slide = row.getByTestId('row-more').locator('img');
  await expect(slide).toHaveCount(more.length);
  const srcs = await slide.evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
  // each background picture is the square image of the work at that place in the feed
  srcs.forEach((src, i) => expect(src).toContain(`/${more[i]!.id}_p0`));
  // lazy pictures: on a narrow screen the slide is scrolled to first
  await row.getByTestId('row-more').scrollIntoViewIfNeeded();
  await expectImageLoaded(slide.first());
});

const RATE_LIMIT = {
  error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
};

test('a failing home row toasts, shows the network error and loads on retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/pixiv/illust_recommended*', (route) =>
    fail ? route.fulfill({ json: RATE_LIMIT }) : route.fallback(),
  );
  await page.goto('/');
  const row = page.getByTestId('home-recommended');
  await expect(row.getByTestId('row-error')).toHaveText('Network error. Tap to retry.');
  await expect(page.getByTestId('toast')).toHaveText('Too many requests. Please try again later.');
  // the other rows are unaffected
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  fail = false;
  await row.getByTestId('row-error').click();
  await expect(row.getByTestId('row-item').first()).toBeVisible();
  await expect(row.getByTestId('row-error')).toHaveCount(0);
});

test('manga and novel home rows fail the same way; an empty answer says no data', async ({
  page,
}) => {
  await page.route('**/api/pixiv/manga_recommended*', (route) =>
    route.fulfill({ status: 502, body: 'bad' }),
  );
  await page.goto('/home_manga');
  await expect(page.getByTestId('home-recommended').getByTestId('row-error')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveText('Something went wrong. Please try again.');

  await page.route('**/api/pixiv/novel_recommended*', (route) =>
    route.fulfill({ json: RATE_LIMIT }),
  );
  await page.route('**/api/pixiv/novel_new*', (route) =>
    route.fulfill({ json: { novels: [], next_url: null } }),
  );
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-recommended').getByTestId('row-error')).toHaveText(
    'Network error. Tap to retry.',
  );
  await expect(page.getByTestId('toast')).toHaveText('Too many requests. Please try again later.');
  await page.getByTestId('home-load-latest').click();
  await expect(page.getByTestId('home-latest').getByTestId('row-empty')).toHaveText('Nothing here');
});

test('recommended illustrations: one page, and in local-app mode a load-more button for the next', async ({
  page,
}) => {
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/illust_recommended')) {
      pages.push(new URL(r.url()).searchParams.get('page') ?? '');
    }
  });
  await page.goto('/osusume_illust');
  const cards = page.getByTestId('image-grid').locator('[data-card-count]');
  await expect(page.getByTestId('list-finished')).toHaveText('No more');
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(1_500);
  expect(pages).toEqual(['1']);

  await page.evaluate(() =>
    localStorage.setItem(
      'pv.clientConfig',
      JSON.stringify({
        refreshToken: 'sbxSafeRefreshToken000000000000000000000002',
        useLocalAppApi: true,
      }),
    ),
  );
  await page.reload();
  const button = page.getByTestId('load-more');
  await expect(button).toHaveText('Load more');
  await expect(button).toBeEnabled();
  await expect(page.getByTestId('list-finished')).toHaveCount(0);
  const first = Number(await cards.getAttribute('data-card-count'));
  expect(first).toBeGreaterThan(0);
  // scrolling alone brings nothing more
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(1_500);
  expect(Number(await cards.getAttribute('data-card-count'))).toBe(first);
  const next = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/illust_recommended') && r.url().includes('page=2'),
  );
  await button.click();
  await next;
  await expect
    .poll(async () => Number(await cards.getAttribute('data-card-count')))
    .toBeGreaterThan(first);
  await expect(button).toHaveText('Load more');
});
