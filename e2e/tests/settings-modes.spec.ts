import { expect, test, type Page } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { chooseSettingsFile, expectImageLoaded } from './helpers.ts';

/**
 * The preferences' modes (issue 35 item 5, spec 001 §2.7, §3, §4, §5.2): direct image mode, the
 * direct API and API proxy modes, and manual input.
 */

const app = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as { app?: Record<string, unknown> })
        .app ?? {},
  );
const dialog = (page: Page) => page.getByTestId('confirm-dialog').filter({ visible: true });

/**
 * The helper userscript's call as the original viewer's helper defines it
 * (`window.__httpRequest__(url, configJson)` resolving `{ data }`, a blob: URL for 'blobUrl'):
 * here it fetches the i.pximg.net picture through this server's image route, and records what
 * it was asked.
 */
function installFakeHelper(page: Page) {
  return page.addInitScript(() => {
    const asked: { url: string; config: string }[] = [];
    Object.assign(window, {
      __helperAsked: asked,
      __httpRequest__: async (url: string, config: string) => {
        asked.push({ url, config });
        const res = await fetch(url.replace('https://i.pximg.net/', '/i/'));
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return { data: URL.createObjectURL(await res.blob()) };
      },
    });
  });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/setting/preference');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferences');
});

test('direct image mode on requires confirmation and the helper script; if missing an alert shows and nothing changes', async ({
  page,
}) => {
  const direct = page.getByRole('switch', { name: 'Direct image mode' });
  await expect(direct).not.toBeChecked();
  await expect(direct).toBeEnabled();
  // cancel: nothing changes
  await direct.click();
  await expect(dialog(page)).toContainText('Turn on direct image mode?');
  await expect(dialog(page).getByRole('link', { name: /Tampermonkey/ })).toHaveAttribute(
    'href',
    'https://www.tampermonkey.net/',
  );
  await expect(dialog(page).getByRole('link', { name: /helper userscript/ })).toHaveAttribute(
    'href',
    /helper\.user\.js$/,
  );
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(direct).not.toBeChecked();
  // confirmed without the helper: the alert, and still nothing changes
  await direct.click();
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(dialog(page)).toContainText('The helper userscript is not running on this page');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(direct).not.toBeChecked();
  expect((await app(page)).isDirectPximg).toBeUndefined();
});

test('direct image mode with the helper script: pictures come from i.pximg.net through it, until it is turned off', async ({
  page,
}) => {
  await installFakeHelper(page);
  await page.reload();
  const direct = page.getByRole('switch', { name: 'Direct image mode' });
  await direct.click();
  const reloaded = page.waitForEvent('load');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await reloaded;
  await expect(direct).toBeChecked();
  expect((await app(page)).isDirectPximg).toBe(true);

  await page.goto('/rank/daily');
  const img = page.getByTestId('artwork-card').first().locator('img').first();
  await expect(img).toHaveAttribute('src', /^blob:/);
  await expectImageLoaded(img);
  const asked = await page.evaluate(
    () => (window as unknown as { __helperAsked: { url: string; config: string }[] }).__helperAsked,
  );
  expect(asked.length).toBeGreaterThan(0);
  for (const { url, config } of asked) {
    expect(url).toMatch(/^https:\/\/i\.pximg\.net\//);
    expect(JSON.parse(config)).toMatchObject({
      responseType: 'blobUrl',
      headers: { Referer: 'https://www.pixiv.net/' },
    });
  }

  // off applies at once (no confirmation), and pictures go through the image source again
  await page.goto('/setting/preference');
  const off = page.waitForEvent('load');
  await direct.click();
  await off;
  await expect(direct).not.toBeChecked();
  await page.goto('/rank/daily');
  await expect(page.getByTestId('artwork-card').first().locator('img').first()).toHaveAttribute(
    'src',
    /^\/i\//,
  );
});

test('direct API and API proxy modes say why they do nothing here, and a settings file carries them without the token', async ({
  page,
}) => {
  const directApi = page.getByRole('switch', { name: 'Direct API mode' });
  const apiProxy = page.getByRole('switch', { name: 'API proxy mode' });
  for (const row of [directApi, apiProxy]) {
    await expect(row).toBeDisabled();
    await expect(row).not.toBeChecked();
  }
  await expect(page.locator('[data-setting="clientConfig.directMode"]')).toContainText(
    "Has no effect on this site: its server talks to pixiv for your browser, which never connects to pixiv's API itself.",
  );
  await expect(page.locator('[data-setting="clientConfig.useApiProxy"]')).toContainText(
    "Has no effect on this site: pixiv's API is reached by this site's server only",
  );

  const token = 'sbxSafeRefreshToken000000000000000000000002';
  await page.evaluate(
    (refreshToken) =>
      localStorage.setItem(
        'pv.clientConfig',
        JSON.stringify({ refreshToken, useLocalAppApi: true, useApiProxy: true }),
      ),
    token,
  );
  await page.reload();
  await expect(apiProxy).toBeChecked();
  await expect(apiProxy).toBeDisabled();
  await expect(directApi).not.toBeChecked();

  const download = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  const text = readFileSync((await (await download).path())!, 'utf8');
  const file = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Record<string, string>;
  expect(JSON.parse(file['pv.clientConfig']!)).toEqual({
    directMode: false,
    useApiProxy: true,
    apiProxy: '',
  });
  expect(text).not.toContain(token);
  expect(Buffer.from(text, 'base64').toString('utf8')).not.toContain(token);

  // another browser's login stays; the mode comes back with the file
  await page.evaluate(() =>
    localStorage.setItem(
      'pv.clientConfig',
      JSON.stringify({ refreshToken: '', useLocalAppApi: false }),
    ),
  );
  await page.reload();
  await expect(apiProxy).not.toBeChecked();
  const reloaded = page.waitForEvent('load');
  await chooseSettingsFile(page, text);
  await reloaded;
  await expect(apiProxy).toBeChecked();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('pv.clientConfig') ?? '{}')),
  ).toMatchObject({ refreshToken: '', useLocalAppApi: false, useApiProxy: true });
});

