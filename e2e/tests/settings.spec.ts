import { expect, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { expectImageLoaded } from './helpers.ts';

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../packages/web/src/locales/${language}.json`, import.meta.url),
      'utf8',
    ),
  ) as { nav: { home: string }; title: { setting: string } };

// The sandbox's demo account (packages/sandbox/README.md).
const DEMO_TOKEN = 'sbxDemoRefreshToken000000000000000000000001';

test('signed out, the settings home offers sign-in and every settings page', async ({ page }) => {
  await page.goto('/setting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Setting');
  await expect(page.getByTestId('setting-account')).toContainText('Not signed in');
  const menu = page.getByTestId('setting-menu');
  for (const [name, path] of [
    ['Sign in', '/account/login'],
    ['History', '/setting/history'],
    ['Saved for offline', '/saved'],
    ['Content display', '/setting/contents_display'],
    ['Preferences', '/setting/preference'],
    ['Accent colour', '/setting/accent_color'],
    ['Clear cache', '/setting/clearcache'],
    ['Recommendations', '/setting/osusume'],
    ['About', '/setting/about'],
  ] as const) {
    await expect(menu.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await expect(page.getByTestId('setting-version')).toContainText('v1.25.3');
  await page.getByTestId('setting-account').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
});

test('the language picker switches the interface at once, and the choice is kept', async ({
  page,
}) => {
  await page.goto('/setting');
  const nav = page.getByTestId('bottom-nav');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  for (const language of ['de', 'ja', 'el']) {
    await page.getByTestId('language-picker').selectOption(language);
    const texts = catalogue(language);
    await expect(nav.getByRole('link', { name: texts.nav.home })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title.setting);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  }
  await page.reload();
  await expect(nav.getByRole('link', { name: catalogue('el').nav.home })).toBeVisible();
  await expect(page.getByTestId('language-picker')).toHaveValue('el');
});

test('signed in with a token: the account from /me, profile links, and logout after asking', async ({
  page,
}) => {
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: token, useLocalAppApi: true }),
      );
      sessionStorage.setItem('seeded', '1');
    }
  }, DEMO_TOKEN);
  const me = page.waitForResponse((r) => r.url().includes('/api/pixiv/me'));
  await page.goto('/setting');
  const body = (await (await me).json()) as { user: { id: number; name: string } };
  const account = page.getByTestId('setting-account');
  await expect(page.getByTestId('setting-user')).toHaveText(body.user.name);
  // The avatar comes through this server's image proxy (demo accounts keep pixiv's default
  // avatar on s.pximg.net, so /s/…) and loads.
  await expect(account.locator('img')).toHaveAttribute('src', /^\/[is]\//);
  await expectImageLoaded(account.locator('img'));
  await expect(account).toContainText('Signed in with a refresh token');
  const menu = page.getByTestId('setting-menu');
  await expect(menu.getByRole('link', { name: 'My profile' })).toHaveAttribute(
    'href',
    `/u/${body.user.id}`,
  );
  await expect(menu.getByRole('link', { name: 'My bookmarks' })).toHaveAttribute(
    'href',
    `/users/${body.user.id}/favorites`,
  );
  await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  await page.getByTestId('setting-logout').click();
  const dialog = account.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('The refresh token will be removed from this browser.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('setting-user')).toHaveText(body.user.name);

  await page.getByTestId('setting-logout').click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  // (The start-up 'Refreshing Access Token' toast may still be up beside it.)
  await expect(page.getByTestId('toast').filter({ hasText: 'Signed out' })).toBeVisible();
  await expect(page.getByTestId('setting-account')).toContainText('Not signed in');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('pv.clientConfig') ?? '{}')),
  ).toEqual({
    refreshToken: '',
    useLocalAppApi: false,
    // the API modes stay as they were (settings-modes.spec)
    directMode: false,
    useApiProxy: false,
    apiProxy: '',
  });
  await expect(page.getByTestId('bottom-nav').getByRole('link', { name: 'Following' })).toHaveCount(
    0,
  );
});
