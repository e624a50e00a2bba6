import { expect, test, type Page } from '@playwright/test';
import { expectImageLoaded } from './helpers.ts';

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
  seriesNavigation: { prevNovel: { id: number } | null; nextNovel: { id: number } | null } | null;
}

async function webviewNovel(page: Page, id: number): Promise<WebviewNovel> {
  const res = await page.request.get(`/api/pixiv/webview_novel?id=${id}`);
  return (await res.json()) as WebviewNovel;
}

/** Reads a key of idb-keyval's default store with the plain IndexedDB API. */
const idbGet = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('keyval').objectStore('keyval').get(k);
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
    key,
  );

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

  // embedded pictures through the image proxy
  const images = body.getByTestId('novel-image');
  expect(await images.count()).toBe((text.match(/\[(?:pixiv|uploaded)image:/g) ?? []).length);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('src', /^\/i\//);
    await img.scrollIntoViewIfNeeded();
    await expectImageLoaded(img);
  }

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
  await expect
    .poll(
      async () => ((await idbGet(page, 'novels.history')) as { id: number }[] | undefined)?.[0]?.id,
    )
    .toBe(EVERY_MARKUP);
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
  }).toPass({ timeout: 20_000 });
  await expect(related.getByTestId('novel-card').first()).toBeVisible();
  expect(pages).toEqual(['1', '2']);
  // through the content filter: no R-18 or R-18G novel with the default settings
  await expect(related.getByTestId('badge-r18g')).toHaveCount(0);
  await expect(related.getByTestId('badge-r18')).toHaveCount(0);
});
