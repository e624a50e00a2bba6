import { expect, test, type Locator, type Page } from './fixtures.ts';
import {
  cardRow,
  filterArtworks,
  homeFeed,
  keepSearchResult,
  normaliseIllust,
  rankingDateWindow,
  type ContentSettings,
  type RawIllust,
} from '@pv/core';
import { expectShownAmong, nextFrames, scrollUntil, shellFirst, shownCardIds } from './helpers.ts';

async function settings(page: Page, value: object) {
  await page.evaluate((v) => localStorage.setItem('pv.settings', JSON.stringify(v)), value);
}

const prefs = (content: ContentSettings, tags: string[] = [], authorIds: number[] = []) => ({
  content,
  blocks: { tags, authorIds },
});
const DEFAULTS: ContentSettings = { r18: false, r18g: false, ai: true };
const ADULT_ON: ContentSettings = { r18: true, r18g: true, ai: true };

async function rowIds(page: Page, testId: string): Promise<number[]> {
  const hrefs = await page
    .getByTestId(testId)
    .getByTestId('row-item')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(/\/artworks\/(\d+)/.exec(h)?.[1]));
}

/** The works of the page's answers from a mirror path, once each (pages add up). */
interface Answered {
  /** The works read so far. */
  works: RawIllust[];
  /**
   * The works once every answer seen so far has been read: an answer's body is read after the
   * page has it, so a card on screen does not yet mean its answer is in `works`.
   */
  settled(): Promise<RawIllust[]>;
}

function answered(page: Page, path: string): Answered {
  const works: RawIllust[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname !== path || !r.ok()) return;
    reads.push(
      r.json().then((body: { illusts: RawIllust[] }) => {
        for (const work of body.illusts) {
          if (!works.some((w) => w.id === work.id)) works.push(work);
        }
      }),
    );
  });
  return { works, settled: () => Promise.all(reads).then(() => works) };
}

/**
 * Serves the first page of the latest works with an R-18 and an R-18G work in it. The sandbox's
 * newest page slides with its clock and does not always hold both; when it lacks one, a real
 * work of that rating from the next older pages of the same list (`max_illust_id`) takes the
 * place of its last all-ages work, so the filter always has something to leave out.
 */
async function latestWithAdultWorks(page: Page): Promise<void> {
  type Page1 = { illusts: RawIllust[]; next_url: string | null };
  const first = (await (await page.request.get('/api/pixiv/illust_new')).json()) as Page1;
  const body: Page1 = { ...first, illusts: [...first.illusts] };
  let next = first.next_url;
  for (const rating of [1, 2]) {
    for (let pages = 0; !body.illusts.some((w) => w.x_restrict === rating); pages++) {
      expect(next, `an x_restrict ${rating} work among the latest`).not.toBeNull();
      expect(pages).toBeLessThan(40);
      const max = new URL(next!).searchParams.get('max_illust_id');
      const older = (await (
        await page.request.get(`/api/pixiv/illust_new?max_illust_id=${max}`)
      ).json()) as Page1;
      const found = older.illusts.find((w) => w.x_restrict === rating);
      // in place of the last all-ages work, so an adult work already there stays
      if (found) body.illusts[body.illusts.findLastIndex((w) => w.x_restrict === 0)] = found;
      next = older.next_url;
    }
  }
  await page.route(
    (url) => url.pathname === '/api/pixiv/illust_new' && !url.searchParams.has('max_illust_id'),
    (route) => route.fulfill({ json: body }),
  );
}

/** Every card id the (virtualised) grid renders, scrolling from the top to the end. */
async function everyShownId(page: Page): Promise<Set<number>> {
  const ids = new Set<number>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let y = 0; ; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await nextFrames(page);
    for (const id of await shownCardIds(page)) ids.add(id);
    const end = await page.evaluate(() => document.documentElement.scrollHeight);
    if (y > end) break;
  }
  return ids;
}

/** Scrolls down until `locator` has a match, then scrolls it into view. */
async function scrollTo(page: Page, locator: Locator) {
  await scrollUntil(page, async () => (await locator.count()) > 0, { wheel: true });
  await locator.first().scrollIntoViewIfNeeded();
}

