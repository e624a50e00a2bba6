import { expect, test } from './fixtures.ts';
import { SANDBOX_BASE_URL } from '../env.ts';

/**
 * Upstream faults as the app shows them (issue 20, fault matrix "in the app"): with pixiv failing
 * in one of its ways (error status, rate limit, a body that is not JSON, a dropped connection),
 * each main screen shows a toast or its error state with a way to retry, never a blank page.
 * The ids and dates are new to this run, so that no cached copy can hide the fault.
 */

test.afterEach(async ({ request }) => {
  await request.delete(`${SANDBOX_BASE_URL}/_sandbox/faults`);
});

const n = 900_000_000 + Math.floor(Math.random() * 90_000_000);
const day = `20${10 + (n % 8)}-0${1 + (n % 9)}-1${n % 10}`;

const screens = [
  {
    name: 'artwork',
    path: `/artworks/${n}`,
    upstream: '/app-api.pixiv.net/v1/illust/detail',
    fault: { status: 500 },
    error: 'artwork-error',
  },
  {
    name: 'novel',
    path: `/novel/${n}`,
    upstream: '/app-api.pixiv.net/',
    fault: { malformed: true },
    error: 'novel-error',
  },
  {
    name: 'user',
    path: `/users/${n}`,
    upstream: '/app-api.pixiv.net/v1/user/detail',
    fault: { drop: true },
    error: 'user-error',
  },
  {
    name: 'ranking',
    path: `/rank/daily?date=${day}`,
    upstream: '/app-api.pixiv.net/v1/illust/ranking',
    fault: { rateLimit: true },
    error: 'list-error',
  },
  {
    name: 'pixivision article',
    path: `/spotlight/${n % 100_000}`,
    upstream: '/www.pixivision.net/',
    fault: { status: 503 },
    error: 'spotlight-error',
  },
  {
    name: 'live',
    path: `/live/${n}`,
    upstream: '/sketch.pixiv.net/',
    fault: { status: 500 },
    error: 'live-error',
  },
] as const;

test('each main screen shows pixiv failing as a toast or an error state, never a blank page', async ({
  page,
}) => {
  for (const s of screens) {
    await test.step(s.name, async () => {
      await page.request.delete(`${SANDBOX_BASE_URL}/_sandbox/faults`);
      const res = await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
        data: { pathPrefix: s.upstream, ...s.fault },
      });
      expect(res.ok()).toBe(true);
      await page.goto(s.path);
      const error = page.getByTestId(s.error).first();
      await expect(error.or(page.getByTestId('toast')).first()).toBeVisible();
      await expect(error).toBeVisible();
      // the shell is there around it, and the page says something
      await expect(page.getByTestId('route-error')).toHaveCount(0);
      expect((await page.locator('main').innerText()).trim().length).toBeGreaterThan(10);
      // where the error state has a retry, it is a button that can be reached
      const retry = page
        .getByTestId(s.error)
        .first()
        .locator('xpath=self::button|.//button')
        .first();
      if ((await retry.count()) > 0) await expect(retry).toBeEnabled();
    });
  }
});
