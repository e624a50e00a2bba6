import { expect, test, type Page } from './fixtures.ts';
import { SANDBOX_BASE_URL } from '../env.ts';
import { expectImageLoaded, idb, letTimePass, linkedArtworkId } from './helpers.ts';

// The sandbox's safe demo account (packages/sandbox/README.md).
const SAFE_TOKEN = 'sbxSafeRefreshToken000000000000000000000002';

const setApp = (page: Page, app: Record<string, unknown>) =>
  page.evaluate((a) => {
    const stored = JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as { app?: object };
    localStorage.setItem(
      'pv.settings',
      JSON.stringify({ ...stored, app: { ...stored.app, ...a } }),
    );
  }, app);

async function longPress(
  page: Page,
  target: { x: number; y: number; width: number; height: number },
) {
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
  await page.mouse.down();
  // held for a second on the page's clock (the test installed it)
  await page.clock.fastForward(1_000);
  await page.mouse.up();
}

test('viewed artworks go into the IndexedDB history: newest first, once each, at most 100', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const first = page.getByTestId('artwork-card').first();
  const id = await linkedArtworkId(first.getByTestId('artwork-card-title'));
  // 100 older entries, the one about to be viewed among them
  const seeded = Array.from({ length: 100 }, (_, i) => ({
    id: 900_000_000 + i,
    title: `seed ${i}`,
  }));
  seeded[50] = { id, title: 'viewed before' };
  await idb(page, 'illusts.history', seeded);

  await first.locator('img').click();
  await expect(page.getByTestId('artwork-title')).toBeVisible();
  await expect
    .poll(async () => ((await idb(page, 'illusts.history')) as { id: number }[])[0]?.id)
    .toBe(id);
  let history = (await idb(page, 'illusts.history')) as { id: number; title: string }[];
  expect(history).toHaveLength(100);
  expect(history.filter((e) => e.id === id)).toHaveLength(1);
  // the stored entry is the artwork itself, not the seed
  expect(history[0]!.title).not.toBe('viewed before');

  // a new artwork pushes the oldest out
  await page.goBack();
  const other = page.getByTestId('artwork-card').nth(1);
  const otherId = await linkedArtworkId(other.getByTestId('artwork-card-title'));
  await other.locator('img').click();
  await expect(page.getByTestId('artwork-title')).toBeVisible();
  await expect
    .poll(async () => ((await idb(page, 'illusts.history')) as { id: number }[])[0]?.id)
    .toBe(otherId);
  history = (await idb(page, 'illusts.history')) as { id: number; title: string }[];
  expect(history).toHaveLength(100);
  expect(history.map((e) => e.id).slice(0, 2)).toEqual([otherId, id]);
  expect(history.some((e) => e.id === 900_000_099)).toBe(false);
});

test('startup: adult content with the Simplified Chinese UI blanks the app for a blocked page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/rank/daily');
  await page.evaluate(() => {
    localStorage.setItem('pv.language', 'zh-Hans');
    localStorage.setItem('pv.settings', JSON.stringify({ content: { r18: true } }));
  });
  await page.reload();
  await expect(page.getByTestId('blocked-page')).toHaveText('已屏蔽。');
  await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
  await expect(page.getByTestId('artwork-card')).toHaveCount(0);
  expect(errors).toContain('BLOCKED.');
  expect(await page.evaluate(() => localStorage.getItem('pv.nsfw'))).toBe('1');

  // another language with the flag on starts normally
  await page.evaluate(() => localStorage.setItem('pv.language', 'en'));
  await page.reload();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
});

test('startup: local-app mode without a valid config says Not login. and runs as a visitor', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  // The app reads the config after 'load' (its catalogue comes first): planting the config before
  // it has started would let this first load act on it, turn the mode off and toast unobserved.
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await page.evaluate(() =>
    localStorage.setItem(
      'pv.clientConfig',
      JSON.stringify({ refreshToken: 'short', useLocalAppApi: true }),
    ),
  );
  // The toast shows for 2.5 s from startup, possibly before a loaded machine finishes the reload:
  // every toast is recorded as it appears.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid=toast]')))
        if (el.textContent && !seen.includes(el.textContent)) seen.push(el.textContent);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen))
    .toContainEqual(expect.stringContaining('Not login.'));
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  const config = await page.evaluate(() => JSON.parse(localStorage.getItem('pv.clientConfig')!));
  expect(config.useLocalAppApi).toBe(false);
});

