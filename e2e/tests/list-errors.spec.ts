import { expect, test, type Page } from './fixtures.ts';
import { SANDBOX_BASE_URL } from '../env.ts';
import { shellFirst } from './helpers.ts';

/**
 * Every list's error state (spec 000 §4 Lists, §8): pixiv failing once makes the list toast the
 * message, show 'net_err' with a retry, and the retry loads the list. The failures are injected
 * into the sandbox the server under test talks to.
 */
async function failOnce(page: Page, pathPrefix: string, fault: Record<string, unknown>) {
  const res = await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix, times: 1, ...fault },
  });
  expect(res.ok()).toBe(true);
}

test.afterEach(async ({ request }) => {
  await request.delete(`${SANDBOX_BASE_URL}/_sandbox/faults`);
});

/**
 * A start date that the other project's run of the same test did not ask for, so that the
 * server's search cache cannot answer it.
 */
const freshStart = () => (test.info().project.name === 'mobile' ? '2007-09-14' : '2007-09-13');
/**
 * Likewise a novel ranking of its own per project (rankings are cached for days). The date
 * matters as much as the mode: the novel home's random list asks for random modes 2 to 14 days
 * back, so a default-date ranking may already be cached by an earlier test.
 */
const freshRanking = () =>
  test.info().project.name === 'mobile'
    ? 'day_male?date=2012-03-04'
    : 'week_rookie?date=2012-03-05';

const cases = [
  {
    name: 'illust search results',
    upstream: '/app-api.pixiv.net/v1/search/illust',
    path: () => `/search/${encodeURIComponent('猫')}?start_date=${freshStart()}`,
    loaded: 'artwork-card',
  },
  {
    name: 'novel search results',
    upstream: '/app-api.pixiv.net/v1/search/novel',
    path: () => `/search_novel/${encodeURIComponent('恋愛')}?start_date=${freshStart()}`,
    loaded: 'novel-card',
  },
  {
    name: 'user search results',
    upstream: '/app-api.pixiv.net/v1/search/user',
    path: () =>
      `/search_user/${encodeURIComponent(test.info().project.name === 'mobile' ? '花' : '星')}`,
    loaded: null,
  },
  {
    name: 'the novel ranking',
    upstream: '/app-api.pixiv.net/v1/novel/ranking',
    path: () => `/rank_novel/${freshRanking()}`,
    loaded: 'novel-card',
  },
] as const;

for (const c of cases) {
  test(`${c.name}: pixiv's 'Rate Limit' toasts, shows the retry, and the retry loads`, async ({
    page,
  }) => {
    await failOnce(page, c.upstream, { rateLimit: true });
    // the fault is for the app's call: a page the server renders (the novel ranking) would meet
    // it in the server's own call, then come as the shell whose call succeeds
    await shellFirst(page.context());
    await page.goto(c.path());
    await expect(page.getByTestId('toast')).toHaveText(
      'Too many requests. Please try again later.',
    );
    const retry = page.getByTestId('list-error');
    await expect(retry).toHaveText('Network error. Tap to retry.');
    await retry.click();
    await expect(retry).toHaveCount(0);
    if (c.loaded) await expect(page.getByTestId(c.loaded).first()).toBeVisible();
    else
      await expect(
        page.getByTestId('list-finished').or(page.getByTestId('list-empty')),
      ).toBeVisible();
  });
}

test('a search that pixiv answers with a server error says the unknown-error text', async ({
  page,
}) => {
  await failOnce(page, '/app-api.pixiv.net/v1/search/illust', { status: 500 });
  // the fault is for the app's call: the server renders searches, and would meet it in its own
  await shellFirst(page.context());
  await page.goto(`/search/${encodeURIComponent('風景')}?start_date=${freshStart()}`);
  await expect(page.getByTestId('toast')).toHaveText('Something went wrong. Please try again.');
  await expect(page.getByTestId('list-error')).toBeVisible();
  await expect(page.getByTestId('artwork-card')).toHaveCount(0);
});
