import { expect, test, type Page } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { chooseSettingsFile } from './helpers.ts';

const app = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as { app?: Record<string, unknown> })
        .app ?? {},
  );
const reader = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('pv.settings') ?? '{}') as {
          reader?: Record<string, unknown>;
        }
      ).reader ?? {},
  );

test.beforeEach(async ({ page }) => {
  await page.goto('/setting/preference');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferences');
});

test('dark mode, layout and rounded cards apply at once, without a reload', async ({ page }) => {
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByLabel('Dark mode').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const surface = await page
    .getByTestId('preference')
    .locator('section > div')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(surface).toBe('rgb(27, 30, 36)');
  await page.getByLabel('Dark mode').selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByLabel('Layout').selectOption('Grid');
  expect(await app(page)).toMatchObject({ wfType: 'Grid', theme: 'light' });
  // Original is listed but cannot be chosen (spec 001 §5.2).
  await expect(
    page.getByLabel('Image resolution').locator('option[value="Original"]'),
  ).toBeDisabled();
  await page.getByRole('switch', { name: 'Rounded cards' }).click();
  expect(await app(page)).toMatchObject({ isImageCardBorderRadius: false });
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});

test('long-press block and download exclude each other, and so do folder and script downloads', async ({
  page,
}) => {
  const block = page.getByRole('switch', { name: 'Long press to block' });
  const download = page.getByRole('switch', { name: 'Long press to download' });
  await block.click();
  await expect(block).toBeChecked();
  await download.click();
  await expect(download).toBeChecked();
  await expect(block).not.toBeChecked();
  await block.click();
  await expect(download).not.toBeChecked();
  expect(await app(page)).toMatchObject({ isLongpressBlock: true, isLongpressDL: false });

  const folder = page.getByRole('switch', { name: 'Download into a chosen folder' });
  const script = page.getByRole('switch', { name: 'Download through the helper script' });
  await expect(folder).toBeEnabled(); // Chromium has the File System Access API
  await script.click();
  await folder.click();
  await expect(folder).toBeChecked();
  await expect(script).not.toBeChecked();
  await script.click();
  await expect(folder).not.toBeChecked();
  expect(await app(page)).toMatchObject({ preferDownloadByFsa: false, preferDownloadByTm: true });
  // (the direct image, direct API and API proxy modes: settings-modes.spec)
});

test('the reader bounds clamp at both ends (size 12-36, line height 1-5, weight 100-900)', async ({
  page,
}) => {
  const cases: [string, string, number][] = [
    ['reader-size', '50', 36],
    ['reader-size', '3', 12],
    ['reader-height', '9', 5],
    ['reader-height', '0.2', 1],
    ['reader-height', '2.34', 2.3],
    ['reader-weight', '1000', 900],
    ['reader-weight', '20', 100],
    ['reader-weight', '449', 400],
  ];
  for (const [id, typed, kept] of cases) {
    const field = page.getByTestId(id);
    await field.fill(typed);
    await field.press('Enter');
    await expect(field).toHaveValue(String(kept));
    expect((await reader(page))[id.slice('reader-'.length)]).toBe(kept);
  }
  await page.getByLabel('Reader colours').selectOption('night');
  expect(await reader(page)).toMatchObject({ bg: '#000000', color: '#8d8d8d' });
});

test('the file-name template previews live, offers its tokens and refuses an unknown one', async ({
  page,
}) => {
  const tpl = page.getByTestId('file-name-tpl');
  const preview = page.getByTestId('file-name-preview');
  await expect(preview).toContainText('pixiv事務局_夏の終わり_104329812_p0.jpg');
  await tpl.fill('{pid}');
  await page.getByRole('button', { name: '_', exact: true }).click();
  await page.getByRole('button', { name: '{createDate}' }).click();
  await expect(tpl).toHaveValue('{pid}_{createDate}');
  await expect(preview).toContainText('104329812_2026-08-31.jpg');
  expect(await app(page)).toMatchObject({ dlFileNameTpl: '{pid}_{createDate}' });
  await tpl.fill('{pid}_{nope}');
  await expect(page.getByText('Use at least one {token} from the list')).toBeVisible();
  await expect(tpl).toHaveAttribute('aria-invalid', 'true');
  expect(await app(page)).toMatchObject({ dlFileNameTpl: '{pid}_{createDate}' });
});

