import { expect, test, type APIRequestContext } from './fixtures.ts';
import { E2E_BASE_URL } from '../env.ts';
import { rankingDateWindow } from '@pv/core';
import { escaped, expectImageLoaded, firstHtml, watch } from './helpers.ts';

/**
 * Server rendering of the landing routes beyond the illust rankings (issue 33, SSR=1): an
 * artwork, a novel with its text, a user's profile, a novel ranking. Each is read from the first
 * HTML (no script), then adopted by the app without asking for its first data again and without
 * a hydration warning; and, with JavaScript off, read and linked from one to the other. The
 * daily ranking's own tests are in first-data.spec.ts.
 */

/** The sandbox's seeded all-ages novel whose text holds every markup element (3 pages). */
const NOVEL = 13319497;

interface RawWork {
  id: number;
  title: string;
  caption: string;
  x_restrict: number;
  illust_ai_type: number;
  user: { id: number; name: string };
}

const day = () => rankingDateWindow(new Date()).defaultDate;

/** The daily ranking's first all-ages work with a caption, as the server's mirror answers it. */
async function plainWork(request: APIRequestContext, base: string): Promise<RawWork> {
  const res = await request.get(`${base}/api/pixiv/rank?mode=day&date=${day()}&page=1`);
  const works = ((await res.json()) as { illusts: RawWork[] }).illusts;
  return works.find((w) => w.x_restrict === 0 && w.illust_ai_type !== 2 && w.caption)!;
}

