import { expect, test, type Page } from '@playwright/test';
import { expectImageLoaded } from './helpers.ts';

/**
 * The main screens at the project's width (1440 px desktop, 390 px mobile), light and dark:
 * each is laid out without sideways overflow, its images load, and a full-page screenshot is
 * kept in test-results/ (attached to the report) for a person to look at.
 */
const screens: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('row-item').first().locator('img'));
    },
  },
  {
    name: 'ranking',
    path: '/rank/daily',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    },
  },
  {
    name: 'search',
    path: `/search/${encodeURIComponent('風景')}`,
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    },
  },
  {
    name: 'novels',
    path: '/home_novel',
    ready: async (page) => {
      await expect(page.getByTestId('novel-card').first()).toBeVisible();
    },
  },
  {
    name: 'spotlights',
    path: '/spotlights',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('spotlight-card').first().locator('img'));
    },
  },
  {
    name: 'lives',
    path: '/lives',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('live-card').first().locator('img').first());
    },
  },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const screen of screens) {
    test(`${screen.name} in ${scheme}: laid out at this width, images loaded, screenshot kept`, async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(screen.path);
      await screen.ready(page);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(17, 19, 23)' : 'rgb(245, 246, 248)');
      // Nothing sticks out sideways: no horizontal scrolling at 390 px or at 1440 px.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // No visible heading is rendered empty (a missing text or translation).
      const blankHeadings = await page
        .locator('h1, h2, h3')
        .evaluateAll(
          (els) =>
            els.filter((el) => el.getBoundingClientRect().width > 0 && !el.textContent?.trim())
              .length,
        );
      expect(blankHeadings).toBe(0);
      const file = testInfo.outputPath(`${screen.name}-${scheme}.png`);
      await page.screenshot({ path: file, fullPage: false });
      await testInfo.attach(`${screen.name}-${scheme}`, { path: file, contentType: 'image/png' });
    });
  }
}
