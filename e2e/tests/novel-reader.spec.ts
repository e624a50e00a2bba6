import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures.ts';
import { novelPlainText } from '@pv/core';
import { expectImageLoaded, historyIds } from './helpers.ts';

/** The novel reader (spec 001 §2.10, §5.2, §7.2, §7.4) as a person reads a novel. */

/** The sandbox's seeded all-ages novel whose text holds every markup element (3 pages). */
const EVERY_MARKUP = 13319497;
const MARKUP = [
  '[newpage]',
  '[chapter:',
  '[[rb:',
  '[[jumpuri:',
  '[jump:',
  '[pixivimage:',
  '[uploadedimage:',
];

interface WebviewNovel {
  text: string;
  seriesId: string | null;
  seriesNavigation: { prevNovel: { id: number } | null; nextNovel: { id: number } | null } | null;
}

async function webviewNovel(page: Page, id: number): Promise<WebviewNovel> {
  const res = await page.request.get(`/api/pixiv/webview_novel?id=${id}`);
  return (await res.json()) as WebviewNovel;
}

test('every markup element renders as what it means, never as raw markup', async ({ page }) => {
  const { text } = await webviewNovel(page, EVERY_MARKUP);
  for (const m of MARKUP) expect(text, m).toContain(m);
  await page.goto(`/novel/${EVERY_MARKUP}`);
  const body = page.getByTestId('novel-text');
  await expect(body.getByTestId('novel-page')).toHaveCount(text.split('[newpage]').length);
  await expect(body).not.toContainText('[[');
  await expect(body).not.toContainText('[chapter:');

  // ruby: the reading in <rt> above its base
  const ruby = body.locator('ruby').first();
  const rb = /\[\[rb:\s*(.+?)\s*>\s*(.+?)\s*\]\]/.exec(text)!;
  await expect(body.locator('ruby', { hasText: rb[1] }).first().locator('rt')).toHaveText(rb[2]!);
  await expect(ruby).toBeVisible();

  // chapters are headings, listed in the contents
  const chapters = body.getByTestId('novel-chapter');
  expect(await chapters.count()).toBe((text.match(/\[chapter:/g) ?? []).length);
  await page.getByTestId('novel-contents').locator('summary').click();
  const toc = page.getByTestId('novel-toc').getByRole('link');
  await expect(toc).toHaveCount(await chapters.count());
  await expect(toc.first()).toHaveText((await chapters.first().textContent()) ?? '');

  // jumpuri: an external link opening in a new tab
  const uri = /\[\[jumpuri:\s*(.+?)\s*>\s*(\S+?)\s*\]\]/.exec(text)!;
  const link = body.getByTestId('novel-link').first();
  await expect(link).toHaveText(uri[1]!);
  await expect(link).toHaveAttribute('href', uri[2]!);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // embedded pictures through the image proxy, each in a box kept from before it loads (pixiv
  // gives no size): nothing under a picture moves when it arrives
  const images = body.getByTestId('novel-image');
  expect(await images.count()).toBe((text.match(/\[(?:pixiv|uploaded)image:/g) ?? []).length);
  const boxes = () =>
    images.evaluateAll((els) => els.map((el) => [el.clientWidth, el.clientHeight].join('x')));
  const before = await boxes();
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('src', /^\/i\//);
    await img.scrollIntoViewIfNeeded();
    await expectImageLoaded(img);
  }
  expect(await boxes()).toEqual(before);
  for (const box of before) expect(Number(box.split('x')[1])).toBeGreaterThan(100);

  // [jump:n] and the page index scroll to that page
  const jump = /\[jump:(\d+)\]/.exec(text)!;
  const target = page.locator(`#novel-page-${jump[1]}`);
  await body.getByTestId('novel-jump').first().click();
  await expect(target).toBeInViewport();
  await page
    .getByTestId('novel-page-index')
    .getByRole('link', { name: /^Page 1 of/ })
    .click();
  await expect(page.locator('#novel-page-1')).toBeInViewport();
});

test('detail: title, author, counts, length and reading time, tags as search links, history', async ({
  page,
}) => {
  const detail = (await (
    await page.request.get(`/api/pixiv/novel_detail?id=${EVERY_MARKUP}`)
  ).json()) as {
    novel: {
      title: string;
      user: { id: number; name: string };
      text_length: number;
      tags: { name: string }[];
    };
  };
  const novel = detail.novel;
  await page.goto(`/n/${EVERY_MARKUP}`);
  await expect(page.getByTestId('novel-title')).toHaveText(novel.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(novel.title);
  expect((await page.title()).startsWith(`${novel.title} - ${novel.user.name} - `)).toBe(true);
  await expect(page.getByTestId('novel-author')).toHaveAttribute('href', `/users/${novel.user.id}`);
  await expect(page.getByTestId('novel-author')).toHaveText(novel.user.name);
  await expectImageLoaded(page.getByTestId('novel-cover'));
  await expect(page.getByTestId('novel-length')).toHaveText(
    `${novel.text_length.toLocaleString('en-US')} characters`,
  );
  await expect(page.getByTestId('novel-reading-time')).toHaveText(
    `about ${Math.ceil(novel.text_length / 500)} min read`,
  );
  const tag = page.getByTestId('novel-tag').first();
  await expect(tag).toHaveAttribute(
    'href',
    `/search_novel/${encodeURIComponent(novel.tags[0]!.name)}`,
  );
  await expect.poll(async () => (await historyIds(page, 'novels'))[0]).toBe(EVERY_MARKUP);
});

test('related novels stop after page 2', async ({ page }) => {
  const pages: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/pixiv/related_novel') pages.push(url.searchParams.get('page') ?? '');
  });
  await page.goto(`/novel/${EVERY_MARKUP}`);
  const related = page.getByTestId('novel-related');
  const finished = related.getByTestId('list-finished');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(finished).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(related.getByTestId('novel-card').first()).toBeVisible();
  // never a page past 2 (a page may be asked again when a slow request was cancelled)
  expect([...new Set(pages)].sort()).toEqual(['1', '2']);
  // through the content filter: no R-18 or R-18G novel with the default settings
  await expect(related.getByTestId('badge-r18g')).toHaveCount(0);
  await expect(related.getByTestId('badge-r18')).toHaveCount(0);
});

const textStyle = (page: Page, prop: string) =>
  page
    .getByTestId('novel-text')
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

test('each reader bound is enforced at both ends, applied without a reload', async ({ page }) => {
  await page.goto(`/novel/${EVERY_MARKUP}`);
  await page.getByTestId('reader-settings-toggle').click();
  const set = async (name: string, value: string) => {
    const input = page.getByTestId(`reader-${name}`);
    await input.fill(value);
    await input.press('Enter');
  };
  // size 12–36 px
  await set('size', '40');
  await expect(page.getByTestId('reader-size')).toHaveValue('36');
  expect(await textStyle(page, 'font-size')).toBe('36px');
  await set('size', '11');
  await expect(page.getByTestId('reader-size')).toHaveValue('12');
  expect(await textStyle(page, 'font-size')).toBe('12px');
  // line height 1–5 (times the 12 px size)
  await set('height', '6');
  await expect(page.getByTestId('reader-height')).toHaveValue('5');
  expect(await textStyle(page, 'line-height')).toBe('60px');
  await set('height', '0.5');
  await expect(page.getByTestId('reader-height')).toHaveValue('1');
  expect(await textStyle(page, 'line-height')).toBe('12px');
  await set('height', '2.34');
  await expect(page.getByTestId('reader-height')).toHaveValue('2.3');
  // weight 100–900 in steps of 100
  await set('weight', '1000');
  await expect(page.getByTestId('reader-weight')).toHaveValue('900');
  expect(await textStyle(page, 'font-weight')).toBe('900');
  await set('weight', '50');
  await expect(page.getByTestId('reader-weight')).toHaveValue('100');
  expect(await textStyle(page, 'font-weight')).toBe('100');
  // kept on this device, validated
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pv.settings')!));
  expect(stored.reader).toMatchObject({ size: 12, height: 2.3, weight: 100 });
  // the font choice applies too
  await page.getByTestId('reader-font').selectOption('serif');
  expect(await textStyle(page, 'font-family')).toMatch(/serif$/);
  expect(await textStyle(page, 'font-family')).toContain('Noto Serif CJK JP');
});

test('vertical mode lays the text out top to bottom, right to left, scrolled sideways', async ({
  page,
}) => {
  await page.goto(`/novel/${EVERY_MARKUP}`);
  await page.getByTestId('reader-settings-toggle').click();
  await page.getByTestId('reader-direction-v').check();
  const text = page.getByTestId('novel-text');
  expect(await textStyle(page, 'writing-mode')).toBe('vertical-rl');
  const box = await text.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    left: el.scrollLeft,
  }));
  expect(box.scroll).toBeGreaterThan(box.client * 2);
  // the first page begins at the right edge
  const first = page.locator('#novel-page-1');
  const [textBox, firstBox] = [await text.boundingBox(), await first.boundingBox()];
  expect(firstBox!.x + firstBox!.width).toBeGreaterThan(textBox!.x + textBox!.width - 80);
  // a line runs downwards: taller than wide
  const line = text
    .locator('p')
    .filter({ hasText: /\S{10}/ })
    .first();
  const lineBox = await line.boundingBox();
  expect(lineBox!.height).toBeGreaterThan(lineBox!.width);
  // scrolling sideways reaches the last page
  // (pictures loading on the way widen the text: scroll again until the end stays in view)
  await text.scrollIntoViewIfNeeded();
  await expect(async () => {
    await text.evaluate((el) => (el.scrollLeft = -el.scrollWidth));
    await expect(page.locator(`#novel-page-3`)).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test('the reading position is kept per novel and restored after a reload', async ({ page }) => {
  await page.goto(`/novel/${EVERY_MARKUP}`);
  const text = page.getByTestId('novel-text');
  await expect(text.getByTestId('novel-page')).toHaveCount(3);
  const fraction = () =>
    text.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return -r.top / (r.height - window.innerHeight);
    });
  await text.evaluate((el) => {
    const r = el.getBoundingClientRect();
    window.scrollTo(0, r.top + window.scrollY + (r.height - window.innerHeight) * 0.6);
  });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('pv.novelPositions')))
    .toMatch(new RegExp(`\\[${EVERY_MARKUP},0\\.[56]`));
  const before = await fraction();
  await page.reload();
  await expect(text.getByTestId('novel-page')).toHaveCount(3);
  await expect.poll(fraction).toBeGreaterThan(before - 0.05);
  expect(await fraction()).toBeLessThan(before + 0.05);
});

