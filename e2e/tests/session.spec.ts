import { expect, test, type Page } from './fixtures.ts';
import { expectImageLoaded, recordToasts } from './helpers.ts';

// The sandbox's all-ages demo account and its www session (packages/sandbox/README.md).
const SAFE_SESSION = '11000002_sbxSafeSession000000000000000002';
const SAFE_CSRF = '5a6e64626f7853616665437372663032';
const STORAGE_KEY = 'pv.webSession';

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
const dialog = (page: Page) => page.getByRole('dialog');

async function submitSession(page: Page, value: string) {
  await page.getByTestId('session-input').fill(value);
  await page.getByTestId('session-submit').click();
}

test('session login: format and refusal messages, risk notice and dialog, then recommended for you, Following, and logout', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const loginCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/session')) loginCalls.push(r.url());
  });

  // the login options offer the session login
  await page.goto('/account/login');
  await page.getByTestId('login-session-link').click();
  await expect(page).toHaveURL(/\/account\/session$/);
  await expect(page.getByTestId('session-risk')).toContainText('not a standard way');
  // the risk notice must be accepted before anything can be sent
  await page.getByTestId('session-input').fill(SAFE_SESSION);
  await expect(page.getByTestId('session-submit')).toBeDisabled();
  await page.getByTestId('session-accept').check();
  await expect(page.getByTestId('session-submit')).toBeEnabled();

  // a bad format never leaves the browser, and nothing is stored
  await page.getByTestId('session-input').fill(`${SAFE_SESSION}!`);
  await expect(page.getByTestId('session-submit')).toBeDisabled();
  await expect(page.getByTestId('session-format')).toHaveText(
    'The session ID format is incorrect.',
  );
  await expect(dialog(page)).toHaveCount(0);
  expect(loginCalls).toEqual([]);
  expect(await stored(page)).toBeNull();

  // a well-formed session pixiv does not know: the dialog, then the server's refusal
  await submitSession(page, `99999999_${'a1'.repeat(16)}`);
  await expect(dialog(page)).toContainText('kept in this browser for 180 days');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('toast').last()).toHaveText(
    'pixiv did not accept this session ID.',
  );
  expect(loginCalls).toHaveLength(1);
  expect(await stored(page)).toBeNull();

  // cancelling the dialog sends nothing
  await submitSession(page, SAFE_SESSION);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(loginCalls).toHaveLength(1);

  // the demo account's session signs in and reloads Home
  const withSession = page.waitForRequest(
    (r) =>
      r.url().includes('/api/web/illust_discovery') &&
      r.headers()['x-pixiv-session'] === SAFE_SESSION &&
      r.headers()['x-csrf-token'] === SAFE_CSRF,
  );
  await page.getByTestId('session-submit').click();
  // the toast lasts until the reload 500 ms later: recorded as it is added
  const toasts = await recordToasts(page);
  const confirmed = Date.now();
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => toasts.some((t) => t.includes('Signed in as'))).toBe(true);
  await page.waitForURL(/\/$/);
  expect(Date.now() - confirmed).toBeGreaterThanOrEqual(500);
  const saved = JSON.parse((await stored(page))!) as { csrfToken: string; expiresAt: number };
  expect(saved.csrfToken).toBe(SAFE_CSRF);
  const days = (saved.expiresAt - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(179.99);
  expect(days).toBeLessThanOrEqual(180);
  const discovery = await withSession;
  expect(new URL(discovery.url()).searchParams.get('max')).toBe('18');
  expect(new URL(discovery.url()).searchParams.get('mode')).toBe('safe');

  // Home: 'recommended for you' with works, then users, all loaded
  const block = page.getByTestId('home-for-you');
  await expect(block.getByRole('heading', { name: 'Recommended for you' })).toBeVisible();
  const works = block.getByTestId('for-you-work');
  await expect(works.first()).toBeVisible();
  expect(await works.count()).toBeGreaterThan(3);
  await expectImageLoaded(works.first().locator('img'));
  await block.getByTestId('for-you-tab-users').click();
  const users = block.getByTestId('user-card');
  await expect(users.first()).toBeVisible();
  expect(await users.count()).toBeGreaterThan(1);
  await expectImageLoaded(users.first().getByTestId('user-card-work').first().locator('img'));
  await expect(
    page.getByTestId('bottom-nav').getByRole('link', { name: 'Following' }),
  ).toBeVisible();

  // the session never goes to the mirror or the extras
  const leaked: string[] = [];
  page.on('request', (r) => {
    const h = r.headers();
    if (!r.url().includes('/api/web/') && (h['x-pixiv-session'] || h['x-csrf-token']))
      leaked.push(r.url());
  });
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  expect(leaked).toEqual([]);

  // logout asks first; cancelling keeps the session
  await page.goto('/account/login');
  const account = page.getByTestId('session-account');
  await expect(account).toContainText('Signed in with a session as');
  await account.getByTestId('session-logout').click();
  await expect(dialog(page)).toContainText('Sign out?');
  // named by its title, described by its question
  await expect(dialog(page)).toHaveAccessibleName('Sign out');
  await expect(dialog(page)).toHaveAccessibleDescription(
    'Sign out? The session ID and its token will be removed from this browser.',
  );
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  expect(await stored(page)).not.toBeNull();
  await account.getByTestId('session-logout').click();
  // the page reloads 200 ms after the session is removed
  const clicked = Date.now();
  await Promise.all([
    page.waitForEvent('load'),
    dialog(page).getByRole('button', { name: 'OK' }).click(),
  ]);
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(200);
  expect(await stored(page)).toBeNull();
  await expect(page.getByTestId('token-login')).toBeVisible();
  await expect(page.getByTestId('session-account')).toHaveCount(0);
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('bottom-nav').getByRole('link', { name: 'Following' })).toHaveCount(
    0,
  );
  await page.goto('/');
  await expect(page.getByTestId('home-ranking')).toBeVisible();
  await expect(page.getByTestId('home-for-you')).toHaveCount(0);
});
