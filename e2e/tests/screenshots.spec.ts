import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { SpotlightDetail, SpotlightList } from '@pv/core';
import { SANDBOX_BASE_URL } from '../env.ts';
import { expectImageLoaded } from './helpers.ts';
import { fetchRouteIds, fillRoute, routeTableScreens } from './route-table.ts';

/** A live that is on and not adult, as the live list gives it. */
async function livePath(request: APIRequestContext): Promise<string> {
  const { lives } = (await (await request.get('/api/pixiv/live_list')).json()) as {
    lives: { id: string; is_adult: boolean }[];
  };
  return `/live/${lives.find((l) => !l.is_adult)!.id}`;
}

interface RankedWork {
  id: number;
  type: string;
  page_count: number;
  x_restrict: number;
}

/** The first all-ages work of the given rankings that `pick` accepts. */
async function rankedWork(
  request: APIRequestContext,
  modes: string[],
  pick: (w: RankedWork) => boolean,
): Promise<string> {
  for (const mode of modes) {
    const { illusts } = (await (await request.get(`/api/pixiv/rank?mode=${mode}`)).json()) as {
      illusts: RankedWork[];
    };
    const work = illusts.find((w) => w.x_restrict === 0 && pick(w));
    if (work) return `/artworks/${work.id}`;
  }
  throw new Error(`no such work in ${modes.join(', ')}`);
}

/** An all-ages work that pixiv's app API sends as its limit placeholder (the web fallback). */
async function restrictedPath(request: APIRequestContext): Promise<string> {
  const { withheld } = (await (
    await request.get(`${SANDBOX_BASE_URL}/_sandbox/special-works`)
  ).json()) as { withheld: { id: number; xRestrict: number }[] };
  return `/artworks/${withheld.find((w) => w.xRestrict === 0)!.id}`;
}

/** The artwork page is ready once its first picture has loaded. */
const artworkReady = async (page: Page) => {
  await expectImageLoaded(page.getByTestId('artwork-image').first());
};

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

const firstCardImage = (testId: string) => async (page: Page) => {
  await expectImageLoaded(page.getByTestId(testId).first().locator('img').first());
};

/**
 * Screens with an address or a readiness of their own, by their pattern in the route table
 * (the first path of an alias list). Every other screen of the table is filled in with ids from
 * the sandbox and is ready once its pictures in view have loaded. `discovery-users` is a second
 * screen of one route.
 */
const known: {
  pattern: string;
  name: string;
  path?: string | ((request: APIRequestContext) => Promise<string>);
  ready?: (page: Page) => Promise<void>;
}[] = [
  { pattern: '/', name: 'home', ready: firstCardImage('row-item') },
  { pattern: '/home_manga', name: 'manga-home', ready: firstCardImage('row-item') },
  {
    pattern: '/home_novel',
    name: 'novels',
    ready: async (page) => {
      await expect(page.getByTestId('novel-card').first()).toBeVisible();
    },
  },
  { pattern: '/search', name: 'search-home', ready: firstCardImage('trending-tag') },
  { pattern: '/rank/:type', name: 'ranking', ready: firstCardImage('artwork-card') },
  {
    pattern: '/search/:keyword',
    name: 'search',
    path: `/search/${encodeURIComponent('風景')}`,
    ready: firstCardImage('artwork-card'),
  },
  {
    pattern: '/spotlights',
    name: 'spotlights',
    ready: firstCardImage('spotlight-card'),
  },
  { pattern: '/lives', name: 'lives', ready: firstCardImage('live-card') },
  {
    pattern: '/live/:id',
    name: 'live-detail',
    path: livePath,
    ready: async (page) => {
      await expect(page.getByTestId('live-detail')).toBeVisible();
      await expect(page.getByTestId('live-chat-entry').first()).toBeVisible();
      await expect(page.getByTestId('live-elapsed')).toHaveText(/^\d+:\d{2}:\d{2}$/);
    },
  },
  {
    pattern: '/spotlight/:id',
    name: 'spotlight-detail',
    path: spotlightPath,
    ready: async (page) => {
      await expect(page.getByTestId('spotlight-title')).not.toBeEmpty();
      await expectImageLoaded(page.getByTestId('spotlight-item').first().locator('img').first());
    },
  },
  // the artwork page as a single picture, a long manga, an ugoira and a restricted work
  { pattern: '/artworks/:id', name: 'artworks', ready: artworkReady },
  {
    pattern: '/artworks/:id',
    name: 'artwork-multi',
    path: (request) => rankedWork(request, ['day_manga', 'week_manga'], (w) => w.page_count >= 7),
    ready: artworkReady,
  },
  {
    pattern: '/artworks/:id',
    name: 'artwork-ugoira',
    path: (request) => rankedWork(request, ['day', 'week', 'month'], (w) => w.type === 'ugoira'),
    ready: artworkReady,
  },
  {
    pattern: '/artworks/:id',
    name: 'artwork-restricted',
    path: restrictedPath,
    ready: artworkReady,
  },
  { pattern: '/discovery', name: 'discovery', ready: firstCardImage('artwork-card') },
  {
    pattern: '/discovery',
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
    pattern: '/rank_novel/:type',
    name: 'novel-ranking',
    ready: async (page) => {
      await expectImageLoaded(page.getByTestId('novel-card-cover').first());
    },
  },
  {
    pattern: '/osusume_illust',
    name: 'recommended-illust',
    ready: firstCardImage('artwork-card'),
  },
];