test.describe('landing routes rendered on the server', () => {
  // a viewer in another zone than the server's and pixiv's: dates must not differ on hydration
  test.use({ timezoneId: 'America/New_York' });
  // the worker's own server, which renders as `npm start` does (SSR=1)
  const base = E2E_BASE_URL;

  test('an artwork: its title, picture and caption in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const work = await plainWork(page.request, base);
    const html = await firstHtml(page.request, `${base}/artworks/${work.id}`);
    expect(html).toContain(`data-testid="artwork-title">${escaped(work.title)}<`);
    expect(html).toMatch(/<img [^>]*data-testid="artwork-image"[^>]*src="\/i\/c\/540x540_70\//);
    const caption = work.caption.split('<br />')[0]!;
    expect(html).toContain(escaped(caption));
    // the server cannot know the viewer's zone: the date in pixiv's, named
    expect(html).toMatch(/data-testid="artwork-date">[^<]*GMT\+9/);

    // (its comments and its author's works come with it too)
    const seen = watch(page, [
      '/api/pixiv/illust',
      '/api/web/illust_comment_roots',
      '/api/pixiv/member_illust',
    ]);
    const served = /<img [^>]*data-testid="artwork-image"[^>]*src="([^"]+)"/.exec(html)![1];
    await page.goto(`${base}/artworks/${work.id}`);
    // hydrated: the related works' grid has measured itself (a style set only after hydration)
    await expect(page.locator('[data-testid="related"] [data-card-count]')).toHaveAttribute(
      'style',
      /height/,
    );
    const picture = page.getByTestId('artwork-image').first();
    await expectImageLoaded(picture);
    await expect(picture).toHaveAttribute('src', served!);
    await expect(page.getByTestId('artwork-caption')).toContainText(caption);
    // and the app then shows it in the viewer's own zone
    await expect(page.getByTestId('artwork-date')).not.toContainText('GMT');
    // no placeholder waits for anything (the author's works row is there, or not at all)
    await expect(page.getByTestId('row-loading')).toHaveCount(0);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('an artwork’s related works hydrate after the take-over; a tap before is the app’s', async ({
    page,
  }) => {
    const work = await plainWork(page.request, base);
    // its related works in the server's cache, so that their cards are in the first HTML (the
    // render waits 300 ms for them, which a loaded machine's sandbox can miss)
    expect((await page.request.get(`${base}/api/pixiv/related?id=${work.id}&page=1`)).ok()).toBe(
      true,
    );
    expect(await firstHtml(page.request, `${base}/artworks/${work.id}`)).toMatch(
      /data-testid="related"[\s\S]*href="\/artworks\/\d+"/,
    );
    // a related work's title tapped the moment the page is taken over (before the next task),
    // while the grid is still the server's markup, which the app then draws anew
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute('data-hydrated')) return;
        observer.disconnect();
        const grid = document.querySelector('[data-testid="related"] [data-card-count]');
        const title = document.querySelector<HTMLAnchorElement>(
          '[data-testid="related"] [data-testid="artwork-card-title"]',
        );
        Object.assign(window, {
          tapped: {
            serverMarkup: grid?.hasAttribute('data-server-form'),
            title: title?.textContent,
          },
        });
        title?.click();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await page.goto(`${base}/artworks/${work.id}`);
    const tapped = await page
      .waitForFunction(() => (window as { tapped?: object }).tapped)
      .then((handle) => handle.jsonValue() as Promise<{ serverMarkup: boolean; title?: string }>);
    expect(tapped.serverMarkup).toBe(true);
    // what the app does with a title's tap: that work in the viewer, over this page (neither
    // lost with the server's card nor opened by the browser as a link)
    const viewer = page.getByTestId('artwork-viewer');
    await expect(viewer).toBeVisible();
    const alt = await viewer.getByTestId('artwork-viewer-image').first().getAttribute('alt');
    expect(alt).toContain(`${tapped.title} 1/`);
    await expect(page).toHaveURL(`${base}/artworks/${work.id}`);
  });

  test('a novel: its title and first page of text in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const text = await (
      await page.request.get(`${base}/api/pixiv/webview_novel?id=${NOVEL}`)
    ).json();
    const firstPage = (text as { text: string }).text.split('[newpage]')[0]!;
    const line = firstPage
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 8 && !l.includes('['))!;
    const detail = await (
      await page.request.get(`${base}/api/pixiv/novel_detail?id=${NOVEL}`)
    ).json();
    const title = (detail as { novel: { title: string } }).novel.title;
    const html = await firstHtml(page.request, `${base}/novel/${NOVEL}`);
    expect(html).toContain(`data-testid="novel-title">${escaped(title)}<`);
    expect(html).toContain(escaped(line));

    const seen = watch(page, ['/api/pixiv/novel_detail', '/api/pixiv/webview_novel']);
    await page.goto(`${base}/novel/${NOVEL}`);
    // hydrated: the reader's own settings are set on the text (only after hydration)
    await expect(page.getByTestId('novel-text')).toHaveAttribute('style', /--reader-size/);
    await expect(page.getByTestId('novel-text')).toContainText(line);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);

    // A returning visitor: the app wrote its zone into the first-paint cookie, so the server
    // writes the date as the app does (a first visit gets pixiv's, named, which the app then
    // rewrote: on a phone the line rewrapped and moved the header's actions up by a line).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        // parsed, before any of the app's scripts ran
        if (document.readyState === 'interactive') {
          const counts = document.querySelector('[data-testid="novel-counts"]');
          (window as { served?: string }).served = counts?.textContent ?? '';
        }
      });
    });
    // (written once the app has taken the page over)
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'pv_paint')?.value)
      .toContain('America/New_York');
    await page.reload();
    await expect(page.getByTestId('novel-text')).toHaveAttribute('style', /--reader-size/);
    const served = await page.evaluate(() => (window as { served?: string }).served);
    expect(served).toMatch(/Posted [A-Z][a-z]{2} \d/);
    expect(served).not.toContain('GMT');
    await expect(page.getByTestId('novel-counts')).toHaveText(served!);
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('a user: their name and first works in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const work = await plainWork(page.request, base);
    const html = await firstHtml(page.request, `${base}/users/${work.user.id}`);
    expect(html).toContain(`data-testid="user-name">${escaped(work.user.name)}<`);
    const works = await (
      await page.request.get(
        `${base}/api/pixiv/member_illust?id=${work.user.id}&illust_type=illust&page=1`,
      )
    ).json();
    const first = (works as { illusts: RawWork[] }).illusts.find(
      (w) => w.x_restrict === 0 && w.illust_ai_type !== 2,
    )!;
    expect(html).toMatch(
      new RegExp(
        `data-testid="artwork-card-title"[^>]*>${escaped(first.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`,
      ),
    );

    const seen = watch(page, ['/api/pixiv/member', '/api/pixiv/member_illust']);
    await page.goto(`${base}/users/${work.user.id}`);
    // hydrated: the works' grid has measured and placed its cards itself
    await expect(page.locator('[data-testid="user-tab-panel"] [data-card-count]')).toHaveAttribute(
      'style',
      /height/,
    );
    await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    expect(seen.calls).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('a novel ranking: its first cards in the first HTML, adopted without a refetch', async ({
    page,
  }) => {
    const list = await (
      await page.request.get(`${base}/api/pixiv/rank_novel?mode=day&date=${day()}&page=1`)
    ).json();
    const novels = (list as { novels: { title: string }[] }).novels;
    const html = await firstHtml(page.request, `${base}/rank_novel/day`);
    for (const novel of novels.slice(0, 3)) expect(html).toContain(escaped(novel.title));
    const served = [...html.matchAll(/<img src="([^"]+)"[^>]*data-testid="novel-card-cover"/g)].map(
      (m) => m[1],
    );

    const seen = watch(page, ['/api/pixiv/rank_novel']);
    await page.goto(`${base}/rank_novel/day`);
    // hydrated: the grid has placed its rows itself
    await expect(page.locator('[data-testid="novel-grid"] [data-card-count]')).toHaveAttribute(
      'style',
      /height/,
    );
    const cards = page.getByTestId('novel-card');
    await expect(cards.first()).toContainText(novels[0]!.title);
    // the covers the HTML started loading are the ones the app shows
    expect(served.length).toBeGreaterThanOrEqual(10);
    await expect(cards.first().getByTestId('novel-card-cover')).toHaveAttribute('src', served[0]!);
    expect(seen.calls.filter((c) => c.includes('page=1'))).toEqual([]);
    expect(seen.problems).toEqual([]);
  });

  test('without JavaScript: pixiv’s ranking address leads to the ranking, which links to an artwork (picture, caption), a novel ranking to a novel’s text, and discovery’s tabs work', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // pixiv's own ranking address: the server sends it on to the ranking it renders
    await page.goto(`${base}/ranking.php?mode=daily`);
    await expect(page).toHaveURL(/\/rank\/daily$/);
    const card = page.getByTestId('artwork-card').first();
    const title = (await card.getByTestId('artwork-card-title').textContent())!;
    await card.locator('a').first().click();
    await expect(page).toHaveURL(/\/artworks\/\d+$/);
    await expect(page.getByTestId('artwork-title')).toHaveText(title);
    // the tab named as the app names it, by the server (no app code runs here)
    const author = (await page.getByTestId('artwork-author').textContent())!.trim();
    await expect(page).toHaveTitle(`${title} - ${author} - Pixiv Viewer`);
    await expectImageLoaded(page.getByTestId('artwork-image').first());
    await expect(page.getByTestId('artwork-caption')).not.toBeEmpty();

    // the author's page, from the artwork's author link
    await page.getByTestId('artwork-author').click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByTestId('user-name')).not.toBeEmpty();
    await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    // its tabs and its list's pills are a form's buttons: they ask for the page with `?tab=`
    await page.getByTestId('user-tab-illusts').click();
    await expect(page).toHaveURL(/\/users\/\d+\?tab=illusts$/);
    await expect(page.getByTestId('user-tab-illusts')).toHaveAttribute('aria-selected', 'true');
    await expectImageLoaded(page.getByTestId('artwork-card').first().locator('img'));
    await page.getByTestId('user-tab-page').click();
    await expect(page).toHaveURL(/\/users\/\d+\/artworks\?type=illust$/);
    await page.getByTestId('author-type-manga').click();
    await expect(page).toHaveURL(/\/users\/\d+\/artworks\?type=manga$/);
    await expect(page.getByTestId('author-type-manga')).toHaveAttribute('aria-selected', 'true');

    // a novel ranking by its illustration type's name: sent on to its mode's address
    await page.goto(`${base}/rank_novel/daily`);
    await expect(page).toHaveURL(/\/rank_novel\/day$/);
    const novel = page.getByTestId('novel-card').first();
    const novelTitle = (await novel.getByTestId('novel-card-title').textContent())!;
    await novel.getByTestId('novel-card-title').click();
    await expect(page).toHaveURL(/\/novel\/\d+$/);
    await expect(page.getByTestId('novel-title')).toHaveText(novelTitle);
    expect((await page.title()).startsWith(`${novelTitle} - `)).toBe(true);
    await expect(page.getByTestId('novel-text')).toBeVisible();
    await expect(page.getByTestId('novel-page').first()).not.toBeEmpty();

    // discovery's tabs are a form's buttons too
    await page.goto(`${base}/discovery`);
    await page.getByTestId('discovery-tab-users').click();
    await expect(page).toHaveURL(/\/discovery\?tab=users$/);
    await expect(page.getByTestId('discovery-tab-users')).toHaveAttribute('aria-selected', 'true');
    await expectImageLoaded(page.getByTestId('user-card-work').first().locator('img'));
    await context.close();
  });

  test('the first paint needs no stylesheet: with them withheld a rendered page looks as with them, at 390 and 1440 px', async ({
    browser,
    request,
  }) => {
    // the page inlines the rules its markup can use (server critical-css.ts) and preloads its
    // stylesheets after its content, for the app to apply: what each element computes must be
    // the same without them as with them applied
    const work = await plainWork(request, base);
    const paths = [
      '/rank/daily',
      `/artworks/${work.id}`,
      `/users/${work.user.id}`,
      `/novel/${NOVEL}`,
    ];
    const PROPS = [
      'display',
      'position',
      'color',
      'background-color',
      'background-image',
      'font-size',
      'font-weight',
      'line-height',
      // not horizontal margins: Chromium resolves an `auto` one to its used value only once a
      // stylesheet has come (the boxes show where the element went)
      'margin-top',
      'margin-bottom',
      'padding',
      'border',
      'border-radius',
      'gap',
      'grid-template-columns',
      'flex',
      'overflow',
      'visibility',
      'opacity',
      'box-shadow',
      'object-fit',
      'aspect-ratio',
      'text-overflow',
      'white-space',
      'z-index',
      'transform',
    ];
    const snapshot = (props: string[]) =>
      Array.from(document.querySelectorAll('html, body, #root *'), (el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const where = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`;
        return `${where} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)} ${props.map((p) => style.getPropertyValue(p)).join('|')}`;
      });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      for (const path of paths) {
        const styled = await (async () => {
          await page.unroute('**/*.css');
          await page.goto(`${base}${path}`, { waitUntil: 'load' });
          // preloaded after the content, linked nowhere (a linked one holds the first paint back)
          expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0);
          const preloaded = page.locator('body > link[rel="preload"][as="style"]');
          expect(await preloaded.count(), path).toBeGreaterThan(0);
          // applied as the app applies them (web adoptServerStylesheets); with JavaScript off no
          // listener runs: each is in once its sheet is there
          const count = await preloaded.count();
          await page.evaluate(() => {
            const links = document.querySelectorAll<HTMLLinkElement>(
              'body > link[rel="preload"][as="style"]',
            );
            for (const link of Array.from(links)) {
              link.rel = 'stylesheet';
              document.head.append(link);
            }
          });
          await expect
            .poll(() =>
              page.evaluate(
                () =>
                  Array.from(
                    document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]'),
                  ).filter((l) => l.sheet).length,
              ),
            )
            .toBe(count);
          return page.evaluate(snapshot, PROPS);
        })();
        let withheld = 0;
        await page.route('**/*.css', (route) => {
          withheld++;
          return route.abort();
        });
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        expect(withheld, path).toBeGreaterThan(0);
        const bare = await page.evaluate(snapshot, PROPS);
        expect(bare.length, `${path} at ${viewport.width}`).toBe(styled.length);
        const differ = bare.findIndex((line, i) => line !== styled[i]);
        expect(
          differ === -1 ? '' : `${bare[differ]}\n${styled[differ]}`,
          `${path} at ${viewport.width}`,
        ).toBe('');
      }
      await context.close();
    }
  });

  test('after the take-over the page’s stylesheets are the head’s, before a screen’s the app then loads, and in the app’s order on a page landed on', async ({
    page,
  }) => {
    await page.goto(`${base}/rank/daily`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', /.*/);
    await page.getByTestId('artwork-card').first().locator('a').first().click();
    await expect(page.getByTestId('artwork-title')).toBeVisible();
    const sheets = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll('link[rel="stylesheet"]'),
        (l) => `${l.parentElement!.tagName} ${new URL((l as HTMLLinkElement).href).pathname}`,
      ),
    );
    const inOrder = (sheets: string[]) => {
      expect(sheets.filter((s) => s.startsWith('BODY'))).toEqual([]);
      const at = (name: string) => sheets.findIndex((s) => s.includes(`/assets/${name}-`));
      // the screen's rules come after the shared ones they may override, each sheet once
      expect(at('shared')).toBeGreaterThan(at('index'));
      expect(at('ArtworkScreen')).toBeGreaterThan(at('shared'));
      expect(new Set(sheets).size).toBe(sheets.length);
    };
    inOrder(sheets);
    // and so on the artwork landed on: its page names its sheets in the app's order
    const artwork = page.url();
    await page.goto(artwork);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', /.*/);
    inOrder(
      await page.evaluate(() =>
        Array.from(
          document.querySelectorAll('link[rel="stylesheet"]'),
          (l) => `${l.parentElement!.tagName} ${new URL((l as HTMLLinkElement).href).pathname}`,
        ),
      ),
    );
  });

  test('an artwork the default content settings hide is the shell, its title nowhere', async ({
    request,
  }) => {
    const res = await request.get(`${base}/api/pixiv/rank?mode=day_r18&date=${day()}&page=1`);
    const works = ((await res.json()) as { illusts: RawWork[] }).illusts;
    const adult = works.find((w) => w.x_restrict === 1)!;
    const html = await (
      await request.get(`${base}/artworks/${adult.id}`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain('data-testid="first-paint-shell"');
    expect(html).not.toContain('pv-server-data');
    expect(html).not.toContain(escaped(adult.title));
  });
});
