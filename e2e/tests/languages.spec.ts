import { expect, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';

const LANGUAGES = [
  'zh-Hans',
  'zh-Hant',
  'de',
  'el',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'pt',
  'ru',
];

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
