import { expect, test } from './fixtures.ts';
import { answerConfig } from './helpers.ts';

// The sandbox's safe demo account (packages/sandbox/README.md).
const SAFE_TOKEN = 'sbxSafeRefreshToken000000000000000000000002';

test('token login: format and refusal messages, then signed in with Following and the token sent', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const nav = page.getByTestId('bottom-nav');
  await expect(nav.getByRole('link', { name: 'Setting' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Following' })).toHaveCount(0);

  await page.goto('/account/login');
  // the button waits for 43 characters of pixiv's alphabet, and the field says why
  await expect(page.getByTestId('token-submit')).toBeDisabled();
  await expect(page.getByTestId('token-format')).toHaveCount(0);
  await page.getByTestId('token-input').fill('too-short');
  await expect(page.getByTestId('token-submit')).toBeDisabled();
  await expect(page.getByTestId('token-format')).toHaveText(
    'The refresh token format is incorrect.',
  );
  await page.getByTestId('token-input').fill(`${'q'.repeat(42)}=`);
  await expect(page.getByTestId('token-submit')).toBeDisabled();

  await page.getByTestId('token-input').fill('q'.repeat(43));
  await page.getByTestId('token-submit').click();
  await expect(page.getByTestId('toast').last()).toHaveText(
    'pixiv did not accept this refresh token.',
  );

  await page.getByTestId('token-input').fill(SAFE_TOKEN);
  await page.getByTestId('token-submit').click();
  await expect(page.getByTestId('toast').last()).toContainText('Signed in as');
  await expect(page).toHaveURL(/\/$/);

  const withToken = page.waitForRequest(
    (r) => r.url().includes('/api/pixiv/') && r.headers()['x-pixiv-refresh-token'] === SAFE_TOKEN,
  );
  // a ranking not seen before: the daily one may be answered from what the first visit kept
  await page.goto('/rank/weekly');
  await withToken;
  await expect(
    page.getByTestId('bottom-nav').getByRole('link', { name: 'Following' }),
  ).toBeVisible();
  // the token never reaches the web proxy or the extras
  const leaked: string[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/pixiv/') && r.headers()['x-pixiv-refresh-token'])
      leaked.push(r.url());
  });
  await page.goto('/rank/daily?content=illust');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  expect(leaked).toEqual([]);
});

test('against the sandbox the login page offers its demo accounts, one click from the field; one primary action per section', async ({
  page,
}) => {
  await page.goto('/account/login');
  const demo = page.getByTestId('demo-accounts');
  await expect(demo.getByRole('heading', { name: 'Sandbox demo accounts' })).toBeVisible();
  const accounts = demo.getByTestId('demo-account');
  await expect(accounts).toHaveCount(3);
  const safe = accounts.filter({ hasText: 'sandbox_safe' });
  await expect(safe).toContainText('All ages only');
  await expect(safe).toContainText(SAFE_TOKEN);
  await expect(safe).toContainText('safe-password');
  await expect(accounts.filter({ hasText: 'sandbox_demo' })).toContainText(
    'Shows R-18 and R-18G works · premium',
  );

  // the code field's button waits for a code
  await expect(page.getByTestId('oauth-code-submit')).toBeDisabled();
  await page.getByTestId('oauth-code-input').fill('https://example.com/?code=abc');
  await expect(page.getByTestId('oauth-code-submit')).toBeDisabled();
  await expect(page.getByTestId('oauth-code-format')).toHaveText('No sign-in code was found.');
  await page.getByTestId('oauth-code-input').fill('abc123');
  await expect(page.getByTestId('oauth-code-submit')).toBeEnabled();

  // one filled (accent) button per section
  const filled = (section: string) =>
    page
      .getByTestId(section)
      .getByRole('button')
      .evaluateAll(
        (buttons) =>
          buttons.filter((b) => getComputedStyle(b).backgroundColor !== 'rgba(0, 0, 0, 0)').length,
      );
  expect(await filled('token-login')).toBe(1);
  expect(await filled('oauth-login')).toBe(1);
  expect(await filled('demo-accounts')).toBe(0);

  await safe.getByRole('button', { name: 'Use the account sandbox_safe' }).click();
  await expect(page.getByTestId('token-input')).toHaveValue(SAFE_TOKEN);
  await expect(page.getByTestId('token-input')).toBeFocused();
  await page.getByTestId('token-submit').click();
  await expect(page.getByTestId('toast').last()).toContainText('Signed in as');

  // the session login offers the accounts' sessions the same way
  await page.goto('/account/session');
  await page
    .getByTestId('demo-accounts')
    .getByRole('button', { name: 'Use the account sandbox_safe' })
    .click();
  await expect(page.getByTestId('session-input')).toHaveValue(
    '11000002_sbxSafeSession000000000000000002',
  );
});

test('at 1440 px the login choices sit side by side', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/account/login');
  const token = (await page.getByTestId('token-login').boundingBox())!;
  const demo = (await page.getByTestId('demo-accounts').boundingBox())!;
  const oauth = (await page.getByTestId('oauth-login').boundingBox())!;
  // a row: the cards start level with each other, one right of the other, none overlapping
  expect(Math.abs(token.y - demo.y)).toBeLessThan(1);
  expect(token.x).toBeGreaterThanOrEqual(demo.x + demo.width);
  expect(oauth.x).toBeGreaterThanOrEqual(token.x + token.width);
  expect(Math.abs(oauth.y - token.y)).toBeLessThan(1);
});

test('a demo account’s password stays on one line, never split at its hyphen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/account/login');
  const passwords = page.getByTestId('demo-account').locator('p code');
  await expect(passwords).toHaveCount(3);
  // one line box each: the narrow cards of the wide layout broke 'demo-password' after 'demo-'
  const lines = await passwords.evaluateAll((els) => els.map((el) => el.getClientRects().length));
  expect(lines).toEqual([1, 1, 1]);
});

test.describe('against pixiv', () => {
  // the service worker would answer /api/config before the route below
  test.use({ serviceWorkers: 'block' });

  test('the login pages name no demo accounts', async ({ page }) => {
    await answerConfig(page, { upstream: 'pixiv', demoAccounts: [] });
    await page.goto('/account/login');
    await expect(page.getByTestId('token-login')).toBeVisible();
    await expect(page.getByTestId('oauth-login')).toBeVisible();
    await expect(page.getByTestId('demo-accounts')).toHaveCount(0);
    await page.goto('/account/session');
    await expect(page.getByTestId('session-login')).toBeVisible();
    await expect(page.getByTestId('demo-accounts')).toHaveCount(0);
  });
});
