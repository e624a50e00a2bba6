import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';
import { SANDBOX_BASE_URL } from '../env.ts';
import {
  columnCount,
  drawnAndPlaced,
  expectImageLoaded,
  expectSamePlaces,
  PHONE_WITH_HINT,
  shellFirst,
} from './helpers.ts';

/** The artwork page (spec 001 §2.9): pictures, metadata, actions, author, related works. */

interface RawWork {
  id: number;
  type: string;
  page_count: number;
  width: number;
  height: number;
  x_restrict: number;
  caption: string;
  create_date: string;
  user: { id: number };
  tags: { name: string; translated_name: string | null }[];
}

const SAFE_TOKEN = 'sbxSafeRefreshToken000000000000000000000002';

async function rank(request: APIRequestContext, mode: string, page = 1): Promise<RawWork[]> {
  const date = rankingDateWindow(new Date()).defaultDate;
  const res = await request.get(`/api/pixiv/rank?mode=${mode}&date=${date}&page=${page}`);
  return ((await res.json()) as { illusts: RawWork[] }).illusts;
}

async function authorWorks(request: APIRequestContext, userId: number): Promise<RawWork[]> {
  const res = await request.get(`/api/pixiv/member_illust?id=${userId}`);
  return ((await res.json()) as { illusts: RawWork[] }).illusts;
}

/** The root comments on page `page` (30 a page) of a work's comments. */
async function rootComments(request: APIRequestContext, id: number, page: number) {
  const res = await request.get(`/api/pixiv/illust_comments?id=${id}&page=${page}`);
  return ((await res.json()) as { comments?: unknown[] }).comments?.length ?? 0;
}

let single: RawWork;
let long: RawWork;
let eleven: RawWork;
let prolific: RawWork;
let newcomer: RawWork;
let ugoira: RawWork;

test.beforeAll(async ({ request }) => {
  const works = [...(await rank(request, 'day')), ...(await rank(request, 'day', 2))];
  const safe = works.filter((w) => w.x_restrict === 0);
  // a single picture with translated tags and the 40 root comments the comments test pages
  // through (how many a work has depends on the sandbox's day)
  for (const w of safe) {
    if (w.page_count !== 1 || !w.tags.some((t) => t.translated_name)) continue;
    if ((await rootComments(request, w.id, 2)) >= 10) {
      single = w;
      break;
    }
  }
  const manga = [...(await rank(request, 'day_manga')), ...(await rank(request, 'week_manga'))];
  long = manga.find((w) => w.x_restrict === 0 && w.page_count >= 7)!;
  // issue 36's long manga: 11 pages (else the longest there is), collapsed to 3 and "show all"
  const longest = manga
    .filter((w) => w.x_restrict === 0)
    .sort((a, b) => b.page_count - a.page_count);
  eleven = longest.find((w) => w.page_count === 11) ?? longest[0]!;
  const moving = [...works, ...(await rank(request, 'week')), ...(await rank(request, 'month'))];
  ugoira = moving.find((w) => w.x_restrict === 0 && w.type === 'ugoira')!;
  for (const work of safe) {
    if (prolific && newcomer) break;
    const others = (await authorWorks(request, work.user.id)).filter(
      (w) => w.x_restrict === 0 && w.id !== work.id,
    );
    // a single picture: the carousel's place is measured from it (a manga's pages end in their
    // 'show all' button; the daily ranking holds manga as pixiv's does)
    if (!prolific && work.page_count === 1 && others.length >= 10) prolific = work;
    if (!newcomer && others.length < 10) newcomer = work;
  }
  expect([single, long, eleven, prolific, newcomer, ugoira].every(Boolean)).toBe(true);
});

test.afterEach(async ({ request }) => {
  await request.delete(`${SANDBOX_BASE_URL}/_sandbox/faults`);
});

async function open(page: Page, id: number) {
  await page.goto(`/artworks/${id}`);
  // the first page after the server starts may wait on a cold upstream on a busy machine
  await expect(page.getByTestId('artwork-title')).toBeVisible({ timeout: 30_000 });
}

