import { expect, test, type APIRequestContext } from '@playwright/test';
import { SANDBOX_BASE_URL } from '../env.ts';
import { expectImageLoaded } from './helpers.ts';

interface AppLive {
  id: string;
  name: string;
  is_adult: boolean;
}

async function lives(request: APIRequestContext): Promise<AppLive[]> {
  return ((await (await request.get('/api/pixiv/live_list')).json()) as { lives: AppLive[] }).lives;
}

test('the live list shows broadcasts with thumbnails, without adult ones by default', async ({
  page,
}) => {
  const all = await lives(page.request);
  expect(all.some((l) => l.is_adult)).toBe(true);
  await page.goto('/lives');
  await expect(page.getByTestId('home-tabs').getByRole('link', { name: 'Live' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const cards = page.getByTestId('live-card');
  await expect(cards.first()).toBeVisible();
  await expectImageLoaded(cards.first().locator('img').first());
  // every page loaded (the list is short), so counts are stable
  const finished = page.getByTestId('list-finished');
  for (let i = 0; i < 20 && !(await finished.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await expect(finished).toBeVisible();
  const names = await page.getByTestId('live-card-name').allTextContents();
  const safe = all.filter((l) => !l.is_adult).map((l) => l.name);
  for (const name of names.slice(0, 10)) expect(safe).toContain(name);
  expect(names.length).toBe(await cards.count());
  expect(names.length).toBeLessThan(all.length + 30);
  for (const adult of all.filter((l) => l.is_adult)) {
    await expect(page.locator(`a[href="/live/${adult.id}"]`)).toHaveCount(0);
  }
  await cards.first().click();
  await expect(page).toHaveURL(/\/live\/\d+$/);
});

test('a live plays its stream, ticks its time, and its chat grows from the websocket', async ({
  page,
}) => {
  // the chat must grow until it overflows its box, at one message per 1.5 s on wide screens
  test.setTimeout(120_000);
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
  await expect(elapsed).not.toHaveText(first!, { timeout: 3_000 });
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
  await page.goto(`/live/${live.id}`);
  await expect(page.getByTestId('live-chat-entry').first()).toBeVisible();
  await page.waitForTimeout(500);
  const res = await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/lives/${live.id}/finish`);
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('live-finished')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('live-video')).toHaveCount(0);
  const stopped = await page.getByTestId('live-elapsed').textContent();
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('live-elapsed')).toHaveText(stopped!);
});

test('an unknown live says so', async ({ page }) => {
  await page.goto('/live/1');
  await expect(page.getByTestId('live-error')).toContainText('ライブが見つかりません');
  await expect(page.getByTestId('toast')).toContainText('ライブが見つかりません');
});
