import { expect, test, type Page } from './fixtures.ts';
import { E2E_BASE_URL } from '../env.ts';
import { answerConfig, recordToasts } from './helpers.ts';

// The sandbox's all-ages demo account (packages/sandbox/README.md).
const SAFE = {
  account: 'sandbox_safe',
  password: 'safe-password',
  refreshToken: 'sbxSafeRefreshToken000000000000000000000002',
};
const VERIFIER_KEY = 'pv.oauthCodeVerifier';

/** Signs in on the sandbox's login page as a person would: typing, then clicking. */
async function signIn(login: Page, account: string, password: string) {
  await expect(login).toHaveTitle('Login | pixiv (sandbox)');
  await login.getByLabel('pixiv ID').pressSequentially(account);
  await login.getByLabel('Password').pressSequentially(password);
  await login.getByRole('button', { name: 'Log in' }).click();
}

/** The 'login failed' alert with its message. */
async function expectFailure(page: Page, message: string) {
  // the open dialog (the top bar keeps a closed one of its own)
  const alert = page.getByRole('dialog');
  await expect(alert.getByRole('heading')).toHaveText('Login failed');
  await expect(alert).toContainText(message);
  await expect(alert.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
}

test('OAuth through the redirector: the sandbox login page in a new window, back at /account/oauth, signed in; the code used again fails', async ({
  page,
  context,
}) => {
  await page.goto('/account/login');
  const opened = context.waitForEvent('page');
  const clickedAt = Date.now();
  await page.getByTestId('oauth-redirector').click();
  const login = await opened;
  await login.waitForLoadState();
  expect(new URL(login.url()).pathname).toBe('/api/auth/redirector/login');
  expect(new URL(login.url()).searchParams.get('code_challenge_method')).toBe('S256');
  // opened with no opener (and no referrer)
  expect(await login.evaluate(() => window.opener as unknown)).toBeNull();
  expect(await login.evaluate(() => document.referrer)).toBe('');
  // the verifier is kept 600 s in the app's storage (the window shares the origin)
  const kept = JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), VERIFIER_KEY))!,
  ) as { verifier: string; expiresAt: number };
  expect(kept.verifier.length).toBeGreaterThanOrEqual(43);
  expect(kept.verifier.length).toBeLessThanOrEqual(128);
  // 600 s from the click, however long the machine took since
  expect(kept.expiresAt - clickedAt).toBeGreaterThanOrEqual(600_000);
  expect(kept.expiresAt - Date.now()).toBeLessThanOrEqual(600_000);

  // a wrong password stays on the login page with its message
  await signIn(login, SAFE.account, 'not-the-password');
  await expect(login.getByRole('alert')).toHaveText('The pixiv ID or password is incorrect.');

  // hold the exchange until 'Processing' has been seen
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await login.route('**/api/auth/code', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(login, SAFE.account, SAFE.password);
  await expect(login).toHaveURL(/\/account\/oauth\?code=[\w-]+$/);
  const code = new URL(login.url()).searchParams.get('code')!;
  await expect(login.getByTestId('oauth-processing')).toHaveText('Processing…');
  // the toast lasts until the location is replaced 200 ms later: recorded as it is added
  const toasts = await recordToasts(login);
  const answered = login.waitForResponse('**/api/auth/code');
  release();
  expect((await answered).status()).toBe(200);
  const exchangedAt = Date.now();
  await expect.poll(() => toasts).toContain('Login succeeded');
  await login.waitForURL(`${E2E_BASE_URL}/`);
  expect(Date.now() - exchangedAt).toBeGreaterThanOrEqual(200);

  // Home, signed in with the account's refresh token in the local-app mode
  await expect(login.getByTestId('home-ranking')).toBeVisible();
  await expect(
    login.getByTestId('bottom-nav').getByRole('link', { name: 'Following' }),
  ).toBeVisible();
  const config = JSON.parse(
    (await login.evaluate(() => localStorage.getItem('pv.clientConfig')))!,
  ) as { refreshToken: string; useLocalAppApi: boolean };
  expect(config).toEqual({
    refreshToken: SAFE.refreshToken,
    useLocalAppApi: true,
    // the API modes stay as they were (settings-modes.spec)
    directMode: false,
    useApiProxy: false,
    apiProxy: '',
  });

  // a code is good once: used again, pixiv refuses it
  await login.unrouteAll();
  await login.goto(`/account/oauth?code=${code}`);
  await expectFailure(login, 'The sign-in code is invalid or has expired.');
  await login.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(login).toHaveURL(/\/account\/login$/);
});