test('the metadata: title, counts, size, date, id; the title names work and author', async ({
  page,
}) => {
  await open(page, single.id);
  await expectImageLoaded(page.getByTestId('artwork-image').first());
  await expect(page.getByTestId('artwork-views')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('artwork-likes')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('artwork-comments-count')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('artwork-size')).toHaveText(/^\d+×\d+$/);
  await expect(page.getByTestId('artwork-date')).not.toBeEmpty();
  await expect(page.getByTestId('artwork-id')).toHaveText(`ID ${single.id}`);
  await expect(page.getByTestId('artwork-author')).toHaveAttribute(
    'href',
    `/users/${single.user.id}`,
  );
  const title = await page.getByTestId('artwork-title').textContent();
  const author = await page.getByTestId('artwork-author').textContent();
  await expect.poll(() => page.title()).toContain(`${title} - ${author}`);
  // a single picture has no page counter and no "show all"
  await expect(page.getByTestId('artwork-page-counter')).toHaveCount(0);
  await expect(page.getByTestId('artwork-show-all')).toHaveCount(0);
});

test.describe('seen from New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("the work's date and its comments' dates: one format, at the viewer's clock", async ({
    page,
    request,
  }) => {
    // pixiv's times are JST wall times: the work's `2026-11-30T10:07:00+09:00`, a www comment's
    // `2026-11-30 10:07`; both show at New York's clock, in the one format of the language
    const res = await request.get(
      `/api/web/illust_comment_roots?illust_id=${single.id}&offset=0&limit=3`,
    );
    const raw = ((await res.json()) as { body: { comments: { commentDate: string }[] } }).body
      .comments;
    const instants = [
      new Date(single.create_date),
      ...raw.map((c) => new Date(`${c.commentDate.replace(' ', 'T')}+09:00`)),
    ].map((d) => d.toISOString());
    await open(page, single.id);
    // what the language's one format writes at New York's clock (the browser's own Intl)
    const expected = await page.evaluate((times) => {
      const timeZone = 'America/New_York';
      const full = new Intl.DateTimeFormat('en', {
        timeZone,
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      const day = new Intl.DateTimeFormat('en', { timeZone, dateStyle: 'medium' });
      return times.map((t) => ({ full: full.format(new Date(t)), day: day.format(new Date(t)) }));
    }, instants);
    const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
    const work = page.getByTestId('artwork-date');
    // (a page the server rendered shows pixiv's zone, named, until a task after the take-over)
    await expect.poll(async () => plain(await work.textContent())).toBe(plain(expected[0]!.full));
    const dates = page.getByTestId('comments').getByTestId('comment-date');
    await expect(dates).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      const shown = dates.nth(i);
      await expect(shown).toHaveAttribute('datetime', instants[i + 1]!);
      // a recent one says how long ago, with its date and time as its title; an older one its date
      expect(plain(await shown.getAttribute('title'))).toBe(plain(expected[i + 1]!.full));
      const text = plain(await shown.textContent());
      if (!/ago$|^now$|^yesterday$/.test(text)) expect(text).toBe(plain(expected[i + 1]!.day));
    }
  });
});

test('every tag is a link to its search, with its translated name', async ({ page }) => {
  await open(page, single.id);
  const tags = page.getByTestId('artwork-tag');
  await expect(tags).toHaveCount(single.tags.length);
  const translated = single.tags.find((t) => t.translated_name)!;
  const tag = tags.filter({ hasText: `#${translated.name}` });
  await expect(tag.getByTestId('artwork-tag-translated')).toHaveText(translated.translated_name!);
  await tag.click();
  await expect(page).toHaveURL(`/search/${encodeURIComponent(translated.name)}`);
});

test('a long press on a tag offers to block it, without opening the search @phone', async ({
  page,
}) => {
  await open(page, single.id);
  const tag = page.getByTestId('artwork-tag').first();
  const box = (await tag.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await expect(page.locator('[data-testid="confirm-dialog"][open]')).toBeVisible();
  await page.mouse.up();
  await expect(page.locator('[data-testid="confirm-dialog"][open]')).toContainText(
    `#${single.tags[0]!.name}`,
  );
  await page
    .locator('[data-testid="confirm-dialog"][open]')
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Added to the block list.' }),
  ).toBeVisible();
  const settings = await page.evaluate(() => JSON.stringify(localStorage));
  expect(settings).toContain(single.tags[0]!.name);
  // the press did not navigate
  await expect(page).toHaveURL(`/artworks/${single.id}`);
});

