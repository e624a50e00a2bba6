import { expect, test, type Page } from './fixtures.ts';
import {
  DEFAULT_CONTENT_SETTINGS,
  normaliseIllust,
  recommendedUsersFeed,
  type ContentPreferences,
  type RawUserPreview,
  type WebRecommendedUser,
} from '@pv/core';
import { expectImageLoaded, letTimePass } from './helpers.ts';

/** Discovery (spec 000 §2, §4; self-hosted mode, as the e2e server runs): artworks and users. */

/** The spec's recommended-users call (000 §7 `/user_recommended`, getRecommendedUser). */
const USERS_PATH = '/api/pixiv/user_recommended';

interface RawUsers {
  user_previews: RawUserPreview[];
}

/**
 * Answers every recommended-users call of the page with the first answer the server gave, so a
 * reload shows the same users. Returns that answer.
 */
async function pinRecommendedUsers(page: Page): Promise<() => RawUsers> {
  let pinned: RawUsers | undefined;
  await page.route(`**${USERS_PATH}*`, async (route) => {
    if (!pinned) pinned = (await (await route.fetch()).json()) as RawUsers;
    await route.fulfill({ json: pinned });
  });
  return () => {
    if (!pinned) throw new Error('no recommended users answer yet');
    return pinned;
  };
}

function normalise(body: RawUsers): WebRecommendedUser[] {
  return body.user_previews.map((p) => ({
    id: p.user.id,
    name: p.user.name,
    avatar: p.user.profile_image_urls.medium,
    illusts: p.illusts.map(normaliseIllust),
  }));
}

/** Each user card: the user id it opens and the artwork ids of its works, in order. */
async function shownUsers(page: Page): Promise<{ id: number; works: number[] }[]> {
  return page.getByTestId('user-card').evaluateAll((cards) =>
    cards.map((card) => ({
      id: Number(/\/users\/(\d+)/.exec(card.querySelector('a')?.getAttribute('href') ?? '')?.[1]),
      works: Array.from(card.querySelectorAll('[data-testid="user-card-work"]')).map((a) =>
        Number(/\/artworks\/(\d+)/.exec(a.getAttribute('href') ?? '')?.[1]),
      ),
    })),
  );
}

/** The cards the rule keeps (spec 000 §5: no works or adult-looking tags drop a user). */
function expected(body: RawUsers, prefs: ContentPreferences) {
  return recommendedUsersFeed(normalise(body), prefs).map((u) => ({
    id: u.id,
    works: u.illusts.map((a) => a.id),
  }));
}

test('discovery users: a tab of the recommended users (/user_recommended), loaded once and finished', async ({
  page,
}) => {
  const calls: string[] = [];
  const webCalls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === USERS_PATH) calls.push(r.url());
    if (path === '/api/web/discovery_users') webCalls.push(r.url());
  });
  const answer = await pinRecommendedUsers(page);
  await page.clock.install();
  await page.goto('/discovery');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  // the users are asked for only once their tab is opened
  expect(calls).toEqual([]);
  await page.getByTestId('discovery-tab-users').click();
  await expect(page).toHaveURL(/\/discovery\?tab=users$/);
  await expect(page.getByTestId('discovery-tab-users')).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByTestId('user-card');
  await expect(cards.first()).toBeVisible();
  const want = expected(answer(), {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });
  expect(want.length).toBeGreaterThan(2);
  await expect(cards).toHaveCount(want.length);
  expect(await shownUsers(page)).toEqual(want);
  await expect(cards.first().getByTestId('user-card-name')).not.toBeEmpty();
  await expectImageLoaded(cards.first().getByTestId('user-card-work').first().locator('img'));
  // one load finishes the list: scrolling to the end asks for nothing more
  await expect(page.getByTestId('list-finished')).toBeVisible();
  await page.getByTestId('list-finished').scrollIntoViewIfNeeded();
  await letTimePass(page, 2_500);
  expect(calls).toHaveLength(1);
  // the spec's call, not the web discovery one
  expect(webCalls).toEqual([]);
  // a user card opens the user
  const first = want[0]!;
  await cards.first().locator(`a[href="/users/${first.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/users/${first.id}$`));
  await page.goBack();
  await page.getByTestId('discovery-tab-artworks').click();
  await expect(page).toHaveURL(/\/discovery$/);
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('discovery users: blocked authors leave, blocked tags and AI-off take works off the cards', async ({
  page,
}) => {
  const answer = await pinRecommendedUsers(page);
  // the app's own call (a page opened at `?tab=users` comes with the server's answer)
  await page.goto('/discovery');
  await page.getByTestId('discovery-tab-users').click();
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  const body = answer();
  const users = recommendedUsersFeed(normalise(body), {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });
  const blockedAuthor = users[0]!.id;
  // a tag of the second user's first work, which that user's other works do not all carry
  const second = users[1]!;
  const blockedTag = second.illusts[0]!.tags.find(
    (t) => !second.illusts.every((a) => a.tags.some((u) => u.name === t.name)),
  )!.name;
  const prefs: ContentPreferences = {
    content: { ...DEFAULT_CONTENT_SETTINGS, ai: false },
    blocks: { tags: [blockedTag], authorIds: [blockedAuthor] },
  };
  await page.evaluate(
    (v) => localStorage.setItem('pv.settings', JSON.stringify(v)),
    prefs as unknown as object,
  );
  await page.reload();
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  const want = expected(body, prefs);
  const all = expected(body, {
    content: DEFAULT_CONTENT_SETTINGS,
    blocks: { tags: [], authorIds: [] },
  });
  // the settings do change what is shown: the author is gone, the tag takes works away
  expect(want.map((u) => u.id)).not.toContain(blockedAuthor);
  expect(want.flatMap((u) => u.works).length).toBeLessThan(
    all.filter((u) => u.id !== blockedAuthor).flatMap((u) => u.works).length,
  );
  await expect(page.getByTestId('user-card')).toHaveCount(want.length);
  expect(await shownUsers(page)).toEqual(want);
  await expect(page.locator(`a[href="/users/${blockedAuthor}"]`)).toHaveCount(0);
});
