import { expect, test, type Locator, type Page } from './fixtures.ts';
import {
  DEFAULT_CONTENT_SETTINGS,
  RANDOM_NOVEL_RANK_MODES,
  RECOMMENDED_NOVELS_MAX,
  cardRow,
  filterArtworks,
  hourlyRandomRanking,
  normaliseNovel,
  rankingDateWindow,
  toProxiedImageUrl,
  type RawNovel as CoreRawNovel,
} from '@pv/core';
import { expectImageLoaded, letTimePass, scrollUntil, shellFirst } from './helpers.ts';

/** The novel screens (spec 000 §2 Novel home, Ranking, Search) as a person uses them. */

interface RawNovel {
  id: number;
  x_restrict: number;
  novel_ai_type: number;
  tags: { name: string }[];
}

const DEFAULT_PREFS = { content: DEFAULT_CONTENT_SETTINGS, blocks: { tags: [], authorIds: [] } };
const R18_ON = { content: { r18: true, r18g: false, ai: true } };

async function withSettings(page: Page, value: object) {
  await page.addInitScript((v) => localStorage.setItem('pv.settings', JSON.stringify(v)), value);
}

/** The novel id a card opens. */
async function novelIdOf(card: Locator): Promise<number> {
  const href = (await card.getByTestId('novel-card-title').getAttribute('href')) ?? '';
  return Number(/\/novel\/(\d+)$/.exec(href)?.[1]);
}

async function shownNovelIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('novel-card-title')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(/\/novel\/(\d+)$/.exec(h)?.[1]));
}

