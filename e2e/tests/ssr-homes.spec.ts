import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { E2E_BASE_URL } from '../env.ts';
import {
  DEFAULT_CONTENT_SETTINGS,
  filterArtworks,
  homeFeed,
  hourlyRandomRanking,
  normaliseIllust,
  normaliseNovel,
  pickRandomRanking,
  RANDOM_MANGA_RANK_MODES,
  RANDOM_NOVEL_RANK_MODES,
  RANDOM_RANK_MODES,
  rankingDateWindow,
  type RandomRankingPick,
  type RawIllust,
  type RawNovel,
} from '@pv/core';
import {
  PHONE_WITH_HINT,
  columnCount,
  drawnAndPlaced,
  escaped,
  expectImageLoaded,
  expectSamePlaces,
  firstHtml,
  watch,
} from './helpers.ts';

/**
 * Server rendering of the three homes (issue 33, SSR=1): each home's first row is in the first
 * HTML, its first pictures load from there at high priority, and the app takes the page over
 * without asking for the row again and without a hydration warning. That no preload of theirs
 * is left unused is first-data.spec.ts's test of every landing page.
 */

const PREFS = { content: DEFAULT_CONTENT_SETTINGS, blocks: { tags: [], authorIds: [] } };

const day = () => rankingDateWindow(new Date()).defaultDate;

/** The titles of the first cards of a ranking row (or random feed), as the app shows them. */
async function rowTitles(
  request: APIRequestContext,
  url: string,
  home: '/' | '/home_manga' | '/home_novel',
): Promise<string[]> {
  const body = (await (await request.get(url)).json()) as {
    illusts?: RawIllust[];
    novels?: RawNovel[];
  };
  if (home === '/home_novel') {
    return filterArtworks(body.novels!.map(normaliseNovel), PREFS)
      .slice(0, 3)
      .map((n) => n.title);
  }
  const works = body.illusts!.map(normaliseIllust);
  const shown = home === '/' ? homeFeed(works, PREFS) : filterArtworks(works, PREFS);
  return shown.slice(0, 3).map((w) => w.title);
}

/** The random feed of a home: its modes, and the endpoint its pages ask. */
const randomFeed = (home: '/' | '/home_manga' | '/home_novel') =>
  home === '/'
    ? { modes: RANDOM_RANK_MODES, endpoint: 'rank' }
    : home === '/home_manga'
      ? { modes: RANDOM_MANGA_RANK_MODES, endpoint: 'rank' }
      : { modes: RANDOM_NOVEL_RANK_MODES, endpoint: 'rank_novel' };

const samePick = (a: RandomRankingPick, b: RandomRankingPick) =>
  a.mode === b.mode && a.date === b.date;

/**
 * The homes, by what their first row asks for and how its first cards are named in the HTML, and
 * the rows of self-hosted mode (this server's) that the HTML carries too.
 */
const HOMES = [
  {
    path: '/',
    title: 'Home',
    heading: 'Today’s ranking',
    first: () => `/api/pixiv/rank?mode=day&date=${day()}`,
    recommended: '/api/pixiv/illust_recommended',
    // the home with the most parts (search box, spotlights, discovery) at a phone's width too
    tag: ' @phone',
  },
  {
    path: '/home_manga',
    title: 'Manga',
    heading: 'Manga ranking',
    first: () => `/api/pixiv/rank?mode=day_manga&date=${day()}`,
    recommended: '/api/pixiv/manga_recommended',
    tag: '',
  },
  {
    path: '/home_novel',
    title: 'Novels',
    heading: 'Novel ranking',
    first: () => `/api/pixiv/rank_novel?mode=day&date=${day()}`,
    recommended: '/api/pixiv/novel_recommended',
    tag: '',
  },
] as const;

/** The markup of a home's section (`testId`) in a page's HTML. */
const sectionIn = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';

/** The first picture of a section's cards. */
const firstPicture = (section: string) => /<img [^>]*src="([^"]+)"/.exec(section)?.[1];

