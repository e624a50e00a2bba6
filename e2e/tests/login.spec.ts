import { expect, test } from '@playwright/test';

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
  await page.getByTestId('token-input').fill('too-short');
  await page.getByTestId('token-submit').click();
  await expect(page.getByTestId('toast')).toHaveText('The refresh token format is incorrect.');

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
  await page.goto('/rank/daily');
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