/**
 * Every screen of the route table once (known ones with their own address and readiness), and
 * the page that a query key naming another site shows instead of the app (issue 34).
 */
const screens = routeTableScreens().flatMap((pattern) => {
  const mine = known.filter((k) => k.pattern === pattern);
  if (mine.length > 0) return mine;
  const name =
    pattern === '*'
      ? 'not-found'
      : pattern
          .slice(1)
          .replace(/\/?:\w+/g, '')
          .replace(/\//g, '-');
  return [{ pattern, name, path: undefined, ready: undefined }];
});
screens.push({
  pattern: '?https://…',
  name: 'leave-site',
  path: '/?https://evil.example/x',
  ready: async (page) => {
    await expect(page.getByTestId('leave-site-url')).toHaveText('https://evil.example/x');
  },
});
/** Screens checked by axe as a whole: the shell is checked on Home, the leave page has none. */
const WHOLE_PAGE = new Set(['home', 'leave-site']);

/** Nothing in the list is still loading and every picture in view has finished (or failed). */
async function settled(page: Page) {
  await expect(page.locator('#main [aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll<HTMLImageElement>('#main img')).filter((img) => {
            if (img.complete) return false;
            // on screen: inside the window and inside every clipping ancestor (a row scrolled
            // sideways hides its later pictures, which lazy loading rightly leaves alone)
            const r = img.getBoundingClientRect();
            let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
            for (let el = img.parentElement; el; el = el.parentElement) {
              const style = getComputedStyle(el);
              if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
              const c = el.getBoundingClientRect();
              [left, top] = [Math.max(left, c.left), Math.max(top, c.top)];
              [right, bottom] = [Math.min(right, c.right), Math.min(bottom, c.bottom)];
            }
            left = Math.max(left, 0);
            top = Math.max(top, 0);
            right = Math.min(right, innerWidth);
            bottom = Math.min(bottom, innerHeight);
            return right > left && bottom > top;
          }).length,
      ),
    )
    .toBe(0);
}

/** The rules whose outcome a theme changes: text contrast, links told apart by colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** axe-core as @axe-core/playwright ships it. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * axe-core's rules on the page as it stands (every rule, the WCAG 2.2 AA ones and the best
 * practices: AxeBuilder's `options()` replaces the tag choice made before it, so this has always
 * run them all): serious and critical violations only.
 * The shell (header, rail or bottom bar) is the same on every screen and is checked on Home;
 * elsewhere the run is limited to the screen's own content. axe is put into the page once
 * (`injectAxe`) and AxeBuilder runs it in the page itself (legacy mode): its default way injects
 * the 500 kB script again for each run and finishes in a second, blank page, several seconds a
 * run on a busy machine.
 *
 * `colourOnly`: only the rules whose outcome depends on colours (the second theme of a screen:
 * its markup, geometry and names are the first theme's, checked there; on a screen of cards the
 * other rules are a third to a half of axe's time).
 */
async function seriousViolations(page: Page, withShell: boolean, colourOnly = false) {
  // violations only: collecting every passing node too doubles axe's time on a page of cards
  // (`options()` replaces all options: it comes before the choice of rules)
  let axe = new AxeBuilder({ page, axeSource: 'void 0' })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (colourOnly) axe = axe.withRules(COLOUR_RULES);
  if (!withShell) axe = axe.include('#main');
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const injectAxe = (page: Page) => page.evaluate(AXE_SOURCE);

/**
 * Every screen of the route table at the project's width (1440 px desktop, 390 px mobile), in
 * light and then dark: laid out without sideways overflow, its pictures loaded, exactly one <h1>
 * and a title naming the screen, no serious or critical axe violation (every rule in light, the
 * colour rules again in dark), and a screenshot kept in test-results/ (attached to the report)
 * for a person to look at.
 */
for (const screen of screens) {
  test(`${screen.name}: light and dark, laid out at this width, no serious axe violation, screenshots kept @phone`, async ({
    page,
  }, testInfo) => {
    const started = Date.now();
    const path =
      typeof screen.path === 'function'
        ? await screen.path(page.request)
        : (screen.path ?? fillRoute(screen.pattern, await fetchRouteIds(page.request)));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await screen.ready?.(page);
    await settled(page);
    await expect(page.locator('h1')).toHaveCount(1);
    // The page is named in the tab: '{screen} - Pixiv Viewer', not the app name alone.
    await expect(page).toHaveTitle(/. - Pixiv Viewer$/);
    let axeStarted = Date.now();
    await injectAxe(page);
    let axeMs = Date.now() - axeStarted;
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .toBe(scheme === 'dark' ? 'rgb(17, 19, 23)' : 'rgb(245, 246, 248)');
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
      // JPEG: for a person to look at, encoded in a fraction of a PNG's time
      const file = testInfo.outputPath(`${screen.name}-${scheme}.jpeg`);
      await page.screenshot({ path: file, fullPage: false, type: 'jpeg', quality: 85 });
      await testInfo.attach(`${screen.name}-${scheme}`, { path: file, contentType: 'image/jpeg' });
      axeStarted = Date.now();
      for (const v of await seriousViolations(
        page,
        WHOLE_PAGE.has(screen.name),
        scheme === 'dark',
      )) {
        found.push(`${scheme} ${v}`);
      }
      axeMs += Date.now() - axeStarted;
    }
    testInfo.annotations.push({
      type: 'timing',
      description: `${path}: ${Date.now() - started} ms, axe ${axeMs} ms`,
    });
    expect(found).toEqual([]);
  });
}