test('manual input mode types the image proxy and API mirror addresses, each checked before it is kept', async ({
  page,
}) => {
  const manual = page.getByRole('switch', { name: 'Manual input' });
  await expect(manual).not.toBeChecked();
  // off: both are chosen from lists
  await expect(page.getByTestId('api-base-choice')).toHaveValue('/api/pixiv');
  await expect(page.getByTestId('image-proxy')).toBeVisible();
  await expect(page.getByTestId('api-base')).toHaveCount(0);

  const on = page.waitForEvent('load');
  await manual.click();
  await on;
  await expect(manual).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('pv.manualInput'))).toBe('1');
  await expect(page.getByTestId('api-base')).toHaveValue('/api/pixiv');
  const field = page.getByTestId('image-proxy-input');
  await expect(field).toHaveValue('');
  // the security policy's sources are named, and another address fails its test picture
  await expect(page.locator('#image-proxy-hint')).toContainText('/i/');
  await field.fill('https://images.example.org/');
  const save = page.locator('[data-setting="imageProxy"]').getByRole('button', {
    name: 'Check and save',
  });
  await save.click();
  await expect(dialog(page)).toContainText('Connection failed');
  await Promise.all([
    page.waitForEvent('load'),
    dialog(page).getByRole('button', { name: 'OK' }).click(),
  ]);
  expect(await page.evaluate(() => localStorage.getItem('pv.imageProxy'))).toBeNull();
  // not an address at all: Invalid URL
  await field.fill('ftp://images.example.org');
  await save.click();
  await expect(dialog(page)).toContainText('Invalid URL');
  await Promise.all([
    page.waitForEvent('load'),
    dialog(page).getByRole('button', { name: 'OK' }).click(),
  ]);
  // an allowed source, typed: kept after its test picture, and the page reloads onto it
  await field.fill('/i/');
  const kept = page.waitForEvent('load');
  await save.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved. Reloading' })).toBeVisible();
  await kept;
  await expect(field).toHaveValue('/i/');
  expect(await page.evaluate(() => localStorage.getItem('pv.imageProxy'))).toBe('/i/');

  // off again: back to the lists, the choice in force shown there
  const off = page.waitForEvent('load');
  await manual.click();
  await off;
  await expect(page.getByTestId('image-proxy')).toHaveValue('/i/');
  await expect(page.getByTestId('image-proxy-input')).toHaveCount(0);
});