test('by default no R-18 or R-18G work appears, and their rankings are not offered', async ({
  page,
}) => {
  await page.goto(`/search/${encodeURIComponent('女の子')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('badge-r18')).toHaveCount(0);
  await expect(page.getByTestId('badge-r18g')).toHaveCount(0);
  await page.goto('/rank/daily_r18');
  await expect(page.getByTestId('back-home')).toBeVisible();
  await page.goto('/rank/r18g');
  await expect(page.getByTestId('back-home')).toBeVisible();
});

test('with R-18 and R-18G on, their works and rankings appear', async ({ page }) => {
  await page.goto('/rank/daily');
  await settings(page, { content: { r18: true, r18g: true, ai: true } });
  await page.goto('/rank/daily_r18');
  await expect(page.getByTestId('badge-r18').first()).toBeVisible();
  await expect(page.getByTestId('badge-r18g')).toHaveCount(0);
  await page.goto('/rank/r18g');
  await expect(page.getByTestId('badge-r18g').first()).toBeVisible();
});

test('with AI off, AI works leave the lists and the AI ranking goes', async ({ page }) => {
  await page.goto('/rank/daily_ai');
  await expect(page.getByTestId('badge-ai').first()).toBeVisible();
  await settings(page, { content: { r18: false, r18g: false, ai: false } });
  await page.goto('/rank/daily_ai');
  await expect(page.getByTestId('back-home')).toBeVisible();
  await page.goto(`/search/${encodeURIComponent('女の子')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('badge-ai')).toHaveCount(0);
});

test('a blocked author and a blocked tag disappear from every list', async ({ page }) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const ranking = (await (
    await page.request.get(`/api/pixiv/rank?mode=day&date=${date}`)
  ).json()) as {
    illusts: { id: number; user: { id: number }; tags: { name: string }[] }[];
  };
  const author = ranking.illusts[0]!.user.id;
  const tag = ranking.illusts[1]!.tags.at(-1)!.name;
  const blocked = new Set(
    ranking.illusts
      .filter((i) => i.user.id === author || i.tags.some((t) => t.name === tag))
      .map((i) => i.id),
  );
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  expect((await shownCardIds(page)).some((id) => blocked.has(id))).toBe(true);
  await settings(page, {
    content: { r18: false, r18g: false, ai: true },
    blocks: { tags: [tag], authorIds: [author] },
  });
  await page.reload();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const shown = await shownCardIds(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((id) => blocked.has(id))).toEqual([]);
  await expect(page.locator(`a[href="/users/${author}"]`)).toHaveCount(0);
});

test('by default the latest works, which pixiv answers with R-18 and R-18G in them, show none', async ({
  page,
}) => {
  await latestWithAdultWorks(page);
  const answers = answered(page, '/api/pixiv/illust_new');
  await page.goto('/');
  await page.getByTestId('home-load-latest').click();
  await expect(page.getByTestId('home-latest').getByTestId('row-item').first()).toBeVisible();
  const latest = await answers.settled();
  expect(latest.some((w) => w.x_restrict === 1)).toBe(true);
  expect(latest.some((w) => w.x_restrict === 2)).toBe(true);
  const adult = new Set(latest.filter((w) => w.x_restrict > 0).map((w) => w.id));
  const feed = homeFeed(latest.map(normaliseIllust), prefs(DEFAULTS));
  expect(await rowIds(page, 'home-latest')).toEqual(cardRow(feed).shown.map((a) => a.id));
  expect((await rowIds(page, 'home-latest')).filter((id) => adult.has(id))).toEqual([]);
  // the full list too
  await page.goto('/osusume_illust?list=latest');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('image-grid').locator('[data-card-count]')).toHaveAttribute(
    'data-card-count',
    String(feed.length),
  );
  const everyCard = await everyShownId(page);
  expect(everyCard.size).toBe(feed.length);
  expect([...everyCard].filter((id) => adult.has(id))).toEqual([]);
  await expect(page.getByTestId('badge-r18')).toHaveCount(0);
  await expect(page.getByTestId('badge-r18g')).toHaveCount(0);
});

test('with R-18 and R-18G on, the R-18 works of the latest list and of a search appear', async ({
  page,
}) => {
  await page.addInitScript(
    (content) => localStorage.setItem('pv.settings', JSON.stringify({ content })),
    ADULT_ON,
  );
  await latestWithAdultWorks(page);
  const answers = answered(page, '/api/pixiv/illust_new');
  await page.goto('/osusume_illust?list=latest');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const latest = await answers.settled();
  const feed = homeFeed(latest.map(normaliseIllust), prefs(ADULT_ON));
  expect(feed.some((a) => a.x_restrict === 1)).toBe(true);
  await expect(page.getByTestId('image-grid').locator('[data-card-count]')).toHaveAttribute(
    'data-card-count',
    String(feed.length),
  );
  const everyCard = await everyShownId(page);
  expect(everyCard).toEqual(new Set(feed.map((a) => a.id)));
  const adult = feed.find((a) => a.x_restrict === 1)!;
  await page.evaluate(() => window.scrollTo(0, 0));
  const card = page
    .getByTestId('artwork-card')
    .filter({ has: page.locator(`a[href="/artworks/${adult.id}"]`) });
  await scrollTo(page, card);
  await expect(card.getByTestId('badge-r18')).toBeVisible();

  // a search asks without the exclusions and shows the R-18 works pixiv answers with (the app's
  // own call: the shell, as the server would render the search from its own)
  await shellFirst(page.context());
  const searched = page.waitForResponse((r) => r.url().includes('/api/pixiv/search?'));
  await page.goto(`/search/${encodeURIComponent('女の子')}`);
  const response = await searched;
  expect(new URL(response.url()).searchParams.get('word')).toBe('女の子');
  const works = ((await response.json()) as { illusts: RawIllust[] }).illusts;
  expect(works.some((w) => w.x_restrict === 1)).toBe(true);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await scrollTo(page, page.getByTestId('badge-r18'));
  await expect(page.getByTestId('badge-r18').first()).toBeVisible();
});

