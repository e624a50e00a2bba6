import { expect, test, type Page } from '@playwright/test';

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('light by default on a light system; dark and the accent colour follow the settings', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  expect(await bodyBackground(page)).toBe('rgb(245, 246, 248)');
  const current = page
    .getByRole('navigation', { name: 'Ranking' })
    .getByRole('link', { name: 'Daily' });
  await expect(current).toHaveCSS('background-color', 'rgb(56, 169, 245)');

  await page.evaluate(() =>
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ app: { theme: 'dark', accent: '#e5484d' } }),
    ),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bodyBackground(page)).toBe('rgb(17, 19, 23)');
  await expect(current).toHaveCSS('background-color', 'rgb(229, 72, 77)');
});

test('auto follows the system; light stays light on a dark system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/rank/daily');
  expect(await bodyBackground(page)).toBe('rgb(17, 19, 23)');
  await page.evaluate(() =>
    localStorage.setItem('pv.settings', JSON.stringify({ app: { theme: 'light' } })),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await bodyBackground(page)).toBe('rgb(245, 246, 248)');
});