test('startup: WeChat gets the browser message, an old Chrome a 2.5 s toast', async ({
  browser,
}) => {
  const wechat = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560',
  });
  const p1 = await wechat.newPage();
  await p1.goto('/rank/daily');
  await expect(p1.getByTestId('startup-notice')).toContainText(
    'Please open the page in Chrome or Edge',
  );
  await p1.getByTestId('startup-notice').getByRole('button').click();
  await expect(p1.getByTestId('startup-notice')).toHaveCount(0);
  await wechat.close();

  const old = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/105.0.0.0 Safari/537.36',
  });
  const p2 = await old.newPage();
  await p2.goto('/rank/daily');
  const toast = p2.getByTestId('toast').filter({ hasText: 'Your browser is out of date' });
  await expect(toast).toBeVisible();
  const shown = Date.now();
  await expect(toast).toHaveCount(0, { timeout: 5_000 });
  expect(Date.now() - shown).toBeLessThan(3_500);
  await expect(p2.getByTestId('startup-notice')).toHaveCount(0);
  await old.close();
});

test('the card title opens the full-size viewer; with the lightbox on, one page at a time', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const firstMulti = page
    .getByTestId('artwork-card')
    .filter({ has: page.getByTestId('artwork-card-count') })
    .first();
  // the same work after the reload below, wherever the grid then puts it
  const id = await linkedArtworkId(firstMulti.locator('a[href^="/artworks/"]').first());
  const multi = page
    .getByTestId('artwork-card')
    .filter({ has: page.locator(`a[href="/artworks/${id}"]`) })
    .first();
  const count = Number(await multi.getByTestId('artwork-card-count').textContent());
  expect(count).toBeGreaterThan(1);
  await multi.getByTestId('artwork-card-title').click();
  const viewer = page.getByTestId('artwork-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute('data-mode', 'viewer');
  await expect(page).toHaveURL(/\/rank\/daily$/);
  await expect(viewer.getByTestId('artwork-viewer-image')).toHaveCount(count);
  await expectImageLoaded(viewer.getByTestId('artwork-viewer-image').first());
  expect(await viewer.getByTestId('artwork-viewer-image').first().getAttribute('src')).toMatch(
    /^\/i\/.*master1200/,
  );
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await setApp(page, { isUseFancybox: true });
  await page.reload();
  await multi.getByTestId('artwork-card-title').click();
  await expect(viewer).toHaveAttribute('data-mode', 'lightbox');
  await expect(viewer.getByTestId('artwork-viewer-image')).toHaveCount(1);
  await expectImageLoaded(viewer.getByTestId('artwork-viewer-image'));
  await expect(viewer.getByTestId('artwork-viewer-counter')).toHaveText(`1 / ${count}`);
  await viewer.getByTestId('artwork-viewer-next').click();
  await expect(viewer.getByTestId('artwork-viewer-counter')).toHaveText(`2 / ${count}`);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('artwork-viewer-counter')).toHaveText(`1 / ${count}`);
  await viewer.getByTestId('artwork-viewer-close').click();
  await expect(viewer).toHaveCount(0);
});

test('a long press (800 ms) offers to block the author, who then disappears from lists @phone', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/rank/daily');
  const first = page.getByTestId('artwork-card').first();
  await expect(first).toBeVisible();
  // off by default: a long press is a plain press
  await longPress(page, (await first.locator('img').boundingBox())!);
  await expect(page.getByTestId('block-dialog')).toHaveCount(0);

  await page.goto('/rank/daily');
  await setApp(page, { isLongpressBlock: true });
  await page.reload();
  const card = page.getByTestId('artwork-card').first();
  const author = (await card.getByTestId('artwork-card-author').textContent())!;
  const authorHref = (await card.getByTestId('artwork-card-author').getAttribute('href'))!;
  const box = (await card.locator('img').boundingBox())!;
  // a press that moves more than 10 px is no long press
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + 20);
  await letTimePass(page, 1_000);
  await page.mouse.up();
  await expect(page.getByTestId('block-dialog')).toHaveCount(0);

  await longPress(page, box);
  const dialog = page.getByTestId('block-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/rank\/daily$/);
  await expect(dialog.getByTestId('block-author')).toContainText(author);
  await dialog.getByTestId('block-author').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Added to the block list.' }),
  ).toBeVisible();
  const authorId = Number(/\/users\/(\d+)/.exec(authorHref)?.[1]);
  const blocks = await page.evaluate(() => JSON.parse(localStorage.getItem('pv.settings')!).blocks);
  expect(blocks.authorIds).toContain(authorId);
  await page.reload();
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await expect(
    page.locator(`[data-testid="artwork-card-author"][href="${authorHref}"]`),
  ).toHaveCount(0);
});

