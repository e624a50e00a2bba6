import { expect, test } from '@playwright/test';
import { rankingDateWindow } from '@pv/core';
import { SANDBOX_BASE_URL } from '../env.ts';
import { expectImageLoaded, linkedArtworkId } from './helpers.ts';

test('a keyword search shows matching artworks whose images load', async ({ page }) => {
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search?'));
  await page.goto(`/search/${encodeURIComponent('猫')}`);
  const request = new URL((await searched).url());
  // Without R-18 enabled the exclusions are appended; AI works are allowed by default.
  expect(request.searchParams.get('word')).toBe('猫 -R-18 -R18 -18+');
  expect(request.searchParams.get('search_ai_type')).toBe('false');
  await expect(page.getByTestId('top-bar')).toContainText('猫');
  const cards = page.getByTestId('artwork-card');
  await expect(cards.first()).toBeVisible();
  const img = cards.first().locator('img').first();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
});

test('/s/{keyword} is the same search, and a pasted artwork URL opens the artwork', async ({
  page,
}) => {
  await page.goto(`/s/${encodeURIComponent('風景')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const href = await page.getByTestId('artwork-card-title').first().getAttribute('href');
  const id = /\/artworks\/(\d+)/.exec(href ?? '')?.[1];
  await page.goto(`/search/${encodeURIComponent(`猫 https://www.pixiv.net/artworks/${id}`)}`);
  await expect(page).toHaveURL(new RegExp(`/artworks/${id}$`));
  await expect(page.getByTestId('artwork-title')).not.toBeEmpty();
});

test('an R-18 query is refused for a user without R-18: nothing is requested', async ({ page }) => {
  let searched = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/search')) searched = true;
  });
  await page.goto('/search/R-18');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  expect(searched).toBe(false);
});

test('search home: tabs, trending tag grid whose tiles search their tag', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByTestId('search-tabs').getByRole('link')).toHaveText([
    'Illustrations & manga',
    'Novels',
    'Users',
  ]);
  const tiles = page.getByTestId('trending-tag');
  await expect(tiles.first()).toBeVisible();
  expect(await tiles.count()).toBeGreaterThan(5);
  const tags = (await (await page.request.get('/api/pixiv/tags')).json()) as {
    trend_tags: { tag: string }[];
  };
  const first = tags.trend_tags[0]!.tag;
  await expect(tiles.first()).toHaveAttribute('href', `/search/${encodeURIComponent(first)}`);
  await tiles.first().click();
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(first)}$`));
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('typing words makes chips; submitting searches and records history (20 max, newest first)', async ({
  page,
}) => {
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  await input.fill('猫 ');
  await expect(page.getByTestId('search-word')).toHaveCount(1);
  await input.fill('風景');
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent('猫 風景')}$`));
  await expect(page.getByTestId('search-word')).toHaveCount(2);

  // 25 searches later the history holds the newest 20, without duplicates
  await page.evaluate(() => localStorage.removeItem('pv.searchHistory'));
  await page.goto('/search');
  for (let i = 0; i < 25; i++) {
    await page.getByTestId('search-input').fill(`w${i % 22}`);
    await page.getByTestId('search-input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/w${i % 22}$`));
    await page.goto('/search');
  }
  await page.getByTestId('search-input').focus();
  const entries = page.getByTestId('search-history-entry');
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toHaveText('w2');
  await entries.nth(1).click();
  await expect(page).toHaveURL(/\/search\/w1$/);
});

