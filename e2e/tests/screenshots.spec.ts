import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SpotlightDetail, SpotlightList } from '@pv/core';
import { expectImageLoaded } from './helpers.ts';

/** A live that is on and not adult, as the live list gives it. */
async function livePath(request: APIRequestContext): Promise<string> {
  const { lives } = (await (await request.get('/api/pixiv/live_list')).json()) as {
    lives: { id: string; is_adult: boolean }[];
  };
  return `/live/${lives.find((l) => !l.is_adult)!.id}`;
}

/** An illustration article with a description and works (so it is not sent to /a/{id}). */
async function spotlightPath(request: APIRequestContext): Promise<string> {
  const list = (await (
    await request.get('/api/spotlights?type=illustration&lang=en')
  ).json()) as SpotlightList;
  for (const a of list.articles) {
    const d = (await (
      await request.get(`/api/spotlight/${a.id}?lang=en`)
    ).json()) as SpotlightDetail;
    if (d.desc && d.items.length > 3 && !d.items.some((i) => i.illust_url.includes('limit_'))) {
      return `/spotlight/${d.id}`;
    }
  }
  throw new Error('no illustration article with works');
}

/**
 * The main screens at the project's width (1440 px desktop, 390 px mobile), light and dark:
 * each is laid out without sideways overflow, its images load, and a full-page screenshot is
 * kept in test-results/ (attached to the report) for a person to look at.
 */
const screens: {
  name: string;
  path: string | ((request: APIRequestContext) => Promise<string>);
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('row-item').first().locator('img'));
    },
  },
  {
    name: 'manga-home',
    path: '/home_manga',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('row-item').first().locator('img'));
    },
  },
  {
    name: 'search-home',
    path: '/search',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('trending-tag').first().locator('img'));
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
  {
    name: 'live-detail',
    path: livePath,
    ready: async (page) => {
      await expect(page.getByTestId('live-detail')).toBeVisible();
      await expect(page.getByTestId('live-chat-entry').first()).toBeVisible();
      await expect(page.getByTestId('live-elapsed')).toHaveText(/^\d+:\d{2}:\d{2}$/);
    },
  },
  {
    name: 'spotlight-detail',
    path: spotlightPath,
    ready: async (page) => {
      await expect(page.getByTestId('spotlight-title')).not.toBeEmpty();
      const work = page.getByTestId('spotlight-item').first();
      await work.scrollIntoViewIfNeeded();
      await expectImageLoaded(work.locator('img').first());
    },
  },
  {
    name: 'discovery',
    path: '/discovery',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    },
  },
  {
    name: 'discovery-users',
    path: '/discovery?tab=users',
    ready: async (page) => {
      // every picture of the first cards: avatars and works
      await expect(page.getByTestId('user-card').nth(3)).toBeVisible();
      for (const card of (await page.getByTestId('user-card').all()).slice(0, 4)) {
        for (const img of await card.locator('img').all()) await expectImageLoaded(img);
      }
    },
  },
  {
    name: 'novel-ranking',
    path: '/rank_novel/day',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('novel-card-cover').first());
    },
  },
  {
    name: 'recommended-illust',
    path: '/osusume_illust',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    },
  },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const screen of screens) {
    test(`${screen.name} in ${scheme}: laid out at this width, images loaded, screenshot kept`, async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(
        typeof screen.path === 'string' ? screen.path : await screen.path(page.request),
      );
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