test('reader screenshots: five presets and vertical mode at 390 and 1440 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const presets = [
    ['default', ''],
    ['paper', 'rgb(246, 241, 231)'],
    ['green', 'rgb(207, 232, 208)'],
    ['dusk', 'rgb(43, 43, 53)'],
    ['night', 'rgb(0, 0, 0)'],
  ];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await page.goto(`/novel/${EVERY_MARKUP}`);
    await expectImageLoaded(page.getByTestId('novel-cover'));
    await page.screenshot({ path: testInfo.outputPath(`novel-${width}-detail.png`) });
    await page.getByTestId('reader-settings-toggle').click();
    for (const [name, bg] of presets) {
      await page.getByTestId(`reader-preset-${name}`).click();
      if (bg) expect(await textStyle(page, 'background-color')).toBe(bg);
      await page.locator('#novel-page-2').evaluate((el) => el.scrollIntoView());
      await page.screenshot({ path: testInfo.outputPath(`novel-${width}-${name}.png`) });
    }
    await page.getByTestId('reader-direction-v').check();
    await page.getByTestId('novel-text').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`novel-${width}-vertical.png`) });
    // nothing but the vertical text scrolls sideways
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.getByTestId('reader-reset').click();
  }
});

test('a translation streams its lines in as they arrive, beside the original', async ({ page }) => {
  await page.goto(`/novel/${EVERY_MARKUP}`);
  await expect(page.getByTestId('novel-text').getByTestId('novel-page')).toHaveCount(3);
  // record how many translated lines each render of the stream showed
  await page.evaluate(() => {
    const w = window as unknown as { seen: number[] };
    w.seen = [];
    new MutationObserver(() => {
      const box = document.querySelector('[data-testid="novel-translation"]');
      if (box?.getAttribute('data-status') !== 'loading') return;
      w.seen.push(box.querySelectorAll('p:not(.pv-novel-original)').length);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByTestId('novel-translate-service').selectOption('ai1');
  const request = page.waitForRequest(/pixiv-novel-translate/);
  await page.getByTestId('novel-translate-start').click();
  const url = new URL((await request).url());
  expect(url.pathname).toBe(`/api/pixiv-novel-translate/${EVERY_MARKUP}.html`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ srv: 'sc', to: 'en', aimd: 'glm' });
  const box = page.getByTestId('novel-translation');
  await expect(box).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('novel-translation-progress')).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const text = page.getByTestId('novel-translation-text');
  const translated = await text.locator('p:not(.pv-novel-original)').count();
  const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  // lines appeared while the stream was still open
  expect(seen.some((n) => n > 0 && n < translated)).toBe(true);
  // the original under or beside each line, in Japanese; the original text view is hidden
  await expect(text.locator('.pv-novel-original').first()).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('novel-text')).toBeHidden();
  await expect(text.locator('img').first()).toHaveAttribute('src', /^\/i\//);
  // the setting keeps the chosen service
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pv.settings')!));
  expect(stored.app.novelDefTranslate).toBe('ai1');
  await box.getByRole('button', { name: 'Show the original' }).click();
  await expect(page.getByTestId('novel-text')).toBeVisible();
});

test('translation only, and a failed translation shown with a retry', async ({ page }) => {
  let calls = 0;
  await page.route(/pixiv-novel-translate/, (route) =>
    ++calls === 1
      ? route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'translation service failed' }),
        })
      : route.continue(),
  );
  await page.goto(`/novel/${EVERY_MARKUP}`);
  await page.getByTestId('novel-translate-service').selectOption('gg');
  await page.getByTestId('novel-translate-nots').check();
  await page.getByTestId('novel-translate-start').click();
  await expect(page.getByTestId('novel-translation-error')).toContainText(
    'translation service failed',
  );
  await page.getByTestId('novel-translation-retry').click();
  const box = page.getByTestId('novel-translation');
  await expect(box).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  expect(calls).toBe(2);
  const text = page.getByTestId('novel-translation-text');
  await expect(text.locator('p').first()).toBeVisible();
  await expect(text.locator('.pv-novel-original')).toHaveCount(0);
});

