import { expect, test, type Page } from './fixtures.ts';
import {
  DEFAULT_CONTENT_SETTINGS,
  RANDOM_ILLUST_LAST_PAGE,
  cardRow,
  filterArtworks,
  homeFeed,
  normaliseIllust,
  rankingDateWindow,
  recommendedFeed,
  type Artwork,
  type RawIllust as CoreRawIllust,
} from '@pv/core';
import {
  expectImageLoaded,
  letTimePass,
  linkedArtworkId,
  scrollUntil,
  shellFirst,
  shownCardIds,
} from './helpers.ts';

/** The content preferences of a new visitor. */
const DEFAULT_PREFS = { content: DEFAULT_CONTENT_SETTINGS, blocks: { tags: [], authorIds: [] } };

/** A row's 'more' slide: it leads to `href`, and its background shows the items `more`. */
async function expectMoreSlide(page: Page, testId: string, href: string, more: Artwork[]) {
  const slide = page.getByTestId(testId).getByTestId('row-more');
  await expect(slide).toHaveAttribute('href', href);
  const images = slide.locator('img');
  await expect(images).toHaveCount(more.length);
  const srcs = await images.evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
  srcs.forEach((src, i) => expect(src).toContain(`/${more[i]!.id}_p0`));
  await slide.scrollIntoViewIfNeeded();
  if (more.length > 0) await expectImageLoaded(images.first());
}

interface RawIllust {
  id: number;
  type: string;
  page_count: number;
  illust_ai_type: number;
  x_restrict: number;
  total_bookmarks: number;
}

test('illust home: tabs, trending placeholder, ranking row of 10 plus more, images load @phone', async ({
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
  // One name per item: the caption names the link, the picture does not repeat it (axe
  // image-redundant-alt).
  const caption = (await items.first().locator('span').last().textContent())!;
  await expect(items.first()).toHaveAccessibleName(caption);
  await expect(items.first().locator('img')).toHaveAttribute('alt', '');
  await expect(ranking.getByTestId('row-more')).toHaveAttribute('href', '/rank/daily');
  await ranking.getByTestId('row-more').click();
  await expect(page).toHaveURL(/\/rank\/daily$/);
});

test('home rows leave out manga, multi-page and AI works; recommended need 500 likes', async ({
  page,
}) => {
  // The day's recommendations may all qualify: three of them are made to fail one rule each
  // (too few likes, several pages, manga), so that the row must leave something out.
  const broken = new Map<number, RawIllust>();
  await page.route('**/api/pixiv/illust_recommended*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { illusts: RawIllust[] };
    const rules = [
      (i: RawIllust) => ({ ...i, total_bookmarks: 499 }),
      (i: RawIllust) => ({ ...i, page_count: 3 }),
      (i: RawIllust) => ({ ...i, type: 'manga' }),
    ];
    body.illusts = body.illusts.map((illust, index) => {
      const rule = rules[index % 5 === 0 ? index / 5 : -1];
      if (!rule) return illust;
      const changed = rule(illust);
      broken.set(changed.id, changed);
      return changed;
    });
    await route.fulfill({ response: answer, json: body });
  });
  // the app's own call, which the test answers (a rendered home carries the server's)
  await shellFirst(page.context());
  await page.goto('/');
  const row = page.getByTestId('home-recommended');
  await expect(row.getByTestId('row-item').first()).toBeVisible();
  expect(broken.size).toBe(3);
  const links = await row.getByTestId('row-item').all();
  expect(links.length).toBeGreaterThan(0);
  const shown = await Promise.all(links.map((link) => linkedArtworkId(link)));
  for (const id of broken.keys()) expect(shown).not.toContain(id);
  const recommended = (await (await page.request.get('/api/pixiv/illust_recommended')).json()) as {
    illusts: RawIllust[];
  };
  const byId = new Map(recommended.illusts.map((i) => [i.id, i]));
  for (const id of shown) {
    const work = byId.get(id)!;
    expect(work).toBeDefined();
    expect(work.total_bookmarks).toBeGreaterThanOrEqual(500);
    expect(work.type).not.toBe('manga');
    expect(work.page_count).toBe(1);
    expect(work.illust_ai_type).not.toBe(2);
    expect(work.x_restrict).toBe(0);
  }
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
  await scrollUntil(page, async () => (await cards.count()) > first);
  await next;
  expect(await cards.count()).toBeGreaterThan(first);
});