test('a caption above 500 characters starts shrunk; its links open in the app', async ({
  page,
}) => {
  const long = 'とても長い説明です。'.repeat(60);
  await page.route(/\/api\/pixiv\/illust\?/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { illust: RawWork };
    body.illust.caption = `<a href="pixiv://users/${single.user.id}">user/${single.user.id}</a><br />${long}<a href="https://example.com/x" target="_self">ext</a>`;
    await route.fulfill({ response: res, json: body });
  });
  // the test's caption comes in the app's own call for the work, which a page the server
  // rendered does not make
  await shellFirst(page.context());
  await open(page, single.id);
  const caption = page.getByTestId('artwork-caption');
  const shrunk = (await caption.boundingBox())!.height;
  await page.getByTestId('artwork-caption-expand').click();
  await expect(page.getByTestId('artwork-caption-expand')).toHaveCount(0);
  expect((await caption.boundingBox())!.height).toBeGreaterThan(shrunk * 2);
  const external = caption.getByRole('link', { name: 'ext' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await caption.getByRole('link', { name: `user/${single.user.id}` }).click();
  await expect(page).toHaveURL(`/users/${single.user.id}`);
});

test('a 7-page work starts shrunk with a page counter; "show all" shows every page', async ({
  page,
}) => {
  await open(page, long.id);
  await expect(page.getByTestId('artwork-picture')).toHaveCount(3);
  await expect(page.getByTestId('artwork-page-counter').first()).toHaveText(
    `1 / ${long.page_count}`,
  );
  await page.getByTestId('artwork-show-all').click();
  await expect(page.getByTestId('artwork-picture')).toHaveCount(long.page_count);
  await expect(page.getByTestId('artwork-show-all')).toHaveCount(0);
});

/** Where the pictures, their page counters and "show all" are, in page coordinates. */
interface PicturesGeometry {
  pictures: { top: number; width: number; height: number }[];
  counters: { top: number; bottom: number }[];
  showAll: { top: number; bottom: number } | null;
}

/** What the layout test's init script keeps on `window`. */
interface LayoutProbe {
  /** The sum of the layout shifts so far. */
  shift: number;
  /** The geometry of the first frame with the pictures and what follows them in the document. */
  first?: PicturesGeometry;
  /** The most pictures any frame had. */
  most: number;
  read: () => PicturesGeometry;
}

test('a long manga is collapsed in its first frame, every picture box reserved: nothing moves as pictures load (CLS < 0.02) @phone', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const probe: LayoutProbe = {
      shift: 0,
      most: 0,
      read: () => ({ pictures: [], counters: [], showAll: null }),
    };
    (window as unknown as { __probe: LayoutProbe }).__probe = probe;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
        probe.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // The geometry of the frames with pictures in the document, read just before each is
    // painted. The first one kept is the first whose document goes past the pictures ("show all"
    // is there, or the HTML is parsed): a page the server rendered may paint while its HTML is
    // still arriving, with a first picture and nothing under it yet.
    probe.read = () => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return {
          top: r.top + scrollY,
          bottom: r.bottom + scrollY,
          width: r.width,
          height: r.height,
        };
      };
      const all = (id: string) =>
        Array.from(document.querySelectorAll(`[data-testid="${id}"]`), box);
      const showAll = document.querySelector('[data-testid="artwork-show-all"]');
      return {
        pictures: all('artwork-picture').map(({ top, width, height }) => ({ top, width, height })),
        counters: all('artwork-page-counter').map(({ top, bottom }) => ({ top, bottom })),
        showAll: showAll ? box(showAll) : null,
      };
    };
    let frame = false;
    const nextFrame = () => {
      if (frame || !document.querySelector('[data-testid="artwork-picture"]')) return;
      frame = true;
      requestAnimationFrame(() => {
        frame = false;
        const now = probe.read();
        probe.most = Math.max(probe.most, now.pictures.length);
        if (!probe.first && (now.showAll || document.readyState !== 'loading')) probe.first = now;
      });
    };
    new MutationObserver(nextFrame).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', nextFrame);
  });
  await open(page, eleven.id);
  const probe = () =>
    page.evaluate(() => {
      const { shift, first, most, read } = (window as unknown as { __probe: LayoutProbe }).__probe;
      return { shift, first: first!, most, now: read() };
    });
  await page.waitForFunction(
    () => (window as unknown as { __probe: LayoutProbe }).__probe.first !== undefined,
  );
  const { first } = await probe();
  // collapsed from the start: 3 pictures and "show all N", no frame with more pages
  expect(first.pictures).toHaveLength(3);
  expect(first.showAll).not.toBeNull();
  const ratio = eleven.height / eleven.width;
  for (const p of first.pictures) {
    expect(p.height).toBeGreaterThan(100);
    expect(Math.abs(p.height - p.width * ratio)).toBeLessThan(2);
  }
  // no page counter lies over "show all"
  for (const c of first.counters) expect(c.bottom).toBeLessThanOrEqual(first.showAll!.top);
  await page.getByTestId('artwork-show-all').scrollIntoViewIfNeeded();
  for (const img of await page.getByTestId('artwork-image').all()) await expectImageLoaded(img);
  const { now: loaded, shift, most } = await probe();
  expect(most).toBe(3);
  const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1);
  first.pictures.forEach((p, i) => {
    near(loaded.pictures[i]!.top, p.top);
    near(loaded.pictures[i]!.height, p.height);
  });
  near(loaded.showAll!.top, first.showAll!.top);
  expect(shift).toBeLessThan(0.02);
});

