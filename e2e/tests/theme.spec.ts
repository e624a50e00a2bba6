import { expect, test, type Page } from './fixtures.ts';

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

test('the body background setting washes the accent behind the pages; off by default', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const bodyImage = () => page.evaluate(() => getComputedStyle(document.body).backgroundImage);
  expect(await bodyImage()).toBe('none');
  await page.evaluate(() =>
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ app: { withBodyBg: true, accent: '#e5484d' } }),
    ),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-body-bg', '');
  const image = await bodyImage();
  expect(image).toContain('radial-gradient');
  // The wash is made of the chosen accent (229, 72, 77), which Chromium writes either as
  // rgb() channels or as color(srgb …) fractions of 1.
  const channels = [
    ...image.matchAll(/rgba?\((\d+),\s*(\d+),\s*(\d+)/g),
    ...image.matchAll(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/g),
  ].map((m) =>
    m
      .slice(1, 4)
      .map((v) => (m[0].startsWith('color') ? Math.round(Number(v) * 255) : Number(v)))
      .join(','),
  );
  expect(channels).toContain('229,72,77');
});

test('observed lazy images load only near the viewport (0 50 50 0 px, preload 1.3) @phone', async ({
  page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ app: { isImgLazy: true, isImgLazyOb: true, wfType: 'Grid' } }),
    ),
  );
  await page.goto('/rank/daily');
  // a returning user: the app has mirrored the setting into the first-paint cookie, with which
  // the server renders the page (no picture addresses in it then: the observer gives them)
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'pv_paint')?.value)
    .toMatch(/\.a?o\.\d+(\.[\w/+-]+)?$/);
  await page.reload();
  const cards = page.getByTestId('artwork-card');
  await expect(cards.first().locator('img')).toHaveAttribute('src', /\/i\//);
  // Cards beyond 1.3 viewport heights (+ 50 px) have no image address yet.
  const states = () =>
    cards.evaluateAll((els) =>
      els.map((el) => ({
        top: el.getBoundingClientRect().top,
        src: el.querySelector('img')?.getAttribute('src') ?? null,
      })),
    );
  const limit = await page.evaluate(() => window.innerHeight * 1.3 + 50);
  const before = await states();
  const far = before.filter((s) => s.top > limit + 400);
  expect(far.length).toBeGreaterThan(0);
  for (const s of far) expect(s.src).toBeNull();
  // A little inside the limit, so that rounding in the layout cannot flip the check.
  for (const s of before.filter((s) => s.top < limit - 100)) expect(s.src).not.toBeNull();
  // Scrolled to, they get it.
  const target = far[0]!.top;
  await page.evaluate((y) => window.scrollTo(0, y), target - 100);
  await expect
    .poll(async () => (await states()).filter((s) => Math.abs(s.top - 100) < 5 && !s.src).length)
    .toBe(0);
});