test('changing a filter resets the results and searches again with it', async ({ page }) => {
  await page.goto(`/search/${encodeURIComponent('風景')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const again = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/search?') && r.url().includes('order=date_asc'),
  );
  await page.getByTestId('filter-order').selectOption('date_asc');
  const url = new URL((await again).url());
  expect(url.searchParams.get('page')).toBe('1');
  await expect(page).toHaveURL(/order=date_asc/);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();

  const modeCall = page.waitForResponse((r) => r.url().includes('mode=exact_match_for_tags'));
  await page.getByTestId('filter-mode').selectOption('exact_match_for_tags');
  await modeCall;
});

test('a minimum-favourites tag drops results at or under that number', async ({ page }) => {
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search?'));
  await page.goto(`/search/${encodeURIComponent('風景')}?min_fav=1000`);
  await searched;
  const search = (await (
    await page.request.get(
      `/api/pixiv/search?word=${encodeURIComponent('風景 -R-18 -R18 -18+')}&search_ai_type=false`,
    )
  ).json()) as { illusts: { id: number; total_bookmarks: number }[] };
  const likes = new Map(search.illusts.map((i) => [i.id, i.total_bookmarks]));
  await expect(page.getByTestId('image-grid')).toBeVisible();
  await page.waitForTimeout(500);
  for (const card of await page.getByTestId('artwork-card').all()) {
    const href = (await card.getByTestId('artwork-card-title').getAttribute('href')) ?? '';
    const id = Number(/\/artworks\/(\d+)/.exec(href)?.[1]);
    if (likes.has(id)) expect(likes.get(id)!).toBeGreaterThan(1000);
  }
  expect(search.illusts.some((i) => i.total_bookmarks <= 1000)).toBe(true);
});

test('image search finds the work an image shows; close resets; a text file is refused', async ({
  page,
}) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const ranked = (await (
    await page.request.get(`/api/pixiv/rank?mode=day&date=${date}`)
  ).json()) as {
    illusts: { id: number; image_urls: { medium: string } }[];
  };
  const work = ranked.illusts[2]!;
  const image = await page.request.get(
    work.image_urls.medium.replace('https://i.pximg.net/', '/i/'),
  );
  await page.goto('/search');
  const input = page.getByTestId('image-search-input');
  await input.setInputFiles({
    name: 'query.jpg',
    mimeType: 'image/jpeg',
    buffer: await image.body(),
  });
  const results = page.getByTestId('image-search-result');
  await expect(results.first()).toBeVisible({ timeout: 30_000 });
  await expect(results.first().getByRole('link')).toHaveAttribute('href', `/artworks/${work.id}`);
  const sims = (await page.getByTestId('image-search-similarity').allTextContents()).map((s) =>
    Number(/([\d.]+)%/.exec(s)![1]),
  );
  expect(sims[0]).toBeGreaterThan(90);
  expect(sims.every((s) => s > 50)).toBe(true);
  expect(sims).toEqual([...sims].sort((a, b) => b - a));
  for (const [i, sim] of sims.entries()) {
    const dimmed = await results.nth(i).getAttribute('data-dimmed');
    expect(dimmed === 'true', `result ${i} at ${sim} %`).toBe(sim < 80);
  }
  await page.getByTestId('image-search-close').click();
  await expect(page.getByTestId('image-search-results')).toHaveCount(0);

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(page.getByTestId('toast')).toHaveText('Choose an image file to search with');
  await expect(page.getByTestId('image-search-results')).toHaveCount(0);
});

test('a failing image search opens the error dialog', async ({ page }) => {
  await page.goto('/search');
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/saucenao.com/', status: 500, times: 1 },
  });
  await page
    .getByTestId('image-search-input')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) });
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Notice');
  await expect(dialog).toContainText('The image search failed.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
});

test('user search: the users tab searches names and shows user cards with their works', async ({
  page,
}) => {
  const recommended = (await (await page.request.get('/api/pixiv/user_recommended')).json()) as {
    user_previews: { user: { name: string } }[];
  };
  const word = Array.from(recommended.user_previews[0]!.user.name).slice(0, 2).join('');
  await page.goto('/search_user');
  await page.getByTestId('search-input').fill(word);
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search_user/${encodeURIComponent(word)}$`));
  const cards = page.getByTestId('user-card');
  await expect(cards.first()).toBeVisible();
  // names match (or, for a few, the pixiv ID does)
  const names = await page.getByTestId('user-card-name').allTextContents();
  expect(names.filter((n) => n.toLowerCase().includes(word.toLowerCase())).length).toBeGreaterThan(
    names.length / 2,
  );
  const work = cards.first().getByTestId('user-card-work').first();
  await expect(work).toBeVisible();
  await work.click();
  await expect(page).toHaveURL(/\/artworks\/\d+$/);
});