test('a mirror address is checked first: Invalid URL, the connect error, and saved only on success', async ({
  page,
}) => {
  // the address is typed in manual input mode (settings-modes.spec); otherwise chosen from a list
  await page.evaluate(() => localStorage.setItem('pv.manualInput', '1'));
  await page.reload();
  const field = page.getByTestId('api-base');
  const save = page
    .locator('[data-setting="apiBase"]')
    .getByRole('button', { name: 'Check and save' });
  const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });
  // Each alert, once dismissed, reloads the page (spec 001 §5.2) onto the address in force.
  await field.fill('ftp://example.org');
  await save.click();
  await expect(dialog).toContainText('Invalid URL');
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'OK' }).click(),
  ]);
  await expect(field).toHaveValue('/api/pixiv');
  await field.fill('/api/no-such-mirror');
  await save.click();
  await expect(dialog).toContainText('Connection failed');
  await expect(dialog).toContainText('Nothing was changed.');
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'OK' }).click(),
  ]);
  await expect(field).toHaveValue('/api/pixiv');
  expect(await page.evaluate(() => localStorage.getItem('pv.apiBase'))).toBeNull();

  await field.fill('/api/pixiv/');
  const ranked = page.waitForRequest((r) => r.url().endsWith('/api/pixiv/rank'));
  const reloaded = page.waitForEvent('load');
  await save.click();
  await ranked;
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved. Reloading' })).toBeVisible();
  await reloaded;
  await expect(field).toHaveValue('/api/pixiv');
});

test('the image source is chosen from what the server allows, checked with a picture first', async ({
  page,
}) => {
  const select = page.getByTestId('image-proxy');
  await expect(select).toHaveValue('');
  // this e2e server allows only itself: Automatic and This server
  await expect(select.locator('option')).toHaveText(['Automatic', 'This server (/i/)']);
  const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });
  // the test picture fails: the connect error, nothing kept
  await page.route('**/i/**', (route) => route.fulfill({ status: 502 }));
  await select.selectOption('/i/');
  await expect(dialog).toContainText('Connection failed');
  await expect(dialog).toContainText('Nothing was changed.');
  await Promise.all([
    page.waitForEvent('load'),
    dialog.getByRole('button', { name: 'OK' }).click(),
  ]);
  await expect(select).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('pv.imageProxy'))).toBeNull();
  // the picture loads: kept, then the page reloads onto it
  await page.unroute('**/i/**');
  const picture = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/i/'));
  const reloaded = page.waitForEvent('load');
  await select.selectOption('/i/');
  expect((await picture).ok()).toBe(true);
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved. Reloading' })).toBeVisible();
  await reloaded;
  await expect(select).toHaveValue('/i/');
  expect(await page.evaluate(() => localStorage.getItem('pv.imageProxy'))).toBe('/i/');
});

test('an exported file restores every setting; a corrupt one shows Error and changes nothing', async ({
  page,
}) => {
  await page.getByLabel('Layout').selectOption('Justified');
  await page.getByRole('switch', { name: 'Image viewer' }).click();
  await page.getByLabel('Page transition').selectOption('fade');
  await page.getByTestId('reader-size').fill('20');
  await page.getByTestId('reader-size').press('Enter');
  const saved = await page.evaluate(() => localStorage.getItem('pv.settings'));
  const download = page.waitForEvent('download');
  await page.getByTestId('settings-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.txt$/);
  const text = readFileSync((await file.path())!, 'utf8');

  await page.evaluate(() => localStorage.removeItem('pv.settings'));
  await page.reload();
  await expect(page.getByLabel('Layout')).toHaveValue('Masonry');

  const before = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  await chooseSettingsFile(page, 'this is not a settings file', 'broken.txt');
  const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });
  await expect(dialog).toContainText('Error: not a settings file');
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toBe(before);

  const reloaded = page.waitForEvent('load');
  await chooseSettingsFile(page, text);
  await reloaded;
  expect(await page.evaluate(() => localStorage.getItem('pv.settings'))).toBe(saved);
  await expect(page.getByLabel('Layout')).toHaveValue('Justified');
  await expect(page.getByLabel('Page transition')).toHaveValue('fade');
  await expect(page.getByRole('switch', { name: 'Image viewer' })).toBeChecked();
  await expect(page.getByTestId('reader-size')).toHaveValue('20');
});