test("the author's carousel shows with 10 or more works beside the metadata, its 'more' slide to their works @phone", async ({
  page,
}) => {
  await open(page, prolific.id);
  const row = page.getByTestId('artwork-author-works');
  await expect(row.getByTestId('row-item').first()).toBeVisible();
  const shown = await row.getByTestId('row-item').count();
  expect(shown).toBeGreaterThanOrEqual(5);
  expect(shown).toBeLessThanOrEqual(10);
  await expect(row.getByTestId('row-more').locator('img')).toHaveCount(5);
  const pictures = (await page.getByTestId('artwork-picture').last().boundingBox())!;
  const side = (await page.locator('#main aside').boundingBox())!;
  const carousel = (await row.boundingBox())!;
  if (page.viewportSize()!.width >= 1000) {
    // on a wide screen it follows the pictures in the main column, beside the metadata column
    // (not under the taller of the two, which left an empty area under a landscape picture)
    expect(carousel.x + carousel.width).toBeLessThanOrEqual(side.x);
    expect(carousel.y - (pictures.y + pictures.height)).toBeLessThan(40);
  } else {
    // on a phone, one column: pictures, then the metadata, then the carousel
    expect(side.y).toBeGreaterThanOrEqual(pictures.y + pictures.height - 1);
    expect(carousel.y).toBeGreaterThanOrEqual(side.y + side.height - 1);
  }
  await row.getByTestId('row-more').click();
  await expect(page).toHaveURL(`/users/${prolific.user.id}/artworks`);
});

test('under 10 works there is no carousel', async ({ page }) => {
  await open(page, newcomer.id);
  await expect(page.getByTestId('related').getByTestId('artwork-card').first()).toBeVisible();
  await expect(page.getByTestId('artwork-author-works')).toHaveCount(0);
});

test('related works page on by next_url past 60 items', async ({ page }) => {
  const asked: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/related')) asked.push(new URL(r.url()));
  });
  await open(page, single.id);
  const related = page.getByTestId('related');
  await expect(related.getByTestId('artwork-card').first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 4000);
        return asked.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(3);
  expect(asked[0]!.searchParams.get('id')).toBe(String(single.id));
  expect(asked[1]!.searchParams.get('nextUrl')).toMatch(
    /^https:\/\/app-api\.pixiv\.net\/v2\/illust\/related\?/,
  );
  await expect(related.getByTestId('artwork-card').first()).toBeVisible();
});