async function expectNovelCard(card: Locator) {
  await expect(card.getByTestId('novel-card-title')).not.toBeEmpty();
  await expect(card.getByTestId('novel-card-author')).toHaveAttribute('href', /^\/users\/\d+$/);
  await expect(card.getByTestId('novel-card-length')).toContainText(/characters/);
  const cover = card.getByTestId('novel-card-cover');
  await expect(cover).toHaveAttribute('src', /^\/[is]\//);
  await expectImageLoaded(cover);
}

test('novel home: tabs, ranking top 10 with view more, recommended, random novels @phone', async ({
  page,
}) => {
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-tabs').getByRole('link', { name: 'Novels' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const ranking = page.getByTestId('home-ranking');
  const items = ranking.getByTestId('row-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(10);
  expect(await items.count()).toBeGreaterThan(5);
  await expectNovelCard(items.first().getByTestId('novel-card'));

  const recommended = page.getByTestId('home-recommended').getByTestId('row-item');
  await expect(recommended.first()).toBeVisible();
  expect(await recommended.count()).toBeLessThanOrEqual(10);

  const random = page.getByTestId('home-random').getByTestId('novel-card');
  await random.first().scrollIntoViewIfNeeded();
  await expect(random.first()).toBeVisible();
  await expectNovelCard(random.first());

  await expect(ranking.getByTestId('row-view-more')).toHaveAttribute('href', '/rank_novel/day');
  await ranking.getByTestId('row-view-more').click();
  await expect(page).toHaveURL(/\/rank_novel\/day$/);
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
});

/** The pictures a row's 'more' slide shows as its background. */
async function moreSlideImages(slide: Locator): Promise<string[]> {
  return slide.locator('img').evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
}

test("every novel home row ends in a 'more' slide to its full list, over covers 10 to 15 @phone", async ({
  page,
}) => {
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-ranking').getByTestId('row-more')).toHaveAttribute(
    'href',
    '/rank_novel/day',
  );
  const answered = page.waitForResponse((r) => r.url().includes('/api/pixiv/novel_new'));
  await page.getByTestId('home-load-latest').click();
  const raw = ((await (await answered).json()) as { novels: CoreRawNovel[] }).novels;
  const feed = filterArtworks(raw.map(normaliseNovel), DEFAULT_PREFS);
  const { shown, more } = cardRow(feed);
  expect(more.length).toBeGreaterThan(0);
  const row = page.getByTestId('home-latest');
  await expect(row.getByTestId('row-item')).toHaveCount(shown.length);
  const slide = row.getByTestId('row-more');
  await expect(slide).toHaveAttribute('href', '/osusume_illust?list=latest_novel');
  // the covers of the novels at places 10 to 15, through the image proxy
  expect(await moreSlideImages(slide)).toEqual(
    more.map((n) => toProxiedImageUrl(n.images[0]?.m ?? n.thumbnail)),
  );
  expect(more.some((n) => (n.images[0]?.m ?? '').includes(`/ci${n.id}_`))).toBe(true);
  await slide.scrollIntoViewIfNeeded();
  await expectImageLoaded(slide.locator('img').first());
  await slide.click();
  await expect(page).toHaveURL(/\/osusume_illust\?list=latest_novel$/);
  await expect(page.getByTestId('top-bar')).toContainText('New novels');
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
  // all of the list the row began, not just its 10
  await expect(page.getByTestId('novel-grid').locator('[data-card-count]')).toHaveAttribute(
    'data-card-count',
    String(feed.length),
  );
  const kept = new Set(feed.map((n) => n.id));
  expect((await shownNovelIds(page)).every((id) => kept.has(id))).toBe(true);
});

test('recommended novels: at most 10 shown, on the row and on the list behind its more slide', async ({
  page,
}) => {
  // the answer the row shows (the server rendered it from the mirror's, or the app asked for it)
  const answered = await page.request.get('/api/pixiv/novel_recommended');
  await page.goto('/home_novel');
  const raw = ((await answered.json()) as { novels: CoreRawNovel[] }).novels;
  const feed = filterArtworks(raw.map(normaliseNovel), DEFAULT_PREFS);
  // pixiv offers more than 10, so the cut is what keeps the row at 10
  expect(feed.length).toBeGreaterThan(RECOMMENDED_NOVELS_MAX);
  const first10 = feed.slice(0, RECOMMENDED_NOVELS_MAX).map((n) => n.id);
  const row = page.getByTestId('home-recommended');
  await expect(row.getByTestId('row-item')).toHaveCount(RECOMMENDED_NOVELS_MAX);
  const rowIds = await row
    .getByTestId('novel-card-title')
    .evaluateAll((els) =>
      els.map((el) => Number(/\/novel\/(\d+)$/.exec(el.getAttribute('href') ?? '')?.[1])),
    );
  expect(rowIds).toEqual(first10);
  const slide = row.getByTestId('row-more');
  await expect(slide).toHaveAttribute('href', '/osusume_illust?list=novel');
  // nothing lies past the 10th, so the slide has no covers behind it
  expect(await moreSlideImages(slide)).toEqual([]);
  await slide.scrollIntoViewIfNeeded();
  await slide.click();
  await expect(page).toHaveURL(/\/osusume_illust\?list=novel$/);
  await expect(page.getByTestId('top-bar')).toContainText('Recommended novels');
  await expect(page.getByTestId('novel-grid').locator('[data-card-count]')).toHaveAttribute(
    'data-card-count',
    String(RECOMMENDED_NOVELS_MAX),
  );
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
  // the cards in the DOM (the grid keeps only rows near the viewport) are among those 10
  const listed = await shownNovelIds(page);
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((id) => !first10.includes(id))).toEqual([]);
});

test('new novels load only after a click', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/novel_new')) calls++;
  });
  await page.goto('/home_novel');
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  expect(calls).toBe(0);
  await page.getByTestId('home-load-latest').click();
  const latest = page.getByTestId('home-latest').getByTestId('novel-card');
  await expect(latest.first()).toBeVisible();
  expect(calls).toBe(1);
  await expectNovelCard(latest.first());
});