test.describe('the homes rendered on the server', () => {
  // the worker's own server, which renders as `npm start` does (SSR=1)
  const base = E2E_BASE_URL;

  // The app's random feeds ask for a ranking 2 to 14 days back, which may be the day the first row
  // shows: here always 14 days back, so that a call for the row's day is the row's own.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Math.random = () => 0.999;
    });
  });

  for (const home of HOMES) {
    test(`${home.path}: its first row in the first HTML, adopted without a refetch${home.tag}`, async ({
      page,
    }) => {
      const first = home.first();
      // the server draws the random feed's first page once an hour (hourlyRandomRanking)
      const { modes, endpoint } = randomFeed(home.path);
      const before = hourlyRandomRanking(new Date(), modes);
      // its ranking first, as a warm mirror has it: on a loaded machine a cold one can come after
      // the grace the render gives an optional part, and the feed is then the app's to ask for
      await page.request.get(
        `${base}/api/pixiv/${endpoint}?mode=${before.mode}&date=${before.date}&page=1`,
      );
      // and the recommendations of self-hosted mode; discovery's card is drawn on every www call,
      // which a render keeps a minute: a first render has made that copy
      await page.request.get(`${base}${home.recommended}`);
      if (home.path === '/') await firstHtml(page.request, `${base}${home.path}`);
      const html = await firstHtml(page.request, `${base}${home.path}`);
      // (the hour may have turned in between: either draw)
      const draws = [before, hourlyRandomRanking(new Date(), modes)];
      expect(html).toContain(`>${home.title}</h1>`);
      expect(html).toContain(`>${home.heading}</a>`);
      const titles = await rowTitles(page.request, `${base}${first}`, home.path);
      for (const title of titles) expect(html).toContain(escaped(title));
      // the first pictures the markup loads at once, at high priority
      const served = [...html.matchAll(/<img [^>]*src="([^"]+)"[^>]*fetchPriority="high"/g)].map(
        (m) => m[1]!,
      );
      expect(served.length).toBeGreaterThan(0);

      // the random feed's first page the server drew is in the HTML too
      let drawn: RandomRankingPick | undefined;
      const section = html.slice(html.indexOf('data-testid="home-random"'));
      for (const draw of draws) {
        const url = `${base}/api/pixiv/${endpoint}?mode=${draw.mode}&date=${draw.date}&page=1`;
        const [title] = await rowTitles(page.request, url, home.path);
        if (section.includes(escaped(title!))) drawn = draw;
      }
      expect(drawn, `the draw of ${JSON.stringify(draws)} in the random feed`).toBeDefined();
      const randomSrc = /<img [^>]*src="([^"]+)"/.exec(section)![1]!;
      // the rows of self-hosted mode are in the HTML with their pictures
      const rows = ['home-recommended', ...(home.path === '/' ? ['home-discovery'] : [])];
      const rowPictures = rows.map((row) => firstPicture(sectionIn(html, row)));
      for (const [i, picture] of rowPictures.entries()) expect(picture, rows[i]).toBeDefined();
      // the app's own draws (its later pages) never the server's, so that a call for the
      // server's is a refetch
      const own = samePick(
        pickRandomRanking(new Date(), modes, () => 0.999),
        drawn!,
      )
        ? 0.5
        : 0.999;
      await page.addInitScript((value) => {
        Math.random = () => value;
      }, own);

      const seen = watch(page, [
        '/api/pixiv/tags',
        new URL(first, base).pathname,
        `/api/pixiv/${endpoint}`,
        home.recommended,
        '/api/web/discovery',
      ]);
      await page.goto(`${base}${home.path}`);
      const row = page.getByTestId('home-ranking');
      const picture = row.getByTestId('row-item').first().locator('img');
      await expect(picture).toHaveAttribute('src', served[0]!);
      await expectImageLoaded(picture);
      if (home.path === '/') {
        // once the app has the page, the box shows a trending tag of its own pick
        await expect(page.getByTestId('home-search')).toHaveAttribute('placeholder', /.+/);
      }
      const random = page.getByTestId('home-random');
      await expect(random.locator('a[href]').first()).toBeVisible();
      // the app shows the server's draw, its first picture the one the HTML started loading, and
      // never asks for it
      await expect(random.locator('img').first()).toHaveAttribute('src', randomSrc);
      await expectImageLoaded(random.locator('img').first());
      const call = `/api/pixiv/${endpoint}?mode=${drawn!.mode}&date=${drawn!.date}`;
      expect(seen.calls.filter((c) => c.startsWith(call))).toEqual([]);
      // the rows of self-hosted mode: the server's, never asked for (discovery's the same set)
      for (const [i, row] of rows.entries()) {
        const img = page.getByTestId(row).locator('img').first();
        await expect(img).toHaveAttribute('src', rowPictures[i]!);
      }
      expect(
        seen.calls.filter((c) => c.startsWith(home.recommended) || c.startsWith('/api/web/')),
      ).toEqual([]);
      expect(seen.calls.filter((c) => c === first)).toEqual([]);
      // the trending tags are not in the page (they only pick the box's placeholder): the app
      // asks for them once
      if (home.path === '/') {
        expect(seen.calls.filter((c) => c.startsWith('/api/pixiv/tags'))).toEqual([
          '/api/pixiv/tags',
        ]);
      }
      expect(seen.problems).toEqual([]);
    });
  }
});

test("the home's random feed stays where the server drew it when the app takes over (Masonry), on a phone and a desktop", async ({
  browser,
  request,
}) => {
  // the hour's draw first, as a warm mirror has it: the server's render then has the feed
  const draw = hourlyRandomRanking(new Date(), RANDOM_RANK_MODES);
  await request.get(`/api/pixiv/rank?mode=${draw.mode}&date=${draw.date}&page=1`);
  const grid = (page: Page) => page.getByTestId('home-random').getByTestId('image-grid');
  for (const device of [PHONE_WITH_HINT, { viewport: { width: 1440, height: 900 } }]) {
    const width = device.viewport.width;
    const { drawn, placed } = await drawnAndPlaced(browser, device, '/', grid);
    expect(Object.keys(placed).length, `${width}`).toBeGreaterThan(4);
    expect(columnCount(drawn), `${width}`).toBe(width === 390 ? 2 : 5);
    expectSamePlaces(drawn, placed, `${width}`);
  }
});