test('signed in, bookmark and unbookmark; a failure leaves the state with its toast', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(
    (token) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: token, useLocalAppApi: true }),
      ),
    SAFE_TOKEN,
  );
  await open(page, single.id);
  const button = page.getByTestId('artwork-bookmark');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/app-api.pixiv.net/v2/illust/bookmark/add', status: 500, times: 1 },
  });
  await button.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Bookmarking failed.' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveAttribute('aria-busy', 'false');
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/app-api.pixiv.net/v1/illust/bookmark/delete', status: 500, times: 1 },
  });
  await button.click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Removing the bookmark failed.' }),
  ).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
});

test('visitors get no bookmark button; the share sheet offers its targets and the QR code @phone', async ({
  page,
}) => {
  await open(page, single.id);
  await expect(page.getByTestId('artwork-bookmark')).toHaveCount(0);
  const sheet = page.getByTestId('share-sheet');
  // a click on the backdrop, outside the sheet, closes it (as Escape and its Close button do)
  await page.getByTestId('artwork-share').click();
  await expect(sheet).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(sheet).toHaveCount(0);
  await page.getByTestId('artwork-share').click();
  // a click inside it (on its padding, beside the heading) does not
  const box = (await sheet.getByRole('heading').boundingBox())!;
  await page.mouse.click(box.x + box.width - 2, box.y - 8);
  // nor does a drag from inside it onto the backdrop (selecting its text)
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(4, 4);
  await page.mouse.up();
  await expect(sheet).toBeVisible();
  // each target: a drawn icon (no letter in a circle), named by its label, no two icons alike
  const names = {
    copy: 'Copy link',
    qrcode: 'QR code',
    weibo: 'Weibo',
    qzone: 'Qzone',
    qq: 'QQ',
    wechat: 'WeChat',
    twitter: 'X (Twitter)',
    facebook: 'Facebook',
  };
  const drawn = new Set<string>();
  for (const [target, name] of Object.entries(names)) {
    const button = sheet.getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('data-testid', `share-${target}`);
    const icon = button.locator('svg');
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAttribute('aria-hidden', 'true');
    const shape = await icon.evaluate((svg) => svg.innerHTML);
    expect(shape).toMatch(/<(path|rect)/);
    drawn.add(shape);
  }
  expect(drawn.size).toBe(Object.keys(names).length);
  await sheet.getByTestId('share-qrcode').click();
  const qr = sheet.getByTestId('share-qr');
  await expectImageLoaded(qr);
  expect(decodeURIComponent((await qr.getAttribute('src'))!)).toContain(`/artworks/${single.id}`);
  // the web targets open the service's share page in a new tab
  const opened = page.context().waitForEvent('request', (r) => r.url().includes('twitter.com'));
  await sheet.getByTestId('share-twitter').click();
  const url = new URL((await opened).url());
  expect(url.pathname).toBe('/intent/tweet');
  expect(url.searchParams.get('url')).toMatch(new RegExp(`/artworks/${single.id}$`));
});