test('the home search box: ids, links, text and the placeholder @phone', async ({ page }) => {
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

test("manga home: recommended and latest manga end in a 'more' slide to their full lists", async ({
  page,
}) => {
  // the answer the row shows (the server rendered it from the mirror's, or the app asked for it)
  const answered = await page.request.get('/api/pixiv/manga_recommended');
  await page.goto('/home_manga');
  const raw = ((await answered.json()) as { illusts: CoreRawIllust[] }).illusts;
  const feed = filterArtworks(raw.map(normaliseIllust), DEFAULT_PREFS);
  const { shown, more } = cardRow(feed);
  expect(more.length).toBeGreaterThan(0);
  const row = page.getByTestId('home-recommended');
  await expect(row.getByTestId('row-item')).toHaveCount(shown.length);
  await expectMoreSlide(page, 'home-recommended', '/osusume_illust?list=manga', more);
  await row.getByTestId('row-more').click();
  await expect(page).toHaveURL(/\/osusume_illust\?list=manga$/);
  await expect(page.getByTestId('top-bar')).toContainText('Recommended manga');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  // the whole list the row began: every work the filters let through
  await expect(page.getByTestId('image-grid').locator('[data-card-count]')).toHaveAttribute(
    'data-card-count',
    String(feed.length),
  );
  const kept = new Set(feed.map((a) => a.id));
  expect((await shownCardIds(page)).every((id) => kept.has(id))).toBe(true);

  await page.goto('/home_manga');
  const latestAnswer = page.waitForResponse((r) => r.url().includes('/api/pixiv/illust_new'));
  await page.getByTestId('home-load-latest').click();
  const latestUrl = new URL((await latestAnswer).url());
  expect(latestUrl.searchParams.get('content_type')).toBe('manga');
  const latestRaw = ((await (await latestAnswer).json()) as { illusts: CoreRawIllust[] }).illusts;
  const latest = cardRow(filterArtworks(latestRaw.map(normaliseIllust), DEFAULT_PREFS));
  await expect(page.getByTestId('home-latest').getByTestId('row-item')).toHaveCount(
    latest.shown.length,
  );
  await expectMoreSlide(page, 'home-latest', '/osusume_illust?list=latest_manga', latest.more);
  await page.getByTestId('home-latest').getByTestId('row-more').click();
  await expect(page.getByTestId('top-bar')).toContainText('Latest manga');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test("the latest illustrations row's 'more' slide opens the latest illustrations", async ({
  page,
}) => {
  await page.goto('/');
  const answered = page.waitForResponse((r) => r.url().includes('/api/pixiv/illust_new'));
  await page.getByTestId('home-load-latest').click();
  const raw = ((await (await answered).json()) as { illusts: CoreRawIllust[] }).illusts;
  const feed = homeFeed(raw.map(normaliseIllust), DEFAULT_PREFS);
  const { more } = cardRow(feed);
  await expectMoreSlide(page, 'home-latest', '/osusume_illust?list=latest', more);
  await page.getByTestId('home-latest').getByTestId('row-more').click();
  await expect(page.getByTestId('top-bar')).toContainText('Latest illustrations');
  await expect(page.getByTestId('image-grid').locator('[data-card-count]')).toHaveAttribute(
    'data-card-count',
    String(feed.length),
  );
  // the illustration feed's rules hold on the full list too: no manga, multi-page or AI works
  await expect(page.getByTestId('artwork-card-count')).toHaveCount(0);
  await expect(page.getByTestId('badge-ai')).toHaveCount(0);
  // the recommended row's slide leads to the recommended illustrations
  await page.goto('/');
  await expect(page.getByTestId('home-recommended').getByTestId('row-more')).toHaveAttribute(
    'href',
    '/osusume_illust',
  );
});

for (const path of ['/osusume_illust', '/recom_illust']) {
  test(`${path} lists recommended illustrations with 500 likes or more`, async ({ page }) => {
    const answered = page.waitForResponse((r) => r.url().includes('/api/pixiv/illust_recommended'));
    await page.goto(path);
    // the answer the screen itself got: every card shown must come from it
    const raw = ((await (await answered).json()) as { illusts: CoreRawIllust[] }).illusts;
    const expected = recommendedFeed(raw.map(normaliseIllust), DEFAULT_PREFS);
    expect(expected.length).toBeGreaterThan(0);
    // the upstream page held works that the screen must leave out
    expect(expected.length).toBeLessThan(raw.length);
    await expect(page.getByTestId('top-bar')).toContainText('Recommended illustrations');
    const cards = page.getByTestId('artwork-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('image-grid').locator('[data-card-count]')).toHaveAttribute(
      'data-card-count',
      String(expected.length),
    );
    const likes = new Map(raw.map((i) => [i.id, i.total_bookmarks]));
    const shown = await shownCardIds(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) {
      expect(likes.has(id), `card ${id} comes from the answer`).toBe(true);
      expect(likes.get(id)!).toBeGreaterThanOrEqual(500);
    }
    const kept = new Set(expected.map((a) => a.id));
    expect(shown.filter((id) => !kept.has(id))).toEqual([]);
  });
}

test("discovery: a home card in self-hosted mode, its bare 'more' slide in the accent, and a screen whose shuffle brings new works", async ({
  page,
}) => {
  // the card's answer cut to 8 works (pixiv's is a random 18, often fewer than 11 once filtered),
  // so that no picture is left for its 'more' slide
  await page.route(
    (url) => url.pathname === '/api/web/discovery' && url.searchParams.get('limit') === '18',
    async (route) => {
      const res = await route.fetch();
      const json = (await res.json()) as { body: { thumbnails: { illust: unknown[] } } };
      json.body.thumbnails.illust = json.body.thumbnails.illust.slice(0, 8);
      await route.fulfill({ response: res, json });
    },
  );
  await shellFirst(page.context());
  await page.goto('/');
  const card = page.getByTestId('home-discovery');
  await expect(card.getByTestId('row-item').first()).toBeVisible();
  const more = card.getByTestId('row-more');
  await expect(more).toHaveAttribute('href', '/discovery');
  // with nothing behind it the 'more' slide is the accent, never an empty grey tile (issue 35
  // item 17)
  await expect(more.locator('img')).toHaveCount(0);
  const fill = await more.evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(fill).toContain('linear-gradient(135deg, rgb(56, 169, 245)');
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

test("the ranking row's 'more' slide shows the feed's items 10 to 15 behind it, without holes; rows line up with their headings @phone", async ({
  page,
}) => {
  // the ranking of the day the row shows (the page carries it: the server rendered the row)
  const date = rankingDateWindow(new Date()).defaultDate;
  const answer = await page.request.get(`/api/pixiv/rank?mode=day&date=${date}`);
  const raw = ((await answer.json()) as { illusts: CoreRawIllust[] }).illusts;
  await page.goto('/');
  const feed = homeFeed(raw.map(normaliseIllust), {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });
  // the sandbox's rankings follow the date: on most days the first page's feed runs past the row's
  // 10 (the slide shows items 10 to 15), on some it holds 10 or fewer (2026-12-04's: 10 of 30,
  // the rest manga and multi-page works), and the slide is a plain card
  const { shown, more } = cardRow(feed);
  expect(shown).toHaveLength(Math.min(feed.length, 10));
  const row = page.getByTestId('home-ranking');
  const items = row.getByTestId('row-item');
  await expect(items).toHaveCount(shown.length);
  expect(await Promise.all((await items.all()).map((l) => linkedArtworkId(l)))).toEqual(
    shown.map((a) => a.id),
  );
  // each row's first card, and the random grid's, starts where its heading starts
  // (before the row is scrolled sideways to its 'more' slide)
  for (const [section, item] of [
    ['home-ranking', 'row-item'],
    ['home-recommended', 'row-item'],
    ['home-random', 'artwork-card'],
  ] as const) {
    const first = page.getByTestId(section).getByTestId(item).first();
    await expect(first).toBeVisible();
    const heading = await page.getByTestId(section).locator('h2').boundingBox();
    const card = await first.boundingBox();
    expect(
      Math.abs(card!.x - heading!.x),
      `${section}: card ${card!.x}, heading ${heading!.x}`,
    ).toBeLessThanOrEqual(1);
  }

  const slide = row.getByTestId('row-more').locator('img');
  await expect(slide).toHaveCount(more.length);
  await expect(row.getByTestId('row-more')).toHaveAttribute('href', '/rank/daily');
  if (more.length === 0) {
    // nothing behind the label: a plain card, the label readable on it
    await row.getByTestId('row-more').scrollIntoViewIfNeeded();
    await expect(row.getByTestId('row-more')).toBeVisible();
    await expect(row.getByTestId('row-more')).toHaveText('More');
    return;
  }
  const srcs = await slide.evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
  // each background picture is the square image of the work at that place in the feed (an
  // ugoira's has no page number: `{id}_square1200.jpg`)
  srcs.forEach((src, i) => expect(src).toMatch(new RegExp(`/${more[i]!.id}(_p0)?_square1200\\.`)));
  // lazy pictures: on a narrow screen the slide is scrolled to first
  await row.getByTestId('row-more').scrollIntoViewIfNeeded();
  for (const img of await slide.all()) await expectImageLoaded(img);
  // the pictures cover the whole slide, whatever their count: no empty (grey) cell
  const covered = await row.getByTestId('row-more').evaluate((el) => {
    const box = el.getBoundingClientRect();
    const area = Array.from(el.querySelectorAll('img')).reduce((sum, img) => {
      const r = img.getBoundingClientRect();
      return sum + r.width * r.height;
    }, 0);
    return area / (box.width * box.height);
  });
  expect(covered).toBeCloseTo(1, 2);
});

const RATE_LIMIT = {
  error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
};

test('a failing home row toasts, shows the network error and loads on retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/pixiv/illust_recommended*', (route) =>
    fail ? route.fulfill({ json: RATE_LIMIT }) : route.fallback(),
  );
  await shellFirst(page.context());
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

test('manga and novel home rows fail the same way; an empty answer says why and leads to the filters', async ({
  page,
}) => {
  await page.route('**/api/pixiv/manga_recommended*', (route) =>
    route.fulfill({ status: 502, body: 'bad' }),
  );
  await shellFirst(page.context());
  await page.goto('/home_manga');
  const failed = page.getByTestId('home-recommended').getByTestId('row-error');
  await expect(failed).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveText('Something went wrong. Please try again.');
  // as tall as the row of cards it stands for (its placeholders): nothing under it moved
  expect((await failed.boundingBox())!.height).toBeGreaterThanOrEqual(140);

  await page.route('**/api/pixiv/novel_recommended*', (route) =>
    route.fulfill({ json: RATE_LIMIT }),
  );
  await page.route('**/api/pixiv/novel_new*', (route) =>
    route.fulfill({ json: { novels: [], next_url: null } }),
  );
  await shellFirst(page.context());
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-recommended').getByTestId('row-error')).toHaveText(
    'Network error. Tap to retry.',
  );
  await expect(page.getByTestId('toast')).toHaveText('Too many requests. Please try again later.');
  await page.getByTestId('home-load-latest').click();
  const empty = page.getByTestId('home-latest').getByTestId('row-empty');
  // why it is empty, and the way to the filters that most often make it so
  await expect(empty.getByRole('paragraph')).toHaveText('No novels to show here right now');
  await expect(empty.getByRole('link', { name: 'Check your content filters' })).toHaveAttribute(
    'href',
    '/setting/contents_display',
  );
  // as tall as the row of cards it stands for (its placeholders): nothing under it moved
  expect((await empty.boundingBox())!.height).toBeGreaterThanOrEqual(156);
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
  await page.clock.install();
  await page.goto('/osusume_illust');
  const cards = page.getByTestId('image-grid').locator('[data-card-count]');
  await expect(page.getByTestId('list-finished')).toHaveText('No more');
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await letTimePass(page, 2_500);
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
  await letTimePass(page, 2_500);
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

test('random illustrations stop after their last page, asking at most once per 1.5 s', async ({
  page,
}) => {
  // when the page asked for each ranking, on its own clock, which the test moves on in steps of
  // 100 ms instead of waiting for the 1.5 s between pages
  await page.addInitScript(() => {
    const asked: number[] = [];
    (window as unknown as { rankAsked: number[] }).rankAsked = asked;
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/api/pixiv/rank') asked.push(Date.now());
      return original(input, init);
    };
  });
  let sent = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/pixiv/rank') sent++;
  });
  await page.clock.install();
  await page.goto('/');
  const random = page.getByTestId('home-random');
  await expect(random.getByTestId('artwork-card').first()).toBeVisible();
  await page.mouse.move(200, 300);
  const finished = random.getByTestId('list-finished');
  // the clock moved in steps of 100 ms, one after the other, until the list has finished
  for (let step = 0; !(await finished.isVisible()); step++) {
    expect(step, 'steps of 100 ms until the last page').toBeLessThan(2_000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.fastForward(100);
  }
  await expect(finished).toHaveText('No more');
  // scrolling on at the end asks for nothing more
  const atEnd = sent;
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await letTimePass(page, 1_500);
  }
  expect(sent).toBe(atEnd);
  const asked = await page.evaluate(() => (window as unknown as { rankAsked: number[] }).rankAsked);
  // the random list's pages 1 to 9 (the ranking card's answer is in the page the server
  // rendered), or 2 to 9 when page 1, the hour's draw, came in time for the server's render too
  const inPage = await page.evaluate(() =>
    /"drawn:/.test(document.getElementById('pv-server-data')?.textContent ?? ''),
  );
  const pagesAsked = RANDOM_ILLUST_LAST_PAGE - (inPage ? 1 : 0);
  expect(asked).toHaveLength(pagesAsked);
  asked.sort((a, b) => a - b);
  // every page after the first two waits 1.5 s after the one before it (the second may follow
  // the first at once: nothing was throttled yet). The clock moves in steps of 100 ms: a page
  // asked for after its step's work may be stamped up to a step late.
  const later = asked.slice(1);
  const gaps = later.slice(1).map((t, i) => t - later[i]!);
  expect(gaps).toHaveLength(pagesAsked - 2);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1_400);
  expect(later.at(-1)! - later[0]!).toBeGreaterThanOrEqual(gaps.length * 1_500 - 100);
});

test('a slow grid shows card placeholders, then the cards; placeholders keep still for reduced motion', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pixiv/illust_recommended*', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/osusume_illust');
  const skeleton = page.getByTestId('grid-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  await expect(skeleton).toHaveAttribute('aria-label', 'Loading…');
  // as many placeholder columns as the grid will have card columns
  expect(await skeleton.locator(':scope > div').count()).toBeGreaterThanOrEqual(1);
  const block = skeleton.locator('span').first();
  expect(await block.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
  await expect(page.getByTestId('artwork-card')).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await block.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  release();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

/** The homes whose sections arrive one by one (spec 000 §2). */
const HOMES = ['/', '/home_manga', '/home_novel'] as const;

test('the homes hold every section in place while it loads: CLS < 0.02 @phone', async ({
  page,
}) => {
  // the sum of the layout shifts not caused by input since the document began (the CLS of a
  // page that is not scrolled: one session window at most)
  await page.addInitScript(() => {
    const win = window as unknown as { __shift: number };
    win.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!e.hadRecentInput) win.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const path of HOMES) {
    await page.goto(path);
    // settled: every section has its answer (no placeholder left) and the feed its first cards
    await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
    await expect(
      page.getByTestId('home-recommended').getByTestId('row-item').first(),
    ).toBeVisible();
    await expect(page.getByTestId('home-random').locator('a[href]').first()).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift, path).toBeLessThan(0.02);
  }
});
