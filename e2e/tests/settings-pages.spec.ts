import { expect, test } from './fixtures.ts';
import { execFileSync } from 'node:child_process';
import { APP_VERSION_LABEL } from '@pv/core';

test('the accent colour page marks the current colour, applies a choice at once, and resets to #38a9f5', async ({
  page,
}) => {
  await page.goto('/setting/accent_color');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accent colour');
  const swatches = page.getByTestId('accent-swatches').getByRole('button');
  expect(await swatches.count()).toBeGreaterThanOrEqual(40);
  const current = page.getByTestId('accent-swatches').locator('[aria-pressed="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('pixiv');
  const accent = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
    );
  expect(await accent()).toBe('#38a9f5');
  await page.getByRole('button', { name: /Crimson/ }).click();
  await expect(current).toContainText('Crimson');
  expect(await accent()).toBe('#dc143c');
  await page.reload();
  await expect(current).toContainText('Crimson');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(current).toContainText('pixiv');
  expect(await accent()).toBe('#38a9f5');
  await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();
});

test('the cache page counts each store, asks before clearing, and the counts drop', async ({
  page,
}) => {
  // Fill each store: the ranking's answers are persisted to IndexedDB within a second (wait for
  // them, not for the first small record, such as the history's).
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first()).toBeVisible();
  await page.evaluate(() => sessionStorage.setItem('probe', 'x'.repeat(3000)));
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('keyval-store');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('keyval')) return resolve(0);
              const all = db.transaction('keyval').objectStore('keyval').getAll();
              all.onsuccess = () =>
                resolve(all.result.reduce((n: number, v) => n + JSON.stringify(v).length, 0));
            };
          }),
      ),
    )
    .toBeGreaterThan(2048);
  await page.goto('/setting/clearcache');
  const idb = page.getByTestId('cache-idb');
  const session = page.getByTestId('cache-session');
  await expect(idb).toContainText(/Records: [1-9]\d* · ([1-9]\d*\.\d KiB|\d+\.\d MiB)/);
  await expect(session).toContainText(/Records: [1-9]\d* · \d+\.\d KiB/);

  const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });
  await session.getByRole('button', { name: 'Clear' }).click();
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(session).toContainText(/Records: [1-9]/);
  await session.getByRole('button', { name: 'Clear' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(session).toContainText('Records: 0 · 0.0 KiB');

  await idb.getByRole('button', { name: 'Clear' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  // The emptied response cache may be persisted again as one small empty snapshot.
  await expect(idb).toContainText(/Records: [01] · 0\.\d KiB/);
});

test('about shows the version, its pages and credits; FAQ, disclaimer, app and recommendations read', async ({
  page,
}) => {
  await page.goto('/setting');
  await page.getByTestId('setting-menu').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About');
  // one version label everywhere (spec 000 §1: v1.25.3, as Settings shows it), with the commit
  // the build was made from: a commit of this repository
  await expect(page.getByTestId('about-version')).toHaveText(APP_VERSION_LABEL);
  const commit = (await page.getByTestId('about-commit').textContent())!;
  expect(commit).toMatch(/^[0-9a-f]{10}$/);
  expect(() => execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`])).not.toThrow();
  await expect(page.getByTestId('about-mirrors')).toContainText(
    'This server lists no other sites.',
  );
  await expect(page.getByRole('link', { name: /Fastify/ })).toHaveAttribute('rel', /noopener/);

  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(5);
  await expect(page.getByText('Why do pictures load slowly?')).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Disclaimer' }).click();
  await expect(page.getByTestId('disclaimer')).toContainText(
    'It is not made, endorsed or run by pixiv Inc.',
  );
  await page.goBack();
  await page.getByRole('link', { name: 'Get the app' }).click();
  await expect(page.getByTestId('down-app')).toContainText('Add to Home Screen');
  await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
    'href',
    /play\.google\.com/,
  );

  await page.goto('/setting/recommend');
  await expect(page).toHaveURL(/\/setting\/osusume$/);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Sites', 'Apps', 'Userscripts']);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('link', { name: /pixivision/ })).toBeVisible();
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('link', { name: /PixEz/ })).toBeVisible();
  await tabs.nth(2).click();
  await expect(panel.getByRole('link', { name: /PixivBatchDownloader/ })).toBeVisible();
});

test('accent text and text on the accent reach 4.5:1 for light, middle and dark accents, in both themes', async ({
  page,
}) => {
  /** WCAG contrast of the element's text colour on the first opaque background behind it. */
  const contrastOf = (testId: string, role?: string) =>
    page.evaluate(
      ([id, name]) => {
        const start = name
          ? Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${id}"] button`)).find(
              (b) => b.textContent?.trim() === name,
            )!
          : document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        let node: HTMLElement | null = start;
        let background = [255, 255, 255];
        while (node) {
          const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
          if (a > 0.99) {
            background = [r!, g!, b!];
            break;
          }
          node = node.parentElement;
        }
        const luminance = ([r, g, b]: number[]) =>
          [r!, g!, b!]
            .map((v) => v / 255)
            .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const [l1, l2] = [luminance(rgb(getComputedStyle(start).color)), luminance(background)];
        return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      },
      [testId, role] as const,
    );
  await page.goto('/setting/accent_color');
  for (const [name, hex] of [
    ['Gold', '#ffd700'],
    ['Crimson', '#dc143c'],
    ['Slate blue', '#6a5acd'],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByTestId('accent-sample').locator('..').locator('code')).toHaveText(hex);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        scheme === 'dark' ? 'rgb(17, 19, 23)' : 'rgb(245, 246, 248)',
      );
      // the accent as text (the sample) on the page, and text on the filled accent (Reset)
      expect(await contrastOf('accent-sample'), `${name} text, ${scheme}`).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(
        await contrastOf('accent-color', 'Reset'),
        `on ${name}, ${scheme}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  }
});

test('the settings top bars span the column edge to edge, as on every other screen', async ({
  page,
}) => {
  // in the one column of a phone (from 1024 px a settings page sits beside the settings
  // navigation: the test below)
  await page.setViewportSize({ width: 390, height: 844 });
  const barBox = async (path: string) => {
    await page.goto(path);
    const box = (await page.getByTestId('top-bar').boundingBox())!;
    return { x: box.x, width: box.width };
  };
  const other = await barBox('/rank/daily');
  expect(await barBox('/setting')).toEqual(other);
  expect(await barBox('/setting/preference')).toEqual(other);
});

test('at 1440 px a settings page has the settings navigation beside it, the current page marked and reached first by the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/setting/about/faq');
  const nav = page.getByTestId('settings-nav');
  await expect(nav).toBeVisible();
  const about = nav.getByRole('link', { name: 'About' });
  await expect(about).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  const navBox = (await nav.boundingBox())!;
  const pageBox = (await page.getByRole('main').getByRole('heading').first().boundingBox())!;
  // beside, not above: the page starts right of the list and level with it
  expect(pageBox.x).toBeGreaterThanOrEqual(navBox.x + navBox.width);
  expect(pageBox.y).toBeLessThan(navBox.y + navBox.height);
  // one set of edges: the list's top level with the page's top bar, and the page's sections
  // as wide as the bar, 12 px in from each of its ends (not a narrow column inside it)
  const bar = (await page.getByTestId('top-bar').boundingBox())!;
  expect(Math.abs(navBox.y - bar.y)).toBeLessThanOrEqual(1);
  const card = (await page
    .getByTestId('faq')
    .locator(':scope > div > section')
    .first()
    .boundingBox())!;
  expect(Math.abs(card.x - (bar.x + 12))).toBeLessThanOrEqual(1);
  expect(Math.abs(card.x + card.width - (bar.x + bar.width - 12))).toBeLessThanOrEqual(1);
  // the list comes before the page in the keyboard order
  const order = await page.evaluate(() => {
    const navEl = document.querySelector('[data-testid="settings-nav"]')!;
    const heading = document.querySelector('main h1, main h2')!;
    return navEl.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(order).toBeTruthy();

  await nav.getByRole('link', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\/setting\/preference$/);
  await expect(nav.getByRole('link', { name: 'Preferences' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(about).not.toHaveAttribute('aria-current', 'page');

  // a phone shows the page alone
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(nav).toBeHidden();
});