test('a keyword holding a sensitive word shows no data and asks pixiv nothing, with R-18 on too', async ({
  page,
}) => {
  const list = (await (await page.request.get('/api/sensitive-words')).json()) as {
    words: string[];
  };
  expect(list.words).toContain('NSFW');
  const searches: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/pixiv\/search(_novel)?\?/.test(r.url())) searches.push(r.url());
  });
  await page.goto(`/search/${encodeURIComponent('猫 nsfw')}`);
  await expect(page.getByTestId('list-empty')).toHaveText('Nothing here');
  await page.evaluate(() =>
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ content: { r18: true, r18g: true, ai: true } }),
    ),
  );
  await page.goto(`/search_novel/${encodeURIComponent('NSFW')}`);
  await expect(page.getByTestId('list-empty')).toBeVisible();
  expect(searches).toEqual([]);
  // a keyword without one is searched as before
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search?'));
  await page.goto(`/search/${encodeURIComponent('猫')}`);
  await searched;
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('self-hosted mode shows the popular preview of the keyword above the results', async ({
  page,
}) => {
  const previewed = page.waitForResponse((r) => r.url().includes('/api/pixiv/popular_preview?'));
  await page.goto(`/search/${encodeURIComponent('猫')}`);
  const response = await previewed;
  expect(new URL(response.url()).searchParams.get('word')).toBe('猫 -R-18 -R18 -18+');
  const popular = ((await response.json()) as { illusts: { id: number }[] }).illusts.map(
    (i) => i.id,
  );
  const row = page.getByTestId('popular-preview');
  await expect(row).toContainText('Popular works');
  const items = row.getByTestId('row-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBe(Math.min(10, popular.length));
  const shown = await Promise.all((await items.all()).map((l) => linkedArtworkId(l)));
  // the most bookmarked works of the keyword, in pixiv's order
  expect(shown).toEqual(popular.slice(0, shown.length));
  await expectImageLoaded(items.first().locator('img'));
});

test('outside self-hosted mode a search shows no popular preview and asks for none', async ({
  page,
}) => {
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/popular_preview')) asked = true;
  });
  await page.route('**/api/config', (route) =>
    route.fulfill({ json: { upstream: 'sandbox', imageProxy: null, selfHosted: false } }),
  );
  await page.goto(`/search/${encodeURIComponent('風景')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('popular-preview')).toHaveCount(0);
  expect(asked).toBe(false);
});

test('with AI off the search asks pixiv to leave AI works out (search_ai_type)', async ({
  page,
}) => {
  await page.goto('/search');
  await page.evaluate(() =>
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ content: { r18: false, r18g: false, ai: false } }),
    ),
  );
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search?'));
  await page.goto(`/search/${encodeURIComponent('女の子')}`);
  const url = new URL((await searched).url());
  expect(url.searchParams.get('search_ai_type')).toBe('true');
  expect(url.searchParams.get('word')).toBe('女の子 -R-18 -R18 -18+');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('badge-ai')).toHaveCount(0);
});

test('the filters offer the spec values: dates from 2007-09-13, tags 30000 to 100 users入り', async ({
  page,
}) => {
  await page.goto(`/search/${encodeURIComponent('風景')}`);
  await expect(page.getByTestId('filter-start')).toHaveAttribute('min', '2007-09-13');
  await expect(page.getByTestId('filter-end')).toHaveAttribute('min', '2007-09-13');
  await expect(page.getByTestId('filter-min-fav').locator('option')).toHaveText([
    'Any',
    ...[30000, 20000, 10000, 7500, 5000, 1000, 500, 250, 100].map((n) => `${n} users入り`),
  ]);
  await expect(page.getByTestId('filter-mode').locator('option')).toHaveCount(3);
  await expect(page.getByTestId('filter-duration').locator('option')).toHaveCount(4);
  // a start date resets the list and searches again with it
  const again = page.waitForResponse(
    (r) => r.url().includes('/api/pixiv/search?') && r.url().includes('start_date=2020-01-01'),
  );
  await page.getByTestId('filter-start').fill('2020-01-01');
  expect(new URL((await again).url()).searchParams.get('page')).toBe('1');
  await expect(page.getByTestId('filter-end')).toHaveAttribute('min', '2020-01-01');
});
