import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page whose button goes home', async ({ page }) => {
  await page.goto('/this/path/does/not/exist');
  const backHome = page.getByTestId('back-home');
  await expect(backHome).toBeVisible();
  await expect(backHome).toHaveText('Back to Home');
  await backHome.click();
  await expect(page).toHaveURL(/\/$/);
});
