import { expect, test, type Page } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';

/** Every path of the route table (spec 001 §2.1) and every alias, with what it must show. */
type Check = (page: Page) => Promise<void>;

const testId =
  (id: string): Check =>
  async (page) =>
    expect(page.getByTestId(id).first()).toBeVisible();
/** The search screens: the tab that is current, and for results the word in the top bar. */
const searchTab =
  (tab: string, word?: string): Check =>
  async (page) => {
    const current = page.getByTestId('search-tabs').locator('[aria-current="page"]');
    if (word === undefined) await expect(current).toHaveText(tab);
    else await expect(page.getByRole('heading', { level: 1 })).toHaveText(word);
  };
const redirect =
  (to: RegExp): Check =>
  async (page) =>
    expect(page).toHaveURL(to);

let artwork = 0;
let spotlight = 0;
let live = '';

test.beforeAll(async ({ request }) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  artwork = (
    (await (await request.get(`/api/pixiv/rank?mode=day&date=${date}`)).json()) as {
      illusts: { id: number }[];
    }
  ).illusts[0]!.id;
  const list = (await (await request.get('/api/spotlights?type=illustration&lang=en')).json()) as {
    articles: { id: number }[];
  };
  spotlight = list.articles[0]!.id;
  live = (
    (await (await request.get('/api/pixiv/live_list')).json()) as {
      lives: { id: string; is_adult: boolean }[];
    }
  ).lives.find((l) => !l.is_adult)!.id;
});

const ROUTES: [string | (() => string), Check][] = [
  ['/', testId('home-tabs')],
  ['/home', testId('home-tabs')],
  ['/index', testId('home-tabs')],
  ['/index.html', testId('home-tabs')],
  ['/home_manga', testId('home-ranking')],
  ['/home_novel', testId('home-random')],
  ['/search', searchTab('Illustrations & manga')],
  ['/search_novel', searchTab('Novels')],
  ['/search_user', searchTab('Users')],
  ['/search/%E7%8C%AB', testId('search-word')],
  ['/s/%E7%8C%AB', testId('search-word')],
  ['/search_novel/x', testId('search-filters')],
  ['/search_user/x', searchTab('Users', 'x')],
  ['/rank', redirect(/\/rank\/daily$/)],
  ['/ranking', redirect(/\/rank\/daily$/)],
  ['/ranking.php', redirect(/\/rank\/daily$/)],
  ['/rank/daily', testId('rank-category')],
  ['/rank_novel/day', testId('novel-grid')],
  ['/following', testId('following-sign-in')],
  ['/following/2', testId('following-sign-in')],
  ['/setting', testId('setting-menu')],
  [() => `/artworks/${artwork}`, testId('artwork-title')],
  [() => `/illust/${artwork}`, testId('artwork-title')],
  [() => `/i/${artwork}`, testId('artwork-title')],
  ['/novel/13319497', testId('novel-title')],
  ['/n/13319497', testId('novel-title')],
  ['/users/18206', testId('user-name')],
  ['/u/18206', testId('user-name')],
  ['/users/18206/artworks', testId('author-link')],
  ['/users/18206/illustrations', testId('author-link')],
  ['/users/18206/novels', testId('author-link')],
  ['/users/18206/favorites', testId('author-link')],
  ['/users/18206/bookmarks/artworks', testId('author-link')],
  ['/users/18206/favorite_novels', testId('author-link')],
  ['/users/18206/bookmarks/novels', testId('author-link')],
  ['/user/18206/series/1014', testId('series-title')],
  ['/novel/series/103002', testId('series-title')],
  ['/setting/history', testId('history-tab-i')],
  ['/setting/clearcache', testId('clear-cache')],
  ['/setting/contents_display', testId('contents-display')],
  ['/setting/preference', testId('preference')],
  ['/setting/others', redirect(/\/setting\/preference$/)],
  ['/setting/about', testId('about')],
  ['/setting/about/faq', testId('faq')],
  ['/setting/about/disclaimer', testId('disclaimer')],
  ['/setting/down_app', testId('down-app')],
  ['/setting/osusume', testId('osusume')],
  ['/setting/recommend', redirect(/\/setting\/osusume$/)],
  ['/setting/accent_color', testId('accent-color')],
  ['/discovery', testId('discovery-shuffle')],
  ['/osusume_illust', testId('image-grid')],
  ['/recom_illust', testId('image-grid')],
  ['/spotlights', testId('spotlight-tabs')],
  ['/pixivision', testId('spotlight-tabs')],
  [() => `/spotlight/${spotlight}`, testId('spotlight-title')],
  [() => `/sp/${spotlight}`, testId('spotlight-title')],
  [() => `/a/${spotlight}`, testId('spotlight-article')],
  [() => `/pixivision/${spotlight}`, testId('spotlight-article')],
  ['/account/session', testId('session-login')],
  ['/account/login', testId('token-login')],
  // without a code the OAuth callback answers with its 'login failed' alert
  [
    '/account/oauth',
    async (page) => expect(page.getByRole('dialog')).toContainText('Login failed'),
  ],
  ['/lives', testId('live-card')],
  [() => `/live/${live}`, testId('live-detail')],
  ['/no/such/page', testId('back-home')],
];

test('every path and alias of the route table shows its screen, and nothing is blank', async ({
  page,
}) => {
  // about 90 page loads, the profile, author list, series and Following ones real screens now
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const [path, check] of ROUTES) {
    const url = typeof path === 'function' ? path() : path;
    await test.step(url, async () => {
      await page.goto(url);
      await check(page);
    });
  }
  expect(errors).toEqual([]);
});