test('a blocked author and a blocked tag leave a home row and a search too', async ({ page }) => {
  // the ranking of the day the row shows (the page carries it: the server rendered the row)
  const date = rankingDateWindow(new Date()).defaultDate;
  const ranking = await page.request.get(`/api/pixiv/rank?mode=day&date=${date}`);
  const raw = ((await ranking.json()) as { illusts: RawIllust[] }).illusts;
  await page.goto('/');
  const before = cardRow(homeFeed(raw.map(normaliseIllust), prefs(DEFAULTS))).shown;
  await expect(page.getByTestId('home-ranking').getByTestId('row-item')).toHaveCount(10);
  expect(await rowIds(page, 'home-ranking')).toEqual(before.map((a) => a.id));
  const author = before[0]!.author.id;
  const tag = before[1]!.tags.at(-1)!.name;
  await settings(page, { content: DEFAULTS, blocks: { tags: [tag], authorIds: [author] } });
  await page.reload();
  const after = cardRow(homeFeed(raw.map(normaliseIllust), prefs(DEFAULTS, [tag], [author]))).shown;
  await expect(page.getByTestId('home-ranking').getByTestId('row-item').first()).toBeVisible();
  expect(await rowIds(page, 'home-ranking')).toEqual(after.map((a) => a.id));
  expect(after.some((a) => a.author.id === author || a.tags.some((t) => t.name === tag))).toBe(
    false,
  );
  expect(after.map((a) => a.id)).not.toEqual(before.map((a) => a.id));

  // a search: an author and a tag of works it would show are blocked before it is opened
  const probe = (await (
    await page.request.get(
      `/api/pixiv/search?word=${encodeURIComponent('風景 -R-18 -R18 -18+')}&search_ai_type=false`,
    )
  ).json()) as { illusts: RawIllust[] };
  const visible = filterArtworks(probe.illusts.map(normaliseIllust), prefs(DEFAULTS)).filter((a) =>
    keepSearchResult(a, { dropAdult: true, minLikes: 5, blockedWords: [] }),
  );
  const blockedAuthor = visible[0]!.author.id;
  const blockedTag = visible.find((w) => w.author.id !== blockedAuthor)!.tags.at(-1)!.name;
  await settings(page, {
    content: DEFAULTS,
    blocks: { tags: [blockedTag], authorIds: [blockedAuthor] },
  });
  const searched = answered(page, '/api/pixiv/search');
  const results = searched.works;
  await page.goto(`/search/${encodeURIComponent('風景')}`);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  type Work = ReturnType<typeof normaliseIllust>;
  const keep = (list: Work[]) =>
    filterArtworks(list, prefs(DEFAULTS, [blockedTag], [blockedAuthor])).filter((a) =>
      keepSearchResult(a, { dropAdult: true, minLikes: 5, blockedWords: [blockedTag] }),
    );
  // the grid counts what the answers it has read keep (the test reads each answer once its
  // response is in: under load the grid may show its cards first)
  await expect
    .poll(async () => {
      const count = Number(
        await page
          .getByTestId('image-grid')
          .locator('[data-card-count]')
          .getAttribute('data-card-count'),
      );
      const read = await searched.settled();
      return read.length > 0 && count === keep(read.map(normaliseIllust)).length;
    })
    .toBe(true);
  expect((await shownCardIds(page)).length).toBeGreaterThan(0);
  await expectShownAmong(page, () => keep(results.map(normaliseIllust)).map((a) => a.id));
  await expect(page.locator(`a[href="/users/${blockedAuthor}"]`)).toHaveCount(0);
  // pixiv did answer with the blocked author's work and the blocked tag
  expect(results.some((w) => w.user.id === blockedAuthor)).toBe(true);
  expect(results.some((w) => w.tags.some((t) => t.name === blockedTag))).toBe(true);
});

test('a blocked author leaves the user search, the other users stay', async ({ page }) => {
  const word = '黒';
  const answer = (await (
    await page.request.get(`/api/pixiv/search_user?word=${encodeURIComponent(word)}`)
  ).json()) as { user_previews: { user: { id: number } }[] };
  const ids = answer.user_previews.map((p) => p.user.id);
  expect(ids.length).toBeGreaterThan(2);
  const blocked = ids[0]!;
  await page.goto('/search');
  await settings(page, { content: DEFAULTS, blocks: { tags: [], authorIds: [blocked] } });
  await page.goto(`/search_user/${encodeURIComponent(word)}`);
  const cards = page.getByTestId('user-card');
  await expect(cards.first()).toBeVisible();
  const shown = await cards.evaluateAll((els) =>
    els.map((el) =>
      Number(/\/users\/(\d+)/.exec(el.querySelector('a')?.getAttribute('href') ?? '')?.[1]),
    ),
  );
  expect(shown).not.toContain(blocked);
  expect(shown).toContain(ids[1]);
});
