import { expect, test, type Locator, type Page } from './fixtures.ts';
import { LANGUAGES } from '@pv/core';

/**
 * Line breaks (issue 36 item 10), by geometry: Japanese wraps between phrases, tab labels keep to
 * one line at 390 px, and a top-bar title that would be cut shows its short form instead.
 */

const PHONE = { width: 390, height: 844 };

/** Opens `path` with the UI in `language` (the choice the language setting stores). */
async function openIn(page: Page, language: string, path: string) {
  await page.addInitScript((l) => localStorage.setItem('pv.language', l), language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The top of each character's line box in `el`'s (single) text node, in order. */
function characterTops(el: Locator): Promise<number[]> {
  return el.evaluate((node) => {
    const text = Array.from(node.childNodes).find((n) => n.nodeType === Node.TEXT_NODE)!;
    const range = document.createRange();
    return [...(text.textContent ?? '')].map((_, i) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return Math.round(range.getBoundingClientRect().top);
    });
  });
}

test('Japanese wraps between phrases: "pixiv のログインページを開く" never leaves a lone く', async ({
  page,
}) => {
  // 600 px: the login choices side by side, the button half a card wide, its label on two lines
  await page.setViewportSize({ width: 600, height: 900 });
  await openIn(page, 'ja', '/account/login');
  const button = page.getByTestId('oauth-open');
  await expect(button).toHaveText('pixiv のログインページを開く');
  const tops = await characterTops(button);
  const lines = [...new Set(tops)];
  expect(lines).toHaveLength(2);
  // the second line is the phrase 開く, whole: the break is after を, not before く
  expect(tops.slice(-2)).toEqual([lines[1], lines[1]]);
  expect(tops.at(-3)).toBe(lines[0]);
});

for (const language of ['en', 'ja'] as const) {
  test(`the History tabs fit at 390 px, one line each (${language})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openIn(page, language, '/setting/history');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    const heights = await tabs.evaluateAll((els) => els.map((el) => el.clientHeight));
    expect(new Set(heights).size).toBe(1);
    // one line: the height of a tab is its line height and padding, no more
    const line = await tabs.first().evaluate((el) => {
      const style = getComputedStyle(el);
      return parseFloat(style.lineHeight) + parseFloat(style.paddingTop) * 2;
    });
    expect(heights[0]).toBeLessThanOrEqual(Math.ceil(line));
    // and all three in view, without scrolling the row
    const row = await page
      .getByRole('tablist')
      .evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(row.scroll).toBeLessThanOrEqual(row.client);
  });
}

test('a top-bar title that would be cut at 390 px shows its short form, named by the full one', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openIn(page, 'en', '/rank_novel/day');
  const title = page.getByTestId('top-bar-title');
  await expect(title).toHaveAttribute('data-short', 'Ranking');
  await expect(page.getByRole('heading', { level: 1, name: 'Novel ranking' })).toBeVisible();
  const { scroll, client } = await title.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  // with room for it, the full title again
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(title).not.toHaveAttribute('data-short');
  await expect(title).toHaveText('Novel ranking');
});

test('a title that fits keeps its full form: Japanese at 390 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openIn(page, 'ja', '/rank_novel/day');
  const title = page.getByTestId('top-bar-title');
  await expect(title).toHaveText('小説ランキング');
  await expect(title).not.toHaveAttribute('data-short');
  const { scroll, client } = await title.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
});

/**
 * The screens whose top bar holds controls beside the title (each ranking category, its menu
 * naming it; the novel ranking; history; discovery): the titles that can run short of room. A title
 * alone in its bar has 330 px at 390 px, more than any catalogue title needs (measured for every
 * screen in all 12 languages: only Greek's novel ranking was cut). In an order where no two
 * neighbours share a title, so that a changed title tells that the next screen is in.
 */
const CROWDED = [
  '/rank/daily',
  '/setting/history',
  '/rank/daily_illust',
  '/discovery',
  '/rank/daily_ugoira',
  '/rank_novel/day',
  '/rank/daily_manga',
];

test('every crowded top-bar title fits at 390 px in every language, whole or in its short form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const cut: string[] = [];
  for (const language of LANGUAGES) {
    await openIn(page, language, '/setting');
    const title = page.getByTestId('top-bar-title');
    let shown = await title.textContent();
    for (const path of CROWDED) {
      // within the app (cheaper than a page load per screen)
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(title, `${language} ${path}`).not.toHaveText(shown!);
      shown = await title.textContent();
      // what is drawn, the full title or its short form (::after), within the heading's box
      const width = await title.evaluate(
        (h) =>
          new Promise<{ scroll: number; client: number }>((done) =>
            requestAnimationFrame(() => done({ scroll: h.scrollWidth, client: h.clientWidth })),
          ),
      );
      if (width.scroll > width.client)
        cut.push(`${language} ${path} "${shown}": ${width.scroll} > ${width.client} px`);
    }
  }
  expect(cut).toEqual([]);
});