test('Immersive Translate opens the text in a sandboxed page of its own, where its SDK translates it', async ({
  page,
}) => {
  await page.goto(`/novel/${EVERY_MARKUP}`);
  await page.getByTestId('novel-translate-service').selectOption('imt');
  // no language or "translation only": the SDK picks those in its own page
  await expect(page.getByTestId('novel-translate-to')).toHaveCount(0);
  const open = page.getByRole('link', { name: /Open in Immersive Translate/ });
  await expect(open).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  expect(new URL(tab.url()).pathname).toBe(`/api/novel-imt/${EVERY_MARKUP}.html`);
  // the sandbox's stand-in SDK ran with the page's config and wrote a translation per paragraph
  await expect(tab.locator('html')).toHaveAttribute('data-immersive-translate-sdk', 'loaded');
  const first = tab.locator('.novel_text > p').first();
  await expect(first.locator('font.immersive-translate-target-wrapper')).toContainText(
    '[Immersive Translate]',
  );
  // an opaque origin: nothing of the app's storage reaches the SDK
  expect(await tab.evaluate(() => window.origin)).toBe('null');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pv.settings')!));
  expect(stored.app.novelDefTranslate).toBe('imt');
  await tab.close();
});

test('txt and html downloads hold the novel, named by the file-name template', async ({ page }) => {
  const { text } = await webviewNovel(page, EVERY_MARKUP);
  const { novel } = (await (
    await page.request.get(`/api/pixiv/novel_detail?id=${EVERY_MARKUP}`)
  ).json()) as { novel: { title: string; user: { name: string } } };
  const base = `${novel.user.name}_${novel.title}_${EVERY_MARKUP}_p0`.replace(/[\\/:*?"<>|]/g, '_');
  await page.goto(`/novel/${EVERY_MARKUP}`);
  const download = async () => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('novel-download').click(),
    ]);
    return { name: file.suggestedFilename(), body: await readFile(await file.path(), 'utf8') };
  };
  const txt = await download();
  expect(txt.name).toBe(`${base}.txt`);
  expect(txt.body).toBe(
    `${novel.title}\n${novel.user.name}\nhttps://www.pixiv.net/novel/show.php?id=${EVERY_MARKUP}\n\n` +
      `${novelPlainText(text, true)}\n`,
  );

  await page.getByTestId('novel-download-format').selectOption('html');
  const html = await download();
  expect(html.name).toBe(`${base}.html`);
  expect(html.body).toMatch(/^<!doctype html>/);
  expect(html.body.match(/<section id="page-/g)).toHaveLength(text.split('[newpage]').length);
  expect(html.body).toContain('<ruby>');
  // the pictures are inside the file: it reads offline
  expect(html.body.match(/<img src="data:image\//g)?.length).toBe(
    (text.match(/\[(?:pixiv|uploaded)image:/g) ?? []).length,
  );
  expect(html.body).not.toMatch(/<img src="(?!data:)/);
  expect(html.body).not.toContain('[[');
  // the format is the novel download format setting
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pv.settings')!));
  expect(stored.app.novelDlFormat).toBe('html');
});

test('a novel in a series links to the series and to the previous and next novel', async ({
  page,
}) => {
  // two all-ages novels of one seeded series, in order
  const [first, second] = [16262229, 16832675];
  const { seriesNavigation: nav, seriesId } = await webviewNovel(page, second);
  expect(nav?.prevNovel?.id).toBe(first);
  expect(seriesId).toMatch(/^\d+$/);
  await page.goto(`/novel/${second}`);
  const series = page.getByTestId('novel-series');
  await expect(series.getByRole('link').first()).toHaveAttribute(
    'href',
    `/novel/series/${seriesId}`,
  );
  await expect(page.getByTestId('novel-next')).toHaveCount(0);
  await page.getByTestId('novel-prev').click();
  await expect(page).toHaveURL(new RegExp(`/novel/${first}$`));
  await expect(page.getByTestId('novel-prev')).toHaveCount(0);
  await expect(page.getByTestId('novel-next')).toHaveAttribute('href', `/novel/${second}`);
});

test('the reader has no serious accessibility violations, light and dark', async ({ page }) => {
  test.setTimeout(150_000);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/novel/${EVERY_MARKUP}`);
    await expect(page.getByTestId('novel-text').getByTestId('novel-page')).toHaveCount(3);
    await page.getByTestId('reader-settings-toggle').click();
    await page.getByTestId('novel-contents').locator('summary').click();
    // the detail, the controls and the first page (the other pages repeat its elements)
    // WCAG 2.2 AA's rules (target size among them), as screenshots.spec.ts runs them
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .include('[data-testid="novel-detail"]')
      .include('[data-testid="novel-reader"]')
      .exclude('#novel-page-2')
      .exclude('#novel-page-3')
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      scheme,
    ).toEqual([]);
  }
});

test('share: the menu copies the novel’s link, offers X and pixiv, and closes on Escape', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/novel/${EVERY_MARKUP}`);
  // Linux Chromium has no system share sheet: the menu stands in for it
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.getByTestId('novel-share').click();
  const menu = page.getByTestId('novel-share-menu');
  await expect(menu.getByRole('link', { name: 'View on pixiv' })).toHaveAttribute(
    'href',
    `https://www.pixiv.net/novel/show.php?id=${EVERY_MARKUP}`,
  );
  await expect(menu.getByRole('link', { name: 'X (Twitter)' })).toHaveAttribute(
    'href',
    /^https:\/\/twitter\.com\/intent\/tweet\?/,
  );
  await page.getByTestId('novel-share-copy').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/novel/${EVERY_MARKUP}`, page.url()).href,
  );
  await page.getByTestId('novel-share').click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});