test('a long press with download on saves the pages under the file-name template @phone', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/rank/daily');
  await setApp(page, { isLongpressDL: true, dlFileNameTpl: '{pid}_p{index}' });
  await page.reload();
  const card = page
    .getByTestId('artwork-card')
    .filter({ hasNot: page.getByTestId('artwork-card-count') })
    .first();
  const id = await linkedArtworkId(card.getByTestId('artwork-card-title'));
  const download = page.waitForEvent('download');
  await longPress(page, (await card.locator('img').boundingBox())!);
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${id}_p0\\.(jpg|png)$`));
  // the press did not open the artwork
  await expect(page).toHaveURL(/\/rank\/daily$/);
});

test('signed in, the heart toggles the bookmark through the server; a failure rolls back', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  // visitors get no heart
  await expect(page.getByTestId('bookmark-heart')).toHaveCount(0);
  await page.evaluate(
    (token) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken: token, useLocalAppApi: true }),
      ),
    SAFE_TOKEN,
  );
  await page.reload();
  const card = page
    .getByTestId('artwork-card')
    .filter({ has: page.locator('[data-testid="bookmark-heart"][aria-pressed="false"]') })
    .first();
  const id = await linkedArtworkId(card.getByTestId('artwork-card-title'));
  const mine = page.getByTestId('artwork-card').filter({
    has: page.locator(`[data-testid="artwork-card-title"][href="/artworks/${id}"]`),
  });
  const heart = mine.getByTestId('bookmark-heart');
  // Asked of the sandbox itself: the mirror keeps artwork details without expiry.
  const auth = await page.request.post(`${SANDBOX_BASE_URL}/oauth.secure.pixiv.net/auth/token`, {
    form: {
      grant_type: 'refresh_token',
      refresh_token: SAFE_TOKEN,
      client_id: 'e2e',
      client_secret: 'e2e',
    },
  });
  const { access_token } = (await auth.json()) as { access_token: string };
  const isBookmarked = async () => {
    const res = await page.request.get(
      `${SANDBOX_BASE_URL}/app-api.pixiv.net/v1/illust/detail?illust_id=${id}`,
      { headers: { authorization: `Bearer ${access_token}` } },
    );
    return ((await res.json()) as { illust: { is_bookmarked: boolean } }).illust.is_bookmarked;
  };
  expect(await isBookmarked()).toBe(false);

  // a slow answer: the heart flips at once and further taps are ignored
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/app-api.pixiv.net/v2/illust/bookmark/add', latencyMs: 1500, times: 1 },
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/pixiv/req_post')) posts.push(r.url());
  });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-busy', 'false');
  expect(posts).toHaveLength(1);
  const url = new URL(posts[0]!);
  expect(url.searchParams.get('path')).toBe('v2/illust/bookmark/add');
  expect(JSON.parse(url.searchParams.get('data')!)).toEqual({ illust_id: id, restrict: 'public' });
  expect(await isBookmarked()).toBe(true);

  // unbookmark, failing once: rolled back with a toast
  await page.request.post(`${SANDBOX_BASE_URL}/_sandbox/faults`, {
    data: { pathPrefix: '/app-api.pixiv.net/v1/illust/bookmark/delete', status: 500, times: 1 },
  });
  await heart.click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Removing the bookmark failed.' }),
  ).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await isBookmarked()).toBe(true);

  // and again, now succeeding
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAttribute('aria-busy', 'false');
  expect(await isBookmarked()).toBe(false);
});

test('the page font setting leads the font stack, and clearing it restores the default', async ({
  page,
}) => {
  await page.goto('/rank/daily');
  const font = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
  const initial = await font();
  expect(initial).toMatch(/^system-ui/);
  await setApp(page, { pageFont: 'Noto Serif CJK JP' });
  await page.reload();
  await expect.poll(font).toBe(`"Noto Serif CJK JP", ${initial}`);
  await setApp(page, { pageFont: '' });
  await page.reload();
  await expect.poll(font).toBe(initial);
});
