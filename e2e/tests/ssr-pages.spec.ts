import { expect, test } from './fixtures.ts';
import { E2E_BASE_URL } from '../env.ts';
import type { SpotlightDetail, SpotlightList } from '@pv/core';
import { escaped, expectImageLoaded, firstHtml, requestsSettled, watch } from './helpers.ts';

/**
 * Server rendering of pixivision's list and articles, the illust and novel series and a user's
 * author lists (issue 33, SSR=1): each is read from the first HTML (no script), then adopted by
 * the app without asking for its first data again and without a hydration warning.
 */

/** The sandbox's illust series of a prolific user, and a novel series whose third is R-18G. */
const ILLUST_SERIES = { user: 18206, id: 1014 };
const NOVEL_SERIES = 103002;
const PROLIFIC = 18206;

interface RawTitled {
  id: number;
  title: string;
  x_restrict: number;
}

/** The markup of an element (a card's title) that reads `title`. */
const cardTitle = (testId: string, title: string) =>
  new RegExp(
    `data-testid="${testId}"[^>]*>${escaped(title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`,
  );

test.describe('pixivision, series and author lists rendered on the server', () => {
  // a viewer in another zone than the server's and pixiv's: dates must not differ on hydration
  test.use({ timezoneId: 'America/New_York' });
  // the worker's own server, which renders as `npm start` does (SSR=1)
  const base = E2E_BASE_URL;

  test('pixivision: a tab’s first cards and an article’s text in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const list = (await (
      await page.request.get(`${base}/api/spotlights?type=column&page=1&lang=en`)
    ).json()) as SpotlightList;
    const html = await firstHtml(page.request, `${base}/spotlights?tab=column`, 'en-US');
    for (const a of list.articles.slice(0, 3)) {
      expect(html).toMatch(cardTitle('spotlight-card-title', a.title));
    }

    const seen = watch(page, ['/api/spotlights']);
    await page.goto(`${base}/spotlights?tab=column`);
    const card = page.getByTestId('spotlight-card').first();
    await expect(card.getByTestId('spotlight-card-title')).toHaveText(list.articles[0]!.title);
    await expectImageLoaded(card.locator('img'));
    await requestsSettled(page);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);

    const id = list.articles[0]!.id;
    const detail = (await (
      await page.request.get(`${base}/api/spotlight/${id}?lang=en`)
    ).json()) as SpotlightDetail;
    const text = /<p>([^<]{8,})<\/p>/.exec(detail.content)![1]!;
    const article = await firstHtml(page.request, `${base}/a/${id}`, 'en-US');
    expect(article).toContain(`data-testid="spotlight-title">${escaped(detail.title)}<`);
    expect(article).toContain(escaped(text));

    const read = watch(page, [`/api/spotlight/${id}`]);
    await page.goto(`${base}/a/${id}`);
    await expect(page.getByTestId('spotlight-body')).toContainText(text);
    await requestsSettled(page);
    expect(read.calls).toEqual([]);
    expect(read.problems).toEqual([]);
  });

  test('series: the head and first works in the first HTML, R-18G left out, adopted without a refetch', async ({
    page,
  }) => {
    const illust = (await (
      await page.request.get(`${base}/api/pixiv/illust_series?id=${ILLUST_SERIES.id}`)
    ).json()) as { illust_series_detail: { title: string }; illusts: RawTitled[] };
    const path = `/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`;
    const html = await firstHtml(page.request, `${base}${path}`);
    expect(html).toContain(
      `data-testid="series-title">${escaped(illust.illust_series_detail.title)}<`,
    );
    expect(html).toMatch(cardTitle('artwork-card-title', illust.illusts[0]!.title));

    const seen = watch(page, ['/api/pixiv/illust_series']);
    await page.goto(`${base}${path}`);
    // hydrated: the works' grid has measured and placed its cards itself
    await expect(page.locator('[data-card-count]')).toHaveAttribute('style', /height/);
    await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    await requestsSettled(page);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);

    const novel = (await (
      await page.request.get(`${base}/api/pixiv/novel_series?id=${NOVEL_SERIES}`)
    ).json()) as { novel_series_detail: { title: string }; novels: RawTitled[] };
    const novelHtml = await firstHtml(page.request, `${base}/novel/series/${NOVEL_SERIES}`);
    expect(novelHtml).toContain(
      `data-testid="series-title">${escaped(novel.novel_series_detail.title)}<`,
    );
    for (const n of novel.novels) {
      if (n.x_restrict === 0) expect(novelHtml).toMatch(cardTitle('novel-card-title', n.title));
      else expect(novelHtml).not.toMatch(cardTitle('novel-card-title', n.title));
    }

    const read = watch(page, ['/api/pixiv/novel_series']);
    await page.goto(`${base}/novel/series/${NOVEL_SERIES}`);
    await expect(page.locator('[data-card-count]')).toHaveAttribute('style', /height/);
    await expect(page.getByTestId('novel-card')).toHaveCount(
      novel.novels.filter((n) => n.x_restrict === 0).length,
    );
    await requestsSettled(page);
    expect(read.calls).toEqual([]);
    expect(read.problems).toEqual([]);
  });

  test('an author list: the user and the first works in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const [user, novels] = await Promise.all([
      page.request.get(`${base}/api/pixiv/member?id=${PROLIFIC}`).then((r) => r.json()),
      page.request
        .get(`${base}/api/pixiv/member_novel?id=${PROLIFIC}&page=1`)
        .then((r) => r.json()),
    ]);
    const name = (user as { user: { name: string } }).user.name;
    const list = (novels as { novels: RawTitled[] }).novels;
    const html = await firstHtml(page.request, `${base}/users/${PROLIFIC}/novels`);
    expect(html).toMatch(cardTitle('author-link', name));
    for (const n of list.slice(0, 8)) {
      if (n.x_restrict === 0) expect(html).toMatch(cardTitle('novel-card-title', n.title));
      else expect(html).not.toMatch(cardTitle('novel-card-title', n.title));
    }

    const seen = watch(page, ['/api/pixiv/member', '/api/pixiv/member_novel']);
    await page.goto(`${base}/users/${PROLIFIC}/novels`);
    await expect(page.locator('[data-card-count]')).toHaveAttribute('style', /height/);
    await expect(page.getByTestId('novel-card').first()).toBeVisible();
    await requestsSettled(page);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);
  });
});
