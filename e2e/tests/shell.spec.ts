import { expect, test } from './fixtures.ts';
import { SANDBOX_BASE_URL } from '../env.ts';
import { letTimePass, nextFrames } from './helpers.ts';

test('the bottom navigation offers Home, Search, Rank and Setting, and Top below 1280 px @phone', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const nav = page.getByTestId('bottom-nav');
  await expect(nav).toBeVisible();
  for (const label of ['Home', 'Search', 'Rank', 'Setting']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Rank' })).toHaveAttribute('aria-current', 'page');
  const narrow = (page.viewportSize()?.width ?? 0) < 1280;
  await expect(page.getByTestId('nav-back-to-top')).toHaveCount(narrow ? 1 : 0);
  await nav.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('top-bar')).toContainText('Search');
});

for (const alias of ['/rank', '/ranking', '/ranking.php']) {
  test(`${alias} redirects to /rank/daily`, async ({ page }) => {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/rank\/daily$/);
    await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  });
}

test('a missing artwork shows a message, not a blank page @phone', async ({ page }) => {
  await page.goto('/artworks/1');
  await expect(page.getByTestId('artwork-deleted')).toContainText('This work is not available');
  // A detail page: the top bar, no bottom navigation (a desktop keeps its side rail).
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const desktop = (page.viewportSize()?.width ?? 0) >= 1024;
  await expect(page.getByTestId('bottom-nav')).toHaveCount(desktop ? 1 : 0);
});

test('a long press on back (800 ms) asks, then goes Home; a short one just goes back @phone', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  await page.goto('/rank/weekly');
  await page.clock.install();
  await page.goto('/spotlights');
  const back = page.getByTestId('top-bar-back');
  const box = (await back.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // held for a second on the page's clock
  await page.clock.fastForward(1_000);
  await page.mouse.up();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Go back to Home?');
  // a question without a title is named by the question
  await expect(dialog).toHaveAccessibleName('Go back to Home?');
  await expect(page).toHaveURL(/\/spotlights$/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/spotlights');
  const again = (await page.getByTestId('top-bar-back').boundingBox())!;
  // pressing and moving more than 10 px cancels the long press
  await page.mouse.move(again.x + 5, again.y + 5);
  await page.mouse.down();
  await page.mouse.move(again.x + 25, again.y + 5);
  await letTimePass(page, 1_000);
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await page.mouse.up();
});

test('the bottom navigation hides when scrolled down past 160 px, and comes back on the way up @phone', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').nth(8)).toBeVisible();
  const nav = page.getByTestId('bottom-nav');
  const viewport = page.viewportSize()!;
  /** Whether the bar is on screen (it slides below the viewport's bottom edge to hide). */
  const onScreen = async () => {
    const box = await nav.boundingBox();
    return box !== null && box.y + 1 < viewport.height;
  };
  const scrollTo = async (y: number) => {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
  };
  await scrollTo(150);
  // the scroll has been handled and drawn: the bar did not start to hide
  await nextFrames(page);
  await expect(nav).not.toHaveAttribute('data-hidden');
  expect(await onScreen()).toBe(true);
  await scrollTo(600);
  // From 1024 px the navigation is a side rail, which stays (desktop-shell.spec.ts).
  const desktop = viewport.width >= 1024;
  await expect.poll(onScreen).toBe(desktop);
  await scrollTo(450);
  await expect.poll(onScreen).toBe(true);
});

test('tapping the current section scrolls to the top instead of navigating @phone', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').nth(8)).toBeVisible();
  const nav = page.getByTestId('bottom-nav');
  await page.evaluate(() => window.scrollTo(0, 900));
  // The app has handled that scroll (the bar hid). Without this wait, on a loaded machine both
  // scrolls could land before the next frame's scroll event, which then saw one move from 0 to 700,
  // downwards, and hid the bar just as the test tapped it (CI of stop 47).
  await expect(nav).toHaveAttribute('data-hidden');
  // Scrolling up a little brings the bar back.
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect(nav).not.toHaveAttribute('data-hidden');
  const rank = nav.getByRole('link', { name: 'Rank' });
  // React Router gives every history entry it makes a key: a navigation, even to the same URL
  // (which it makes a replace), changes it
  const entry = () => page.evaluate(() => (history.state as { key?: string } | null)?.key);
  const before = await entry();
  // wholly in view: the bar has finished sliding in (a tap on it mid-slide made Playwright
  // scroll the page down to reach it, which hid the bar again)
  await expect(rank).toBeInViewport({ ratio: 1 });
  await rank.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL(/\/rank\/daily$/);
  // no navigation to the same page either
  expect(await entry()).toBe(before);
});

test('the running notice shows as a banner in the interface language, never moves the page, and stays closed once closed, on later visits too @phone', async ({
  page,
  context,
  request,
}) => {
  // the sandbox's notices (this server has none: see playwright.config.ts): one over, two
  // running (a banner first, then an alert), one to come; held back until the page has painted
  const file = await request.get(`${SANDBOX_BASE_URL}/viewer-services.invalid/notice.json`);
  const notices = await file.json();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/notices', async (route) => {
    await released;
    await route.fulfill({ json: notices });
  });
  await page.goto('/rank/daily');
  const card = page.getByTestId('artwork-card').first();
  await expect(card).toBeVisible();
  const before = await card.boundingBox();
  await page.evaluate(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number }[]) w.shift += e.value;
    }).observe({ type: 'layout-shift' });
  });
  release();
  // the feed has the notice in English: the English interface shows that, not the Japanese
  const banner = page.getByRole('region', { name: 'Notice' });
  await expect(banner).toContainText('The API mirror was updated');
  await expect(banner).not.toContainText('ミラー');
  await expect(banner.getByRole('link', { name: 'here' })).toHaveAttribute(
    'href',
    'https://github.com/',
  );
  await expect(banner).not.toContainText('maintenance');
  // it lies over the page: nothing under it moved when it came
  expect(await card.boundingBox()).toEqual(before);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  // nor does it cover the chrome's controls: the top bar (the ranking's category and date) and
  // the navigation (the bottom bar on a phone, the rail on the desktop)
  const over = (await banner.boundingBox())!;
  for (const chrome of [page.getByTestId('top-bar'), page.getByTestId('bottom-nav')]) {
    const box = (await chrome.boundingBox())!;
    const apart =
      over.x + over.width <= box.x ||
      box.x + box.width <= over.x ||
      over.y + over.height <= box.y ||
      box.y + box.height <= over.y;
    expect(apart, `the notice ${JSON.stringify(over)} clear of ${JSON.stringify(box)}`).toBe(true);
  }
  // the first running notice is the one shown: the alert behind it waits
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await banner.getByRole('button', { name: 'Close the notice' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('notice-banner')).toHaveCount(0);
  // a later visit (another tab, this tab's session gone) keeps it closed
  await page.close();
  const later = await context.newPage();
  await later.goto('/rank/daily');
  await expect(later.getByTestId('artwork-card').first()).toBeVisible();
  // (kept by the notice's id with the app's state, not in the tab's session)
  expect(await later.evaluate(() => localStorage.getItem('pv.noticesClosed'))).toBe(
    '["mirror-update"]',
  );
  await expect(later.getByTestId('notice-banner')).toHaveCount(0);
});
