import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page whose button goes home', async ({ page }) => {
  await page.goto('/this/path/does/not/exist');
  const backHome = page.getByTestId('back-home');
  await expect(backHome).toBeVisible();
  await expect(backHome).toHaveText('Back to Home');
  await backHome.click();
  await expect(page).toHaveURL(/\/$/);
});

test('the app ships React Router’s production build, without its development warnings', async ({
  request,
}) => {
  // React Router 7 exports its development build in every mode; vite.config.ts picks the other.
  const html = await (await request.get('/')).text();
  const scripts = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+)"/g),
  ].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(1);
  const code = (await Promise.all(scripts.map(async (s) => (await request.get(s)).text()))).join(
    '\n',
  );
  // the router is among the first scripts (an invariant both builds keep) …
  expect(code).toContain('may be used only in the context of a <Router> component');
  // … and a warning only its development build has is not
  expect(code).not.toContain('No routes matched location');
  expect(code).not.toContain('You rendered descendant <Routes>');
});