test('a card opens its novel; its author and tags lead to the user and a novel search', async ({
  page,
}) => {
  await page.goto('/rank_novel/day');
  const card = page.getByTestId('novel-card').first();
  await expect(card).toBeVisible();
  const id = await novelIdOf(card);
  const author = await card.getByTestId('novel-card-author').getAttribute('href');
  const tag = card.getByTestId('novel-tag').first();
  await expect(tag).toHaveAttribute('href', /^\/search_novel\/.+/);
  // Every tag shown is a target of at least 24 x 24 px (WCAG 2.2 2.5.8, axe target-size).
  const tagSizes = await page.getByTestId('novel-tag').evaluateAll((links) =>
    links
      .map((a) => [a.getBoundingClientRect(), a.closest('ul')!.getBoundingClientRect()] as const)
      // the tags shown: those that wrapped out of the list's one row are out of sight
      .filter(([r, list]) => r.height > 0 && r.bottom <= list.bottom)
      .map(([r]) => [r.width, r.height]),
  );
  expect(tagSizes.length).toBeGreaterThan(0);
  expect(tagSizes.filter(([w, h]) => w! < 24 || h! < 24)).toEqual([]);
  // a click on the card itself, away from its links
  await card.getByTestId('novel-card-length').click();
  await expect(page).toHaveURL(new RegExp(`/novel/${id}$`));
  await page.goBack();
  await page.getByTestId('novel-card').first().getByTestId('novel-card-author').click();
  await expect(page).toHaveURL(new RegExp(`${author}$`));
});

test('novel ranking: switching modes and dates reloads the list', async ({ page }) => {
  const window = rankingDateWindow(new Date());
  // the first list from the app's own call, which the test reads (a rendered page makes none)
  await shellFirst(page.context());
  const first = page.waitForResponse((r) => r.url().includes('/api/pixiv/rank_novel?'));
  await page.goto('/rank_novel/day');
  const day = new URL((await first).url());
  expect(day.searchParams.get('mode')).toBe('day');
  expect(day.searchParams.get('date')).toBe(window.defaultDate);
  await expect(page.getByTestId('rank-category')).toHaveText('Novels');
  const cards = page.getByTestId('novel-card');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < 3; i++) await expectNovelCard(cards.nth(i));
  const dayIds = await shownNovelIds(page);

  const types = page.getByRole('navigation', { name: 'Novel ranking' });
  await expect(types.getByRole('link')).toHaveText([
    'Daily',
    'Weekly',
    'Rookie',
    'AI-generated',
    'Popular among males',
    'Popular among females',
  ]);
  const week = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/rank_novel?') && r.url().includes('mode=week'),
  );
  await types.getByRole('link', { name: 'Weekly' }).click();
  await expect(page).toHaveURL(/\/rank_novel\/week$/);
  await week;
  await expect(types.getByRole('link', { name: 'Weekly' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => shownNovelIds(page)).not.toEqual(dayIds);

  // the calendar runs from 2007-09-13 to the ranking's last day
  const date = page.getByTestId('rank-date');
  await expect(date).toHaveAttribute('min', '2007-09-13');
  await expect(date).toHaveAttribute('max', window.max);
  const weekIds = await shownNovelIds(page);
  const older = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/rank_novel?') && r.url().includes('date=2020-05-05'),
  );
  await date.fill('2020-05-05');
  await older;
  await expect(page).toHaveURL(/\/rank_novel\/week\?date=2020-05-05$/);
  await expect.poll(() => shownNovelIds(page)).not.toEqual(weekIds);
  await expect(cards.first()).toBeVisible();

  // a date outside the calendar falls back to the default day
  await page.goto('/rank_novel/day?date=2001-01-01');
  await expect(page.getByTestId('rank-date')).toHaveValue(window.defaultDate);
  await expect
    .poll(async () => (await shownNovelIds(page)).slice(0, 3))
    .toEqual(dayIds.slice(0, 3));
});

