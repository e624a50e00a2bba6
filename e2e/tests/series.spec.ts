import { expect, test } from './fixtures.ts';
import { expectImageLoaded, linkedArtworkId } from './helpers.ts';

/**
 * The illust series page `/user/{uid}/series/{sid}` and the novel series page `/novel/series/{id}`
 * (spec 001 §2.10, issue 13): head (cover, title, caption, counts, author) and the works in
 * series order, each linking to its page.
 */

const ILLUST_SERIES = { user: 18206, id: 1014 };
/** Three novels: two all-ages, the third R-18G (left out for a visitor). */
const NOVEL_SERIES = 103002;

interface RawWork {
  id: number;
  title: string;
  x_restrict: number;
}

test('an illust series shows its head and its works in series order', async ({ page }) => {
  const res = await page.request.get(`/api/pixiv/illust_series?id=${ILLUST_SERIES.id}`);
  const body = (await res.json()) as {
    illust_series_detail: { title: string; caption: string; series_work_count: number };
    illusts: RawWork[];
  };
  const detail = body.illust_series_detail;
  await page.goto(`/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`);
  await expect(page.getByTestId('series-title')).toHaveText(detail.title);
  await expect(page.getByTestId('series-caption')).toHaveText(detail.caption);
  await expect(page.getByTestId('series-counts')).toHaveText(`${detail.series_work_count} works`);
  await expectImageLoaded(page.getByTestId('series-cover'));
  await expect(page).toHaveTitle(new RegExp(`^${detail.title} - `));
  await expect(page.getByTestId('series-author')).toHaveAttribute(
    'href',
    `/users/${ILLUST_SERIES.user}`,
  );
  const expected = body.illusts.filter((w) => w.x_restrict === 0).map((w) => w.id);
  const cards = page.getByTestId('artwork-card');
  await expect(cards).toHaveCount(expected.length);
  const shown: number[] = [];
  for (const card of await cards.all()) {
    shown.push(await linkedArtworkId(card.locator('a[href^="/artworks/"]').first()));
  }
  // the grid places cards in columns; the series order is the order of the DOM
  expect(shown).toEqual(expected);
  await cards.first().locator('a[href^="/artworks/"]').first().click();
  await expect(page).toHaveURL(new RegExp(`/artworks/${expected[0]}$`));
  // and the work links back to its series
  await expect(page.getByTestId('artwork-series')).toHaveText(`Series: ${detail.title}`);
  await page.getByTestId('artwork-series').click();
  await expect(page).toHaveURL(
    new RegExp(`/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}$`),
  );
});

test('a novel series shows its counts, author and novels in order', async ({ page }) => {
  const res = await page.request.get(`/api/pixiv/novel_series?id=${NOVEL_SERIES}`);
  const body = (await res.json()) as {
    novel_series_detail: {
      title: string;
      content_count: number;
      total_character_count: number;
      user: { id: number; name: string };
    };
    novels: RawWork[];
  };
  const detail = body.novel_series_detail;
  await page.goto(`/novel/series/${NOVEL_SERIES}`);
  await expect(page.getByTestId('series-title')).toHaveText(detail.title);
  await expect(page.getByTestId('series-counts')).toHaveText(
    `${detail.content_count} episodes · ${detail.total_character_count.toLocaleString('en-US')} characters`,
  );
  await expect(page.getByTestId('series-author')).toContainText(detail.user.name);
  await expect(page).toHaveTitle(new RegExp(`^${detail.title} - `));
  const titles = page.getByTestId('novel-card-title');
  const visible = body.novels.filter((n) => n.x_restrict === 0);
  expect(visible.length).toBeGreaterThan(1);
  await expect(titles).toHaveText(visible.map((n) => n.title));
  await expect(titles.first()).toHaveAttribute('href', `/novel/${visible[0]!.id}`);
});

test('a series’ header card stands 12 px under the top bar', async ({ page }) => {
  for (const path of [
    `/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`,
    `/novel/series/${NOVEL_SERIES}`,
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('series-title')).toBeVisible();
    const bar = (await page.getByTestId('top-bar').boundingBox())!;
    const head = (await page.getByTestId('series-header').boundingBox())!;
    expect(head.y - (bar.y + bar.height), path).toBeCloseTo(12, 0);
  }
});

test('a series’ works line up with the edges of its header card', async ({ page }) => {
  const edges = async (testId: string) => {
    const cards = page.getByTestId(testId);
    await expect(cards.first()).toBeVisible();
    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.right] as const),
    );
    return {
      left: Math.min(...boxes.map((b) => b[0])),
      right: Math.max(...boxes.map((b) => b[1])),
    };
  };
  await page.goto(`/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`);
  let head = (await page.getByTestId('series-header').boundingBox())!;
  // five works fill one row of the 1440 px grid, from the card's left edge to its right edge
  let works = await edges('artwork-card');
  expect(works.left).toBeCloseTo(head.x, 0);
  expect(works.right).toBeCloseTo(head.x + head.width, 0);
  // at 390 px a novel card takes the whole width, and meets both edges
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/novel/series/${NOVEL_SERIES}`);
  head = (await page.getByTestId('series-header').boundingBox())!;
  works = await edges('novel-card');
  expect(works.left).toBeCloseTo(head.x, 0);
  expect(works.right).toBeCloseTo(head.x + head.width, 0);
});
