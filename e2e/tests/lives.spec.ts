import { expect, test, type APIRequestContext, type Page, type WebSocket } from './fixtures.ts';
import { SANDBOX_BASE_URL } from '../env.ts';
import { expectImageLoaded, letTimePass, scrollUntil, shellFirst } from './helpers.ts';

interface AppLive {
  id: string;
  name: string;
  is_adult: boolean;
}

async function lives(request: APIRequestContext): Promise<AppLive[]> {
  return ((await (await request.get('/api/pixiv/live_list')).json()) as { lives: AppLive[] }).lives;
}

/** Scrolls the live list until it says it has no more. */
async function loadEveryPage(page: Page) {
  const finished = page.getByTestId('list-finished');
  await scrollUntil(page, () => finished.isVisible());
  await expect(finished).toBeVisible();
}

/**
 * Every live the mirror answered the page with, in order, once each: the app's own calls, so the
 * page is loaded as the shell (a rendered page carries its first page: ssr-lists.spec.ts).
 */
async function answeredLives(page: Page): Promise<AppLive[]> {
  await shellFirst(page.context());
  const seen: AppLive[] = [];
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname !== '/api/pixiv/live_list') return;
    const body = (await r.json()) as { lives: AppLive[] };
    for (const live of body.lives) {
      if (!seen.some((l) => String(l.id) === String(live.id))) seen.push(live);
    }
  });
  return seen;
}

test('the live list shows broadcasts with thumbnails, without adult ones by default', async ({
  page,
}) => {
  const answered = await answeredLives(page);
  await page.goto('/lives');
  await expect(page.getByTestId('home-tabs').getByRole('link', { name: 'Live' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const cards = page.getByTestId('live-card');
  await expect(cards.first()).toBeVisible();
  await expectImageLoaded(cards.first().locator('img').first());
  await loadEveryPage(page);
  // exactly the lives pixiv answered with, in its order, less the adult ones
  const names = await page.getByTestId('live-card-name').allTextContents();
  const adult = answered.filter((l) => l.is_adult);
  expect(adult.length).toBeGreaterThan(0);
  expect(names).toEqual(answered.filter((l) => !l.is_adult).map((l) => l.name));
  for (const live of adult) {
    await expect(page.locator(`a[href="/live/${live.id}"]`)).toHaveCount(0);
  }
  await cards.first().click();
  await expect(page).toHaveURL(/\/live\/\d+$/);
});

test('an R-18 user sees the adult lives too', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ content: { r18: true, r18g: false, ai: true } }),
    ),
  );
  const answered = await answeredLives(page);
  await page.goto('/lives');
  await expect(page.getByTestId('live-card').first()).toBeVisible();
  await loadEveryPage(page);
  const names = await page.getByTestId('live-card-name').allTextContents();
  expect(names).toEqual(answered.map((l) => l.name));
  const adult = answered.filter((l) => l.is_adult);
  expect(adult.length).toBeGreaterThan(0);
  for (const live of adult) {
    await expect(page.locator(`a[href="/live/${live.id}"]`)).toHaveCount(1);
  }
});

