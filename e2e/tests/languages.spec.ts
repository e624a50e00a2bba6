import { expect, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { LANGUAGES, rankingDateWindow } from '@pv/core';
import { shellFirst } from './helpers.ts';

function catalogue(language: string): { nav: Record<string, string> } {
  return JSON.parse(
    readFileSync(
      new URL(`../../packages/web/src/locales/${language}.json`, import.meta.url),
      'utf8',
    ),
  ) as { nav: Record<string, string> };
}

for (const language of LANGUAGES) {
  test(`the navigation speaks ${language} once it is chosen, and the choice is kept`, async ({
    page,
  }) => {
    await page.goto('/rank/daily');
    await page.evaluate((l) => localStorage.setItem('pv.language', l), language);
    await page.reload();
    const nav = page.getByTestId('bottom-nav');
    const { nav: texts } = catalogue(language);
    for (const key of ['home', 'search', 'rank', 'setting'] as const) {
      await expect(nav.getByRole('link', { name: texts[key] })).toBeVisible();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.goto('/search');
    await expect(nav.getByRole('link', { name: texts.search })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
}

test.describe('the first visit follows the browser', () => {
  test.use({ locale: 'ja-JP' });
  test('Japanese browser, Japanese interface', async ({ page }) => {
    await page.goto('/rank/daily');
    await expect(
      page.getByTestId('bottom-nav').getByRole('link', { name: 'ホーム' }),
    ).toBeVisible();
  });
});

test.describe('a browser language the app does not have', () => {
  test.use({ locale: 'sv-SE' });
  test('falls back to Simplified Chinese', async ({ page }) => {
    await page.goto('/rank/daily');
    await expect(page.getByTestId('bottom-nav').getByRole('link', { name: '首页' })).toBeVisible();
  });
});

test('a counted text takes the plural form of its number in the page: 1 view, 3 and 5 in Russian', async ({
  page,
  context,
}) => {
  // three novels (the app keeps what it read of each), each seen exactly as often as asked
  const date = rankingDateWindow(new Date()).defaultDate;
  const ranking = (await (
    await page.request.get(`/api/pixiv/rank_novel?mode=day&date=${date}`)
  ).json()) as { novels: { id: number }[] };
  const [a, b, c] = ranking.novels.map((n) => n.id);
  const views = new Map([
    [a, 1],
    [b, 3],
    [c, 5],
  ]);
  await page.route(/\/api\/pixiv\/novel_detail\?/, async (route) => {
    const id = Number(new URL(route.request().url()).searchParams.get('id'));
    const answer = (await (await route.fetch()).json()) as { novel: { total_view: number } };
    answer.novel.total_view = views.get(id) ?? answer.novel.total_view;
    await route.fulfill({ json: answer });
  });
  const shown = async (language: string, id: number | undefined, text: string) => {
    await page.evaluate((l) => localStorage.setItem('pv.language', l), language);
    // the app's own novel_detail call, which the route above answers (a rendered page makes none)
    await shellFirst(context);
    await page.goto(`/novel/${id}`);
    await expect(page.getByTestId('novel-detail')).toContainText(text);
  };
  await page.goto('/');
  await shown('en', a, '1 view');
  await expect(page.getByTestId('novel-detail')).not.toContainText('1 views');
  await shown('ru', b, '3 просмотра');
  await shown('ru', c, '5 просмотров');
});
