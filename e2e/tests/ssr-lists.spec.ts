import { expect, test } from './fixtures.ts';
import { E2E_BASE_URL } from '../env.ts';
import { escaped, expectImageLoaded, firstHtml, watch } from './helpers.ts';

/**
 * Server rendering of the list pages people land on (issue 33, SSR=1): search results (illust
 * and novel), the live list and discovery. Each page's first HTML (no script) holds the screen's
 * title and its first cards, and the app adopts it without asking for its first data again and
 * without a hydration warning.
 */

/** The first card titles of a rendered page's markup. */
const cardTitles = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, 'g'))].map((m) => m[1]);

test.describe('list pages rendered on the server', () => {
  // the worker's own server, which renders as `npm start` does (SSR=1)
  const base = E2E_BASE_URL;

  test('search results: the keyword and first cards in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const word = '猫';
    const api = await page.request.get(
      `${base}/api/pixiv/search?${new URLSearchParams({
        word: `${word} -R-18 -R18 -18+`,
        page: '1',
        search_ai_type: '0',
        mode: 'partial_match_for_tags',
        order: 'date_desc',
      })}`,
    );
    const works = ((await api.json()) as { illusts: { title: string; x_restrict: number }[] })
      .illusts;
    const first = works.find((w) => w.x_restrict === 0)!;
    const url = `${base}/search/${encodeURIComponent(word)}`;
    const html = await firstHtml(page.request, url);
    expect(html).toContain(`data-testid="top-bar-title"><span>${word}</span>`);
    expect(cardTitles(html, 'artwork-card-title')[0]).toBe(escaped(first.title));

    const seen = watch(page, [
      '/api/pixiv/search',
      '/api/pixiv/popular_preview',
      '/api/sensitive-words',
    ]);
    await page.goto(url);
    // hydrated: the grid has measured and placed its cards itself
    await expect(page.locator('[data-testid="image-grid"] [data-card-count]')).toHaveAttribute(
      'style',
      /height/,
    );
    await expect(page.getByTestId('artwork-card-title').first()).toHaveText(first.title);
    await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    // this server is self-hosted: the popular works came with the page too
    await expect(page.getByTestId('popular-preview').getByTestId('row-item').first()).toBeVisible();
    // none of the first data asked for again (a later page may be, as the grid fills the window)
    expect(seen.calls.filter((c) => !/[?&]page=[2-9]/.test(c))).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('novel search results: the first cards in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const api = await page.request.get(
      `${base}/api/pixiv/search_novel?${new URLSearchParams({
        word: 'romance -R-18 -R18 -18+',
        page: '1',
        mode: 'exact_match_for_tags',
        sort: 'date_desc',
        search_ai_type: '0',
      })}`,
    );
    const novels = ((await api.json()) as { novels: { title: string }[] }).novels;
    expect(novels.length).toBeGreaterThan(0);
    const url = `${base}/search_novel/romance?mode=exact_match_for_tags`;
    const html = await firstHtml(page.request, url);
    expect(cardTitles(html, 'novel-card-title')[0]).toBe(escaped(novels[0]!.title));

    const seen = watch(page, ['/api/pixiv/search_novel', '/api/sensitive-words']);
    await page.goto(url);
    await expect(page.locator('[data-testid="novel-grid"] [data-card-count]')).toHaveAttribute(
      'style',
      /height/,
    );
    await expect(page.getByTestId('novel-card-title').first()).toHaveText(novels[0]!.title);
    expect(seen.calls.filter((c) => c.includes('page=1') || c.includes('sensitive'))).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('the live list: its first lives in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const api = await page.request.get(`${base}/api/pixiv/live_list?page=1`);
    const lives = ((await api.json()) as { lives: { name: string; is_adult: boolean }[] }).lives;
    const shown = lives.filter((l) => !l.is_adult);
    const html = await firstHtml(page.request, `${base}/lives`);
    expect(cardTitles(html, 'live-card-name').slice(0, 3)).toEqual(
      shown.slice(0, 3).map((l) => escaped(l.name)),
    );
    const served = /<img src="([^"]+)"/.exec(html.split('data-testid="live-card"')[1]!)![1]!;

    const seen = watch(page, ['/api/pixiv/live_list']);
    await page.goto(`${base}/lives`);
    const card = page.getByTestId('live-card').first();
    await expect(card.getByTestId('live-card-name')).toHaveText(shown[0]!.name);
    // the thumbnail the HTML started loading is the one the app shows
    await expect(card.locator('img').first()).toHaveAttribute('src', served);
    await expectImageLoaded(card.locator('img').first());
    expect(seen.calls.filter((c) => c.includes('page=1'))).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('discovery: a fresh set in the first HTML, the very one the app shows, not asked again; its users tab too', async ({
    page,
  }) => {
    // every call draws a fresh set: the HTML holds cards, and the app shows the set its page had
    expect(
      cardTitles(await firstHtml(page.request, `${base}/discovery`), 'artwork-card-title').length,
    ).toBeGreaterThan(10);

    const seen = watch(page, ['/api/web/discovery']);
    const res = await page.goto(`${base}/discovery`);
    const titles = cardTitles(await res!.text(), 'artwork-card-title');
    await expect(page.locator('[data-testid="image-grid"] [data-card-count]')).toHaveAttribute(
      'style',
      /height/,
    );
    const shown = page.getByTestId('artwork-card-title');
    await expect(shown.first()).toHaveText(titles[0]!.replaceAll('&amp;', '&'));
    // the page's own set (a Masonry grid's HTML lists its cards column by column, the app from
    // the top: the same cards, in another order)
    const drawn = new Set(titles.map((t) => t!.replaceAll('&amp;', '&')));
    for (const title of (await shown.allTextContents()).slice(0, 6))
      expect(drawn.has(title), title).toBe(true);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);

    // its users tab (a link, or its tabs' form without JavaScript): the recommended users too
    const users = watch(page, ['/api/pixiv/user_recommended']);
    const tab = await page.goto(`${base}/discovery?tab=users`);
    const names = cardTitles(await tab!.text(), 'user-card-name');
    expect(names.length).toBeGreaterThan(3);
    await expect(page.getByTestId('discovery-tab-users')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('user-card-name').first()).toHaveText(
      names[0]!.replaceAll('&amp;', '&'),
    );
    expect(users.calls).toEqual([]);
    expect(users.problems).toEqual([]);
  });
});