test('a slow live list shows card placeholders, then the lives', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pixiv/live_list*', async (route) => {
    await held;
    await route.fallback();
  });
  await shellFirst(page.context());
  await page.goto('/lives');
  const skeleton = page.getByTestId('list-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(page.getByTestId('live-card')).toHaveCount(0);
  await expect(page.getByTestId('list-loading')).toHaveCount(0);
  release();
  await expect(page.getByTestId('live-card').first()).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('a live plays its stream, ticks its time, and its chat grows from the websocket', async ({
  page,
}) => {
  // the chat must grow until it overflows its box, at one message per 1.5 s on wide screens
  test.setTimeout(120_000);
  // At 1024 px the chat beside the video has its least height (a 420 px list) and overflows after
  // a few messages; at 1440 it runs down the taller video column and takes twice as long.
  await page.setViewportSize({ width: 1024, height: 800 });
  const live = (await lives(page.request)).find((l) => !l.is_adult)!;
  await page.goto(`/live/${live.id}`);
  await expect(page.getByTestId('live-detail')).toBeVisible();
  await expect(page.getByTestId('top-bar')).toContainText(live.name);
  // the video really plays
  const video = page.getByTestId('live-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  // h:mm:ss, ticking every second
  const elapsed = page.getByTestId('live-elapsed');
  await expect(elapsed).toHaveText(/^\d+:\d{2}:\d{2}$/);
  const first = await elapsed.textContent();
  await expect(elapsed).not.toHaveText(first!);
  // chat from logs.json, then from the socket
  const entries = page.getByTestId('live-chat-entry');
  await expect(entries.first()).toBeVisible();
  const before = await entries.count();
  const countText = await page.getByTestId('live-chat-count').textContent();
  await expect.poll(() => entries.count(), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId('live-chat-count')).not.toHaveText(countText!);
  // the newest entry is scrolled into view 500 ms after it arrives. Chat keeps arriving (every
  // 1.5 s), so the list is looked at until it sits at its end, scrolled away from the top.
  const chat = page.getByTestId('live-chat');
  await expect
    .poll(() => chat.evaluate((el) => el.scrollHeight > el.clientHeight), { timeout: 40_000 })
    .toBe(true);
  await expect
    .poll(
      () =>
        chat.evaluate(
          (el) => el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 4,
        ),
      { timeout: 5_000, intervals: [100] },
    )
    .toBe(true);
});

test('finish closes the live: the player stops and the time stands still', async ({ page }) => {
  const live = (await lives(page.request)).filter((l) => !l.is_adult)[2]!;
  await page.clock.install();
  await page.goto(`/live/${live.id}`);
  await expect(page.getByTestId('live-chat-entry').first()).toBeVisible();
  // beside the video the chat list runs down to the end of the video's column, not short of it
  const stage = (await page
    .getByTestId('live-detail')
    .locator(':scope > section')
    .first()
    .boundingBox())!;
  const list = (await page.getByTestId('live-chat').boundingBox())!;
  // (the chat box's 1 px border lies between them)
  expect(Math.abs(list.y + list.height - (stage.y + stage.height))).toBeLessThanOrEqual(2);
  const res = await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/lives/${live.id}/finish`);
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('live-finished')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('live-video')).toHaveCount(0);
  const stopped = await page.getByTestId('live-elapsed').textContent();
  // a running clock would have ticked in that time
  await letTimePass(page, 2_000);
  await expect(page.getByTestId('live-elapsed')).toHaveText(stopped!);
});

test('an unknown live says so', async ({ page }) => {
  await page.goto('/live/1');
  await expect(page.getByTestId('live-error')).toContainText('ライブが見つかりません');
  await expect(page.getByTestId('toast')).toContainText('ライブが見つかりません');
});

interface SketchLive {
  finished_at: string | null;
  performers: { hls_movie?: { url: string }; name: string }[];
  owner: { hls_movie?: { url: string } };
}

const numberText = (n: number) => new Intl.NumberFormat('en').format(n);

test('a live with guests switches performers; the socket moves hearts and audience; leaving stops all', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const list = await lives(page.request);
  let live: AppLive | undefined;
  let detail: SketchLive | undefined;
  for (const l of list.filter((x) => !x.is_adult)) {
    const res = await page.request.get(`/api/lives/${l.id}.json`);
    const body = (await res.json()) as { data: SketchLive };
    if (body.data.performers.length > 0 && !body.data.finished_at) {
      live = l;
      detail = body.data;
      break;
    }
  }
  expect(live, 'a live with more than one performer').toBeDefined();
  const sockets: WebSocket[] = [];
  const received: { type: string; count?: number; total?: number; total_count?: number }[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framereceived', (f) => received.push(JSON.parse(String(f.payload))));
  });
  const hls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sketch/hls/')) hls.push(new URL(r.url()).pathname);
  });
  await page.clock.install();
  await page.goto(`/live/${live!.id}`);
  await expect(page.getByTestId('live-detail')).toBeVisible();

  // the switcher: the owner first, then each guest; a guest's tab plays the guest's stream
  const tabs = page.getByTestId('live-performer');
  await expect(tabs).toHaveCount(1 + detail!.performers.length);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const guestPath = `/api/sketch${new URL(detail!.performers[0]!.hls_movie!.url).pathname}`;
  const ownerPath = `/api/sketch${new URL(detail!.owner.hls_movie!.url).pathname}`;
  await expect.poll(() => hls.includes(ownerPath)).toBe(true);
  expect(hls).not.toContain(guestPath);
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'false');
  await expect.poll(() => hls.includes(guestPath)).toBe(true);
  const video = page.getByTestId('live-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);

  // hearts and audience as the socket says them
  const last = (type: string) => received.filter((m) => m.type === type).at(-1);
  await expect
    .poll(() => !!last('heart') && !!last('audience_count_updated'), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const heart = last('heart')!;
      return (
        (await page.getByTestId('live-hearts').textContent()) ===
        `${numberText(heart.total_count!)} hearts`
      );
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const audience = last('audience_count_updated')!;
      const members = await page.getByTestId('live-members').textContent();
      const total = await page.getByTestId('live-total').textContent();
      return (
        members === `${numberText(audience.count!)} watching` &&
        total === `${numberText(audience.total!)} viewers in total`
      );
    })
    .toBe(true);

  // leaving within the app closes the socket and stops the player
  expect(sockets).toHaveLength(1);
  const closed = new Promise<void>((resolve) => sockets[0]!.on('close', () => resolve()));
  await page.getByTestId('live-detail').locator('a[href^="/users/"]').first().click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await closed;
  await expect(page.getByTestId('live-video')).toHaveCount(0);
  const before = hls.length;
  // a player still running would have asked for its playlist again in that time
  await letTimePass(page, 4_000);
  expect(hls.length).toBe(before);
  expect(sockets).toHaveLength(1);
});
