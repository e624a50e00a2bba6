import { expect, test, type Locator, type Page } from './fixtures.ts';

/**
 * Keyboard only, from a fresh load: every step lands on what it should, with a visible focus
 * ring (an outline or a box shadow on the focused element).
 */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has the focus';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return outline || style.boxShadow !== 'none'
      ? 'ring'
      : `no ring on ${el.outerHTML.slice(0, 120)}`;
  });
  expect(ring).toBe('ring');
}

/** Presses Tab (at most 80 times) until `target` has the focus, checking the ring each time. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    await expectFocusRing(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('the target was not reached with Tab');
}

test('the skip link comes first and moves past the chrome', async ({ page }) => {
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next stop is inside the page: the screen's own top bar, not the header's search.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('top-bar-back')).toBeFocused();
});

test('the rank popover opens, moves with the arrows and closes on Escape; the third card opens', async ({
  page,
}) => {
  // Some 40 Tab presses, each with its focus ring measured.
  test.setTimeout(150_000);
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').nth(2)).toBeVisible();
  const button = page.getByTestId('rank-category');
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Category' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: 'Overall' })).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'Illustrations' })).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expectFocusRing(page);

  const third = page.getByTestId('artwork-card').nth(2).getByRole('link').first();
  const href = (await third.getAttribute('href'))!;
  await tabTo(page, third);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The new screen's heading takes the focus (a screen reader announces it); Back returns it to
  // the card that was opened, not to the top of the document.
  await expect(page.locator('main h1')).toBeFocused();
  await page.goBack();
  await expect(third).toBeFocused();
});

test('the navigation comes before the content: Tab reaches Setting before anything in <main>, at 1440 and 390 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Home' })).toBeVisible();
    await expect(
      page.getByTestId('bottom-nav').getByRole('link', { name: 'Setting' }),
    ).toBeVisible();
    // Each stop in order: 'nav:<label>' for the main navigation, 'main' for the page's content.
    await page.evaluate(() => {
      const stops: string[] = [];
      (window as unknown as { stops: string[] }).stops = stops;
      document.addEventListener('focusin', (e) => {
        const el = e.target as HTMLElement;
        if (el.closest('[data-testid="bottom-nav"]')) stops.push(`nav:${el.textContent}`);
        else if (el.closest('#main')) stops.push('main');
      });
    });
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    const stops = await page.evaluate(() => (window as unknown as { stops: string[] }).stops);
    expect(stops.slice(0, stops.indexOf('nav:Setting') + 1), `${width} px`).toEqual([
      'nav:Home',
      'nav:Search',
      'nav:Rank',
      'nav:Setting',
    ]);
  }
});

test('the search dropdown opens on focus, takes the arrows and closes on Escape', async ({
  page,
}) => {
  // The header and the navigation come first: some 10 Tab presses, each ring measured.
  test.setTimeout(120_000);
  await page.goto('/search');
  const input = page.getByTestId('search-input');
  await input.fill('猫');
  await input.press('Enter');
  await page.goto('/search');
  await expect(page.getByTestId('search-tabs')).toBeVisible();
  await tabTo(page, input);
  await expect(input).toHaveAttribute('role', 'combobox');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByTestId('search-history-entry').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(dropdown.locator(':focus')).toHaveCount(1);
  await expectFocusRing(page);
  await page.keyboard.press('ArrowDown');
  await expect(dropdown.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expectFocusRing(page);
});