test('the ranking popover leads to the novel ranking and back', async ({ page }) => {
  await page.goto('/rank/daily');
  await page.getByTestId('rank-category').click();
  await page.getByRole('menuitemradio', { name: 'Novels' }).click();
  await expect(page).toHaveURL(/\/rank_novel\/day$/);
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
  await page.getByTestId('rank-category').click();
  await expect(page.getByRole('menuitemradio', { name: 'Novels' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('menuitemradio', { name: 'Overall' }).click();
  await expect(page).toHaveURL(/\/rank\/daily$/);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('R-18 novel rankings are hidden by default and offered with R-18 on', async ({ page }) => {
  await page.goto('/rank_novel/day');
  const types = page.getByRole('navigation', { name: 'Novel ranking' });
  await expect(types.getByRole('link', { name: 'Daily' })).toBeVisible();
  await expect(types.getByRole('link', { name: 'Daily R-18' })).toHaveCount(0);
  await page.goto('/rank_novel/day_r18');
  await expect(page.getByTestId('back-home')).toBeVisible();

  await withSettings(page, R18_ON);
  await page.goto('/rank_novel/day');
  await expect(types.getByRole('link', { name: 'Daily R-18' })).toBeVisible();
  await expect(types.getByRole('link', { name: 'AI-generated R-18' })).toBeVisible();
  await types.getByRole('link', { name: 'Daily R-18' }).click();
  await expect(page).toHaveURL(/\/rank_novel\/day_r18$/);
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
  await expect(page.getByTestId('badge-r18').first()).toBeVisible();
});

test('search home novel tab: novel trending tags search novels', async ({ page }) => {
  await page.goto('/search');
  await page.getByTestId('search-tabs').getByRole('link', { name: 'Novels' }).click();
  await expect(page).toHaveURL(/\/search_novel$/);
  const tags = (await (await page.request.get('/api/pixiv/tags_novel')).json()) as {
    trend_tags: { tag: string }[];
  };
  const tiles = page.getByTestId('trending-tag');
  await expect(tiles.first()).toBeVisible();
  const first = tags.trend_tags[0]!.tag;
  await expect(tiles.first()).toHaveAttribute('href', `/search_novel/${encodeURIComponent(first)}`);
  await tiles.first().click();
  await expect(page).toHaveURL(new RegExp(`/search_novel/${encodeURIComponent(first)}$`));
  await expect(page.getByTestId('novel-card').first()).toBeVisible();

  // the box of the novel tab submits to the novel search
  await page.goto('/search_novel');
  const input = page.getByTestId('search-input');
  await input.fill(first);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search_novel/${encodeURIComponent(first)}$`));
});

test('novel search: R-18 left out by default, filters reload the list', async ({ page }) => {
  const tags = (await (await page.request.get('/api/pixiv/tags_novel')).json()) as {
    trend_tags: { tag: string }[];
  };
  const word = tags.trend_tags[0]!.tag;
  // every novel upstream answered, whichever pages the screen loads
  const answered = new Map<number, RawNovel>();
  page.on('response', async (r) => {
    if (!r.url().includes('/api/pixiv/search_novel?')) return;
    for (const n of ((await r.json()) as { novels: RawNovel[] }).novels) answered.set(n.id, n);
  });
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search_novel?'));
  // the app's own call is the one read: the shell (the server renders searches from its own)
  await shellFirst(page.context());
  await page.goto(`/search_novel/${encodeURIComponent(word)}`);
  const response = await searched;
  const request = new URL(response.url());
  expect(request.searchParams.get('word')).toBe(`${word} -R-18 -R18 -18+`);
  expect(request.searchParams.get('mode')).toBe('partial_match_for_tags');
  expect(request.searchParams.get('sort')).toBe('date_desc');
  expect(request.searchParams.get('search_ai_type')).toBe('0');
  const cards = page.getByTestId('novel-card');
  await expect(cards.first()).toBeVisible();
  await expectNovelCard(cards.first());
  await expect(page.getByTestId('badge-r18')).toHaveCount(0);
  for (const id of await shownNovelIds(page)) {
    await expect.poll(() => answered.get(id)?.x_restrict).toBe(0);
  }

  const before = await shownNovelIds(page);
  const oldest = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/search_novel?') && r.url().includes('sort=date_asc'),
  );
  await page.getByTestId('filter-chip-order').click();
  await page.getByTestId('filter-order').selectOption('date_asc');
  await oldest;
  await expect(page).toHaveURL(/order=date_asc/);
  await expect.poll(() => shownNovelIds(page)).not.toEqual(before);

  const text = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/search_novel?') && r.url().includes('mode=text'),
  );
  await page.getByTestId('filter-mode').selectOption('text');
  expect(new URL((await text).url()).searchParams.get('sort')).toBe('date_asc');
  await expect(page.getByTestId('filter-start')).toHaveAttribute('min', '2007-09-13');
});

test('novel search with R-18 on shows R-18 novels; R-18 queries are refused without it', async ({
  page,
}) => {
  let searched = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/search_novel')) searched = true;
  });
  await page.goto('/search_novel/R-18');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  expect(searched).toBe(false);

  await withSettings(page, R18_ON);
  const response = page.waitForResponse((r) => r.url().includes('/api/pixiv/search_novel?'));
  await page.goto('/search_novel/R-18');
  const request = new URL((await response).url());
  expect(request.searchParams.get('word')).toBe('R-18');
  const novels = ((await (await response).json()) as { novels: RawNovel[] }).novels;
  expect(novels.some((n) => n.x_restrict === 1)).toBe(true);
  await expect(page.getByTestId('badge-r18').first()).toBeVisible();
});

test('with AI off, the novel search asks for search_ai_type=1 and AI rankings hide', async ({
  page,
}) => {
  await withSettings(page, { content: { r18: false, r18g: false, ai: false } });
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search_novel?'));
  await page.goto(`/search_novel/${encodeURIComponent('恋愛')}`);
  expect(new URL((await searched).url()).searchParams.get('search_ai_type')).toBe('1');
  await page.goto('/rank_novel/day');
  const types = page.getByRole('navigation', { name: 'Novel ranking' });
  await expect(types.getByRole('link', { name: 'Daily' })).toBeVisible();
  await expect(types.getByRole('link', { name: 'AI-generated' })).toHaveCount(0);
  await expect(page.getByTestId('badge-ai')).toHaveCount(0);
});

test('random novels stop after page 4', async ({ page }) => {
  test.setTimeout(120_000);
  // the server draws the first page (the hour's draw, warm here as in a used mirror) and renders
  // it with the page: the app asks for the 3 others
  const draw = hourlyRandomRanking(new Date(), RANDOM_NOVEL_RANK_MODES);
  await page.request.get(`/api/pixiv/rank_novel?mode=${draw.mode}&date=${draw.date}&page=1`);
  let randomPages = 0;
  page.on('request', (r) => {
    const url = new URL(r.url());
    // the random feed asks for page 1 of random rankings (no page parameter)
    if (url.pathname === '/api/pixiv/rank_novel' && !url.searchParams.has('page')) randomPages++;
  });
  await page.clock.install();
  await page.goto('/home_novel');
  const random = page.getByTestId('home-random');
  await expect(random.getByTestId('novel-card').first()).toBeAttached();
  await page.mouse.move(200, 300);
  await scrollUntil(page, () => random.getByTestId('list-finished').isVisible());
  await expect(random.getByTestId('list-finished')).toBeVisible();
  await letTimePass(page, 2_500);
  // the ranking row's head (no page parameter either) came with the page the server rendered
  expect(randomPages).toBe(3);
});

test('a long novel ranking scrolled to the end keeps a bounded DOM', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/rank_novel/week');
  const grid = page.getByTestId('novel-grid');
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
  await page.mouse.move(200, 300);
  await scrollUntil(page, () => page.getByTestId('list-finished').isVisible());
  await expect(page.getByTestId('list-finished')).toBeVisible();
  const total = Number(await grid.locator('[data-card-count]').getAttribute('data-card-count'));
  // cards are 156 px high with 8 px gaps; rows are kept 1200 px above and below the viewport
  const columns = page.viewportSize()!.width > 1200 ? 3 : 1;
  const bound = (Math.ceil((page.viewportSize()!.height + 2 * 1200) / 164) + 1) * columns;
  expect(total).toBeGreaterThan(bound);
  const rendered = await page.getByTestId('novel-card').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThanOrEqual(bound);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('novel-card').first()).toBeVisible();
});