test("OAuth on pixiv's own login page: the pixiv:// address it ends at, pasted, signs in", async ({
  page,
  context,
}) => {
  await page.goto('/account/login');
  const opened = context.waitForEvent('page');
  await page.getByTestId('oauth-open').click();
  const login = await opened;
  await login.waitForLoadState();
  expect(new URL(login.url()).pathname).toBe('/app-api.pixiv.net/web/v1/login');
  expect(await login.evaluate(() => window.opener as unknown)).toBeNull();

  // pixiv's login ends at pixiv://account/login?code=…, which no page can open; catch the
  // redirect on the login page and show the address, as the browser's address bar would
  let address = '';
  await login.route('**/web/v1/login', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const res = await route.fetch({ maxRedirects: 0 });
    address = res.headers()['location'] ?? '';
    await route.fulfill({
      contentType: 'text/html',
      body: `<p data-testid="app-address">${address.replaceAll('&', '&amp;')}</p>`,
    });
  });
  await signIn(login, SAFE.account, SAFE.password);
  await expect(login.getByTestId('app-address')).toHaveText(/^pixiv:\/\/account\/login\?code=/);
  expect(address).toMatch(/^pixiv:\/\/account\/login\?code=[\w-]+&via=login$/);
  const pasted = await login.getByTestId('app-address').textContent();
  await login.close();

  // something that is no address or code is refused in the browser
  await page.getByTestId('oauth-code-input').fill('https://example.com/?code=abc');
  await expect(page.getByTestId('oauth-code-submit')).toBeDisabled();
  await expect(page.getByTestId('oauth-code-format')).toHaveText('No sign-in code was found.');

  await page.getByTestId('oauth-code-input').fill(pasted!);
  const toasts = await recordToasts(page);
  await page.getByTestId('oauth-code-submit').click();
  await expect.poll(() => toasts).toContain('Login succeeded');
  await page.waitForURL(`${E2E_BASE_URL}/`);
  await expect(
    page.getByTestId('bottom-nav').getByRole('link', { name: 'Following' }),
  ).toBeVisible();
});

test('OAuth refusals: no verifier, an expired verifier, and no redirector against pixiv', async ({
  page,
}) => {
  await page.goto('/account/login');
  await page.evaluate((key) => localStorage.removeItem(key), VERIFIER_KEY);
  await page.goto('/account/oauth?code=abcdefghijklmnop');
  await expectFailure(page, 'No sign-in was started in this browser.');

  // a verifier past its 600 s
  await page.evaluate(
    (key) =>
      localStorage.setItem(
        key,
        JSON.stringify({ verifier: 'v'.repeat(64), expiresAt: Date.now() - 1 }),
      ),
    VERIFIER_KEY,
  );
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/code')) calls.push(r.url());
  });
  await page.goto('/account/oauth?code=abcdefghijklmnop');
  await expectFailure(page, 'has expired. Start again.');
  expect(await page.evaluate((key) => localStorage.getItem(key), VERIFIER_KEY)).toBeNull();
  expect(calls).toEqual([]);

  // on a deployment against pixiv itself the redirector login is refused before any call
  await answerConfig(page, { upstream: 'pixiv' });
  const starts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/login')) starts.push(r.url());
  });
  await page.goto('/account/login');
  await page.getByTestId('oauth-redirector').click();
  await expect(page.getByTestId('toast').last()).toHaveText(
    "The current site cannot sign in with the redirector. Open pixiv's login page and paste the code instead.",
  );
  expect(starts).toEqual([]);
  await expect(page.getByTestId('oauth-open')).toBeEnabled();
});