test('a tapped picture opens the full-screen viewer: pages by button, arrow key and swipe; zoom; Esc @phone', async ({
  page,
}) => {
  await open(page, long.id);
  await page.getByTestId('artwork-picture').nth(1).click();
  const viewer = page.getByTestId('image-viewer');
  const counter = viewer.getByTestId('image-viewer-counter');
  await expect(counter).toHaveText(`2 / ${long.page_count}`);
  await expectImageLoaded(viewer.getByTestId('image-viewer-image'));
  await viewer.getByTestId('image-viewer-next').click();
  await expect(counter).toHaveText(`3 / ${long.page_count}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`2 / ${long.page_count}`);
  // a swipe to the left: the next page
  const stage = viewer.getByTestId('image-viewer-stage');
  const { width, height } = page.viewportSize()!;
  const [x, y] = [width / 2, height / 2];
  await page.mouse.move(x + 50, y);
  await page.mouse.down();
  await page.mouse.move(x - 50, y + 5, { steps: 4 });
  await page.mouse.up();
  await expect(counter).toHaveText(`3 / ${long.page_count}`);
  // zoomed, a drag pans instead of turning the page, and the original loads
  await viewer.getByTestId('image-viewer-zoom-in').click();
  await expect(stage).toHaveAttribute('data-scale', '1.5');
  await expect(viewer.getByTestId('image-viewer-image')).toHaveAttribute('src', /img-original/);
  await page.mouse.move(x + 50, y);
  await page.mouse.down();
  await page.mouse.move(x - 50, y, { steps: 4 });
  await page.mouse.up();
  await expect(counter).toHaveText(`3 / ${long.page_count}`);
  await expect(viewer.getByTestId('image-viewer-image')).toHaveAttribute(
    'style',
    /translate\(-100px/,
  );
  await expect(viewer.getByTestId('image-viewer-original')).toHaveAttribute(
    'href',
    /img-original.*_p2\./,
  );
  const download = page.waitForEvent('download');
  await viewer.getByTestId('image-viewer-download').click();
  expect((await download).suggestedFilename()).toMatch(/_p2\.(jpg|png)$/);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // the page's download button follows the page last viewed
  await expect(page.getByTestId('artwork-download')).toHaveText(/3/);
});

test('with the lightbox setting on, a tapped picture opens the lightbox', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ ...raw, app: { ...(raw.app as object), isUseFancybox: true } }),
    );
  });
  await open(page, long.id);
  await page.getByTestId('artwork-picture').first().click();
  await expect(page.getByTestId('artwork-viewer')).toHaveAttribute('data-mode', 'lightbox');
});

test('comments: 3 roots, the popup with 10 then 30 more, replies on demand, stamps and emoji @phone', async ({
  page,
}) => {
  await open(page, single.id);
  const section = page.getByTestId('comments');
  await expect(section.getByTestId('comment')).toHaveCount(3);
  await section.getByTestId('comments-more').click();
  const popup = page.getByTestId('comments-popup');
  await expect(popup.getByTestId('comment')).toHaveCount(10);
  await popup.getByTestId('comments-more').click();
  await expect(popup.getByTestId('comment')).toHaveCount(40);
  await expectImageLoaded(popup.getByTestId('comment-stamp').first());
  await expectImageLoaded(popup.getByTestId('comment-emoji').first());
  const threaded = popup
    .getByTestId('comment')
    .filter({ has: page.getByTestId('comment-replies-toggle') })
    .first();
  await expect(threaded.getByTestId('comment-reply')).toHaveCount(0);
  await threaded.getByTestId('comment-replies-toggle').click();
  await expect(threaded.getByTestId('comment-reply').first()).toBeVisible();
  // a link inside closes the popup instead of leaving it over the next page
  await threaded.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByTestId('comments-popup')).toHaveCount(0);
});

test('Back with the comments popup open closes it and stays on the artwork (001 §2.12)', async ({
  page,
}) => {
  await page.goto('/');
  await open(page, single.id);
  const section = page.getByTestId('comments');
  const popup = page.getByTestId('comments-popup');
  await section.getByTestId('comments-more').click();
  await expect(popup).toBeVisible();
  await page.goBack();
  await expect(popup).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/artworks/${single.id}$`));
  // closed another way, it takes its history entry back: the next Back leaves the page
  await section.getByTestId('comments-more').click();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('Back closes the share sheet and the block question too, and stays on the artwork (001 §2.12: every sheet and dialog)', async ({
  page,
}) => {
  await page.goto('/');
  await open(page, single.id);
  const here = new RegExp(`/artworks/${single.id}$`);
  const sheet = page.getByTestId('share-sheet');
  await page.getByTestId('artwork-share').click();
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(here);
  // a question (ConfirmDialog): Back answers it as Cancel does; nothing is blocked
  const tag = page.getByTestId('artwork-tag').first();
  const box = (await tag.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const question = page.locator('[data-testid="confirm-dialog"][open]');
  await expect(question).toBeVisible();
  await page.mouse.up();
  await page.goBack();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(here);
  const blocks = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as { blocks?: { tags: string[] } })
        .blocks?.tags ?? [],
  );
  expect(blocks).not.toContain(single.tags[0]!.name);
  // both gave their history entries back: the page's own Back leaves it
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('a link in the comments popup takes its place in the history: Back returns to the artwork once', async ({
  page,
}) => {
  await page.goto('/');
  await open(page, single.id);
  await page.getByTestId('comments').getByTestId('comments-more').click();
  await page.getByTestId('comments-popup').getByTestId('comment').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/artworks/${single.id}$`));
  await expect(page.getByTestId('comments-popup')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('signed in, a comment and a reply are posted; an empty one is refused', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(
    (token) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: token, useLocalAppApi: true }),
      ),
    SAFE_TOKEN,
  );
  await open(page, newcomer.id);
  const section = page.getByTestId('comments');
  const form = section.getByTestId('comment-form').first();
  await form.getByTestId('comment-send').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Comment required' })).toBeVisible();
  await form.getByTestId('comment-input').fill('x'.repeat(150));
  await expect(form.getByTestId('comment-input')).toHaveValue('x'.repeat(140));
  await expect(form.getByTestId('comment-counter')).toHaveText('140 / 140');
  const text = `e2e comment ${Date.now()}`;
  await form.getByTestId('comment-input').fill(text);
  await form.getByTestId('comment-send').click();
  const mine = section.getByTestId('comment').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await mine.getByTestId('comment-reply-button').click();
  await mine.getByTestId('comment-input').fill('e2e reply');
  await mine.getByTestId('comment-send').click();
  await expect(mine.getByTestId('comment-reply').filter({ hasText: 'e2e reply' })).toBeVisible();
});

test('an ugoira plays: the zip’s progress bar while it loads, then frames that change', async ({
  page,
}) => {
  await open(page, ugoira.id);
  await expect(page.getByTestId('artwork-ugoira-mark')).toBeVisible();
  // a slow zip, so that the loading state can be seen: held back in the browser (the server may
  // answer it from memory, without asking upstream, once any test has loaded it)
  await page.route('**/img-zip-ugoira/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const zips: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('img-zip-ugoira')) zips.push(r.url());
  });
  const toggle = page.getByTestId('ugoira-toggle');
  await toggle.click();
  await expect(page.getByTestId('ugoira-progress')).toBeVisible();
  // ignored while loading
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'loading');
  await expect(toggle).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  expect(zips).toHaveLength(1);
  expect(zips[0]).toMatch(/_ugoira1920x1080\.zip$/);
  const canvas = page.getByTestId('ugoira-canvas');
  const pixels = () =>
    canvas.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 997) sum = (sum * 31 + data[i]!) % 1_000_000_007;
      return `${c.width}x${c.height}:${sum}`;
    });
  const first = await pixels();
  expect(first).toMatch(/^[1-9]\d*x[1-9]\d*:/);
  await expect.poll(pixels, { timeout: 10_000 }).not.toBe(first);
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'paused');
  const paused = await pixels();
  await expect(page.getByTestId('ugoira-canvas')).toBeVisible();
  expect(await pixels()).toBe(paused);
});

test('an R-18 work that the content settings hide shows a gate that says why', async ({
  page,
  request,
}) => {
  const r18 = (await rank(request, 'day_r18')).find((w) => w.x_restrict === 1)!;
  await page.goto(`/artworks/${r18.id}`);
  const gate = page.getByTestId('artwork-gate');
  await expect(gate).toContainText('Your content settings hide R-18 works.', { timeout: 30_000 });
  await expect(page.getByTestId('artwork-image')).toHaveCount(0);
  await gate.getByRole('link').click();
  await expect(page).toHaveURL('/setting/contents_display');
});

interface SpecialWorks {
  withheld: { id: number; kind: string; xRestrict: number; pageCount: number }[];
  deleted: { id: number; pageCount: number }[];
}

async function specialWorks(request: APIRequestContext): Promise<SpecialWorks> {
  return (await (
    await request.get(`${SANDBOX_BASE_URL}/_sandbox/special-works`)
  ).json()) as SpecialWorks;
}

test('a work pixiv sends as its limit placeholder loads through the web, without actions', async ({
  page,
  request,
}) => {
  const work = (await specialWorks(request)).withheld.find(
    (w) => w.xRestrict === 0 && w.pageCount <= 5,
  )!;
  expect(work).toBeTruthy();
  // the app API's answer is the placeholder…
  const app = (await (await request.get(`/api/pixiv/illust?id=${work.id}`)).json()) as {
    illust: { visible: boolean; image_urls: { large: string } };
  };
  expect(app.illust.visible).toBe(false);
  expect(app.illust.image_urls.large).toContain('/common/images/limit_');
  // …the page shows the web's pictures, every page, and its note instead of the actions
  await open(page, work.id);
  await expect(page.getByTestId('artwork-image')).toHaveCount(work.pageCount);
  const first = page.getByTestId('artwork-image').first();
  await expectImageLoaded(first);
  await expect(first).toHaveAttribute('src', /img-master/);
  await expect(page.getByTestId('artwork-restricted')).toContainText(
    'Its pictures and details come from the pixiv website',
  );
  await expect(page.getByTestId('artwork-author')).not.toHaveAttribute('href', '/users/0');
  await expect(page.getByTestId('artwork-actions')).toHaveCount(0);
});

test('a deleted work shows what the recovery service kept; one nobody kept, the deleted screen', async ({
  page,
  request,
}) => {
  const deleted = (await specialWorks(request)).deleted[0]!;
  await page.goto(`/artworks/${deleted.id}`);
  const kept = page.getByTestId('artwork-recovered');
  await expect(kept).toContainText('pixiv no longer has this work.', { timeout: 30_000 });
  await expect(kept.getByTestId('recovered-image')).toHaveCount(deleted.pageCount);
  await expectImageLoaded(kept.getByTestId('recovered-image').first().locator('img'));
  await expect(kept.getByRole('link', { name: /^#/ }).first()).toHaveAttribute(
    'href',
    /^\/search\//,
  );
  // an id pixiv never had and no archive kept
  await page.goto('/artworks/3');
  const gone = page.getByTestId('artwork-deleted');
  await expect(gone).toContainText('This work is not available', { timeout: 30_000 });
  await expect(gone).toContainText('deleted or made private by its author');
  await expect(page.getByTestId('artwork-image')).toHaveCount(0);
});

test('a censored work (author on the block list) is not previewed: the content-hidden toast', async ({
  page,
}) => {
  await page.addInitScript(
    (authorId) =>
      localStorage.setItem(
        'pv.settings',
        JSON.stringify({ blocks: { tags: [], authorIds: [authorId] } }),
      ),
    single.user.id,
  );
  await page.goto(`/artworks/${single.id}`);
  // watched from the start: the toast is up for 2.5 s once the work has loaded
  await expect(
    page.getByTestId('toast').filter({ hasText: 'This content is hidden.' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('artwork-censored')).toContainText('on your block list');
  await expect(page.getByTestId('artwork-image')).toHaveCount(0);
});

test('opened from a ranking, ←/→ move to the previous and next work of that list', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const links = page
    .getByTestId('artwork-card')
    .locator('a[href^="/artworks/"]:not([data-testid])');
  await expect(links.nth(2)).toBeVisible({ timeout: 30_000 });
  const ids = await links.evaluateAll((els) =>
    els.slice(0, 3).map((el) => el.getAttribute('href')!),
  );
  await links.nth(1).click();
  await expect(page).toHaveURL(ids[1]!);
  // the page is up (its work may still be loading: the keys do not wait for it)
  await expect(
    page.getByTestId('artwork-loading').or(page.getByTestId('artwork-title')),
  ).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(ids[2]!);
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(ids[1]!);
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(ids[0]!);
  // each move replaced the entry: Back returns to the ranking
  await page.goBack();
  await expect(page).toHaveURL('/rank/daily');
  // (a direct link, without a list, is covered by useListNavigation.test.tsx)
});

test('the related works stay where the server drew them when the app takes over, on a phone and a desktop', async ({
  browser,
  request,
}) => {
  const work = (await rank(request, 'day')).find(
    (w) => w.type === 'illust' && w.page_count === 1 && w.x_restrict === 0,
  )!;
  // its related works cached first: a part later than the server's grace is left to the app
  await request.get(`/api/pixiv/related?id=${work.id}&page=1`);
  for (const device of [PHONE_WITH_HINT, { viewport: { width: 1440, height: 900 } }]) {
    const width = device.viewport.width;
    const { drawn, placed } = await drawnAndPlaced(browser, device, `/artworks/${work.id}`, (p) =>
      p.getByTestId('related'),
    );
    expect(Object.keys(drawn).length, `${width}`).toBeGreaterThan(6);
    // two columns on the phone, three beside the metadata at 1440 px
    expect(columnCount(drawn), `${width}`).toBe(width === 390 ? 2 : 3);
    expectSamePlaces(drawn, placed, `${width}`);
  }
});
