import { expect, test, type Locator } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';
import { linkedArtworkId } from './helpers.ts';

/**
 * Rankings show each work's place on its card, and lay the cards out in reading order: row by
 * row, left to right (no masonry columns), on the artwork and the novel rankings alike.
 */
const date = rankingDateWindow(new Date()).defaultDate;

/** The first `n` cards' rank numbers, in reading order of their boxes (top, then left). */
async function numbersInReadingOrder(cards: Locator, n: number) {
  const placed = [];
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    const box = (await card.boundingBox())!;
    const number = Number(await card.getByTestId('rank-number').getAttribute('data-rank'));
    placed.push({ top: Math.round(box.y), left: box.x, number, card });
  }
  return placed.sort((a, b) => a.top - b.top || a.left - b.left);
}

/**
 * Numbers rise in reading order, each is the work's place upstream (a work the content filter
 * hides leaves a gap, it does not renumber the rest), and the first row holds several cards.
 */
async function expectRowMajor(
  cards: Locator,
  ids: number[],
  idOf: (card: Locator) => Promise<number>,
) {
  await expect(cards.nth(7)).toBeVisible();
  const placed = await numbersInReadingOrder(cards, 8);
  const numbers = placed.map((p) => p.number);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(new Set(numbers).size).toBe(8);
  expect(numbers[0]).toBe(ids.indexOf(await idOf(placed[0]!.card)) + 1);
  expect(placed[1]!.top).toBe(placed[0]!.top);
  for (const p of placed) expect(await idOf(p.card)).toBe(ids[p.number - 1]);
  // The number reads as a place for screen readers.
  const first = placed[0]!;
  await expect(first.card.getByTestId('rank-number')).toHaveText(
    `${first.number}Rank ${first.number}`,
  );
}

test('the artwork ranking numbers its cards 1, 2, 3… in rows, even in the masonry setting', async ({
  page,
  request,
}) => {
  const upstream = (await (await request.get(`/api/pixiv/rank?mode=day&date=${date}`)).json()) as {
    illusts: { id: number; x_restrict: number; illust_ai_type: number }[];
  };
  await page.goto('/rank/daily');
  await expect(page.getByTestId('image-grid').locator('[data-layout]')).toHaveAttribute(
    'data-layout',
    'Grid',
  );
  const cards = page.getByTestId('artwork-card');
  await expectRowMajor(
    cards,
    upstream.illusts.map((i) => i.id),
    (card) => linkedArtworkId(card.getByRole('link').first()),
  );
  // A multi-page work's page count carries a pages icon before its number, so that the two
  // numbers on the picture (place and pages) do not read alike.
  const chip = cards.getByTestId('artwork-card-count').first();
  await expect(chip).toBeVisible();
  const icon = (await chip.getByTestId('artwork-card-count-icon').boundingBox())!;
  const box = (await chip.boundingBox())!;
  expect(icon.width).toBeGreaterThanOrEqual(10);
  expect(icon.x).toBeGreaterThanOrEqual(box.x);
  expect(icon.x + icon.width).toBeLessThan(box.x + box.width - 4);
});

test('the novel ranking numbers its cards 1, 2, 3… in rows', async ({ page, request }) => {
  const upstream = (await (
    await request.get(`/api/pixiv/rank_novel?mode=day&date=${date}`)
  ).json()) as { novels: { id: number }[] };
  await page.goto('/rank_novel/day');
  const cards = page.getByTestId('novel-card');
  await expectRowMajor(
    cards,
    upstream.novels.map((n) => n.id),
    async (card) =>
      Number(
        /\/novel\/(\d+)/.exec(
          (await card.getByTestId('novel-card-title').getAttribute('href'))!,
        )![1],
      ),
  );
});
