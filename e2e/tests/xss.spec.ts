import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { startHostileUpstream, type HostileUpstream } from '@pv/sandbox/hostile';
import { XSS_PAYLOADS, XssRotation, addXssRules } from '@pv/sandbox/hostile/xss';
import { APP_START_SCRIPT } from '@pv/server/app-start';
import { EARLY_TAPS_SCRIPT } from '@pv/server/early-taps';
import { SANDBOX_BASE_URL } from '../env.ts';
import { answerConfig, startOwnServer, type OwnServer } from './helpers.ts';

/**
 * The XSS suite (issue 20): a hostile upstream in front of the e2e sandbox puts the corpus of
 * packages/sandbox/src/hostile/xss.ts in every text slot (titles, captions, tags and their
 * translations, names, accounts, bios, web links, comments and replies, novel text with every
 * markup element, series, pixivision bodies, lives and their chat logs, search suggestions, the
 * viewer's notices, AI translation answers), and a second server,
 * started here as a deployment is (`node …/main.ts` with SANDBOX_URL pointing at the hostile
 * upstream), serves the app. Each screen is loaded in Chromium with the CSP bypassed, so that the
 * sanitiser alone stands between the payloads and the page; the suite fails on any call of the
 * `pvXss` canary, any dialog, any request off the app's origin, and any executable link or
 * handler attribute in the DOM. What the app and server make of those strings is checked the same
 * way: the downloaded novel html opened as a page, Atom feed entries put into a page as a careless
 * feed reader would, the oEmbed answer and the og:title link preview. The CSP itself is checked to
 * stay strict.
 */

const PROLIFIC = 18206;
const ILLUST_SERIES = { user: 18206, id: 1014 };
const NOVEL_SERIES = 103002;
const EVERY_MARKUP = 13319497;

let hostile: HostileUpstream;
let server: OwnServer;
let base: string;
const rotation = new XssRotation();

test.beforeAll(async () => {
  test.setTimeout(90_000);
  hostile = await startHostileUpstream({ target: SANDBOX_BASE_URL });
  addXssRules(hostile, rotation);
  server = await startOwnServer(hostile.env);
  base = server.base;
});

test.afterAll(async () => {
  server?.stop();
  await hostile?.close();
});

interface Findings {
  executions: string[];
  offOrigin: string[];
}

/** The canary, dialogs and requests watched on a fresh context. */
async function watch(context: BrowserContext, page: Page): Promise<Findings> {
  const found: Findings = { executions: [], offOrigin: [] };
  await context.exposeBinding('pvXss', (_source, id: unknown) => {
    found.executions.push(`pvXss(${String(id)})`);
  });
  page.on('dialog', (dialog) => {
    found.executions.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== base) found.offOrigin.push(url);
  });
  return found;
}

/** Executable markup in the DOM: scripts, frames and handlers the app did not write. */
function domFindings(page: Page): Promise<string[]> {
  return page.evaluate(
    (own) => {
      const bad: string[] = [];
      const executable = /^(javascript|vbscript|data:text\/html)/;
      const blocks = document.querySelectorAll('script[type="application/json"]');
      const ownBlocks = document.querySelectorAll(
        'body > script#pv-server-data[type="application/json"], head > script:is(#pv-config, #pv-start)[type="application/json"]',
      );
      for (const el of Array.from(document.querySelectorAll('*'))) {
        const tag = el.tagName.toLowerCase();
        if (['iframe', 'object', 'embed', 'base', 'frame', 'frameset', 'applet'].includes(tag))
          bad.push(`<${tag}>`);
        if (tag === 'meta' && el.getAttribute('http-equiv')) bad.push('<meta http-equiv>');
        // the page's data blocks are JSON, never run: a server-rendered page's first data (issue
        // 33), which may hold hostile text, but only as one whole JSON value, in the body; the
        // server's config and the app's script paths (server routes/app-start.ts), in the head.
        // One of each at most, nothing else of their type.
        const dataBlock =
          tag === 'script' &&
          ['pv-server-data', 'pv-config', 'pv-start'].includes(el.id) &&
          el.getAttribute('type') === 'application/json' &&
          el.parentElement === (el.id === 'pv-server-data' ? document.body : document.head) &&
          blocks.length === ownBlocks.length &&
          document.querySelectorAll(`script#${el.id}`).length === 1 &&
          (() => {
            try {
              JSON.parse(el.textContent ?? '');
              return true;
            } catch {
              return false;
            }
          })();
        // a rendered page's two inline scripts, each once, allowed by their hashes (server
        // routes/early-taps.ts and routes/app-start.ts)
        const inline = Array.from(
          document.querySelectorAll('script:not([src]):not([type="application/json"])'),
        );
        const ownScript =
          tag === 'script' &&
          el.parentElement === document.head &&
          own.includes(el.textContent ?? '') &&
          inline.length <= own.length &&
          inline.filter((s) => s.textContent === el.textContent).length === 1;
        if (
          tag === 'script' &&
          !dataBlock &&
          !ownScript &&
          (!el.getAttribute('src') || el.textContent?.includes('pvXss'))
        )
          bad.push('inline <script>');
        for (const attr of Array.from(el.attributes)) {
          // whitespace and control characters, which browsers strip from a URL scheme
          // eslint-disable-next-line no-control-regex
          const value = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
          if (attr.name.startsWith('on')) bad.push(`${tag}[${attr.name}]`);
          if (executable.test(value)) bad.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`);
          if (attr.name === 'style' && /url\(|expression/.test(value) && value.includes('xss'))
            bad.push(`${tag}[style=${attr.value.slice(0, 40)}]`);
        }
        if (tag === 'style' && el.textContent?.includes('xss.invalid')) bad.push('<style> payload');
      }
      return bad;
    },
    [EARLY_TAPS_SCRIPT, APP_START_SCRIPT],
  );
}

/** The slots whose marker the screen shows. */
function shownSlots(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(Array.from(document.body.innerText.matchAll(/⟦([^⟧]+)⟧/g), (m) => m[1]!)),
  ]);
}

interface Screen {
  path: string | ((page: Page) => Promise<string>);
  /** Slots that must be on screen before it is checked. */
  slots: string[];
  /** What to do on the screen once it shows them (open comments, type a search…). */
  then?: (page: Page) => Promise<void>;
}

/** Loads each screen, waits for its slots, and gathers the findings. */
async function visit(context: BrowserContext, page: Page, screens: Screen[]) {
  const found = await watch(context, page);
  const dom: string[] = [];
  const slots = new Set<string>();
  for (const screen of screens) {
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    for (const slot of screen.slots) {
      await expect(page.locator('body')).toContainText(`⟦${slot}⟧`, { timeout: 45_000 });
    }
    // the slots may be the server's markup: what the app draws (and what `then` does) comes once
    // the app has taken the page over
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await screen.then?.(page);
    dom.push(...(await domFindings(page)).map((f) => `${path}: ${f}`));
    for (const s of await shownSlots(page)) slots.add(s);
  }
  return { found, dom, slots };
}

/** The first link to `prefix` on the screen shown (the list the previous step loaded). */
const firstLink = async (page: Page, prefix: string) => {
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeAttached({ timeout: 20_000 });
  return (await link.getAttribute('href'))!.replace(/^https?:\/\/[^/]+/, '');
};

/** PROLIFIC, then the day's other ranked authors (numbers: the hostile upstream keeps them). */
let authors: number[] | null = null;
async function rankedAuthors(page: Page): Promise<number[]> {
  if (!authors) {
    const res = await page.request.get(`${base}/api/pixiv/rank?mode=day`);
    const body = (await res.json()) as { illusts: { user: { id: number } }[] };
    authors = [...new Set(body.illusts.map((i) => i.user.id))].filter((id) => id !== PROLIFIC);
  }
  return [PROLIFIC, ...authors];
}

function expectClean(result: Awaited<ReturnType<typeof visit>>) {
  expect(result.found.executions, 'payloads that ran').toEqual([]);
  expect(result.found.offOrigin, 'requests off the app origin').toEqual([]);
  expect(result.dom, 'executable markup in the DOM').toEqual([]);
}

test.use({ bypassCSP: true });
// a screen full of payloads renders slowly on a busy machine: the slots' wait, not a sleep
test.describe.configure({ timeout: 150_000 });

test('the CSP of the page shell stays strict', async ({ request }) => {
  const res = await request.get(`${base}/`);
  const csp = res.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|http:/);
  expect(csp).toMatch(/object-src 'none'/);
});

const groups: [string, Screen[]][] = [
  [
    'rankings, artwork, tags, comments and replies',
    [
      { path: '/rank/daily', slots: ['title', 'name'] },
      {
        path: (p) => firstLink(p, '/artworks/'),
        slots: ['title', 'caption', 'name'],
        then: async (p) => {
          // the link preview in the page's head carries the hostile title too (escaped)
          await expect(p.locator('head meta[property="og:title"]')).toHaveAttribute(
            'content',
            /⟦title⟧/,
          );
          await expect(p.getByTestId('comments')).toContainText('⟦www.comment⟧');
          const replies = p.getByTestId('comment-replies-toggle').first();
          if (await replies.isVisible()) await replies.click();
        },
      },
    ],
  ],
  [
    'user, bio and links, series, search results',
    [
      { path: `/users/${PROLIFIC}`, slots: ['name', 'account', 'comment'] },
      // five more profiles: their web links carry the rest of the URL payloads
      ...[1, 2, 3, 4, 5].map((k) => ({
        path: async (p: Page) => `/users/${(await rankedAuthors(p))[k]}`,
        slots: ['name'],
      })),
      { path: `/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`, slots: ['title'] },
      {
        path: `/search/${encodeURIComponent('猫')}`,
        slots: ['title'],
      },
    ],
  ],
  [
    'novel ranking, the reader with every markup element, novel series',
    [
      { path: '/rank_novel/day', slots: ['title', 'name'] },
      { path: `/novel/${EVERY_MARKUP}`, slots: ['novel.text'] },
      { path: `/novel/series/${NOVEL_SERIES}`, slots: ['title'] },
    ],
  ],
  [
    'search suggestions',
    [
      {
        // suggestions are offered outside self-hosted mode (spec 000 §1)
        path: async (p) => {
          await answerConfig(p, { selfHosted: false });
          return '/search';
        },
        slots: [],
        then: async (p) => {
          await p.locator('#main').getByTestId('search-input').pressSequentially('猫');
          await expect(p.getByTestId('search-suggestion').first()).toContainText('⟦', {
            timeout: 20_000,
          });
        },
      },
    ],
  ],
  ['the viewer notice banner', [{ path: '/rank/daily', slots: ['notice.title', 'notice.text'] }]],
  [
    'pixivision list and article, lives and a live',
    [
      { path: '/spotlights', slots: ['pixivision.card'] },
      {
        path: (p) => firstLink(p, '/spotlight/'),
        slots: ['pixivision.title', 'pixivision.paragraph'],
      },
      { path: '/lives', slots: ['name'] },
      { path: (p) => firstLink(p, '/live/'), slots: ['sketch.name', 'sketch.message'] },
    ],
  ],
];

for (const [name, screens] of groups) {
  test(`${name}: no payload runs`, async ({ context, page }) => {
    const result = await visit(context, page, screens);
    expectClean(result);
    test.info().annotations.push({ type: 'slots', description: [...result.slots].join(' ') });
  });
}

test('the pages the server renders, read without JavaScript, carry every payload inertly (issue 33)', async ({
  browser,
}) => {
  // as a reader without scripts or a link preview crawler gets them: the server's markup alone
  const context = await browser.newContext({ javaScriptEnabled: false, bypassCSP: true });
  const page = await context.newPage();
  const found = await watch(context, page);
  const dom: string[] = [];
  const read = async (path: string, slots: string[]) => {
    const res = await page.goto(`${base}${path}`);
    expect(res?.status(), path).toBe(200);
    for (const slot of slots) await expect(page.locator('body'), path).toContainText(`⟦${slot}⟧`);
    dom.push(...(await domFindings(page)).map((f) => `${path} (no JavaScript): ${f}`));
  };
  await read('/rank/daily', ['title', 'name']);
  await read(await firstLink(page, '/artworks/'), ['title', 'caption', 'name']);
  await read(`/users/${PROLIFIC}`, ['name', 'account', 'comment']);
  await read('/rank_novel/day', ['title', 'name']);
  await read(`/novel/${EVERY_MARKUP}`, ['novel.text']);
  await read(`/user/${ILLUST_SERIES.user}/series/${ILLUST_SERIES.id}`, ['title']);
  await read('/spotlights', ['pixivision.card']);
  // the article variant: the illustration one sends some articles there (the app's redirect)
  const article = (await firstLink(page, '/spotlight/')).replace('/spotlight/', '/a/');
  await read(article, ['pixivision.title', 'pixivision.paragraph']);
  await context.close();
  expectClean({ found, dom, slots: new Set() });
});

test('a novel translation and the html download of a hostile novel run nothing', async ({
  context,
  page,
}) => {
  const found = await watch(context, page);
  await page.goto(`${base}/novel/${EVERY_MARKUP}`, { waitUntil: 'commit' });
  await expect(page.locator('body')).toContainText('⟦novel.text⟧', { timeout: 45_000 });
  // the text is the server's markup: the translation controls answer once the app has taken over
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('novel-translate-service').selectOption('ai1');
  await page.getByTestId('novel-translate-start').click();
  await expect(page.getByTestId('novel-translation-text')).toContainText('⟦translation⟧', {
    timeout: 45_000,
  });
  const dom = await domFindings(page);
  await page.getByTestId('novel-download-format').selectOption('html');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('novel-download').click(),
  ]);
  const html = await readFile((await file.path())!, 'utf8');
  expect(html).toContain('⟦novel.text⟧');
  // the downloaded page, opened as a reader would open it (the canary still watching)
  await page.setContent(html, { waitUntil: 'load' });
  dom.push(...(await domFindings(page)).map((f) => `download: ${f}`));
  expectClean({ found, dom, slots: new Set() });
});

test('Atom and RSS entries, the oEmbed answer and the link preview carry hostile text inertly', async ({
  context,
  page,
  request,
}) => {
  const found = await watch(context, page);
  // a feed reader that puts each entry's HTML content straight into its page
  const feed = await request.get(`${base}/feeds/users/${PROLIFIC}.atom`);
  expect(feed.status()).toBe(200);
  const atom = await feed.text();
  expect(atom).toContain('⟦');
  // a page of ours to read them in: its body parsed (at 'commit' a rendered page has none yet)
  await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
  const entries = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('the feed is not well-formed XML');
    const box = document.createElement('div');
    document.body.append(box);
    const contents = Array.from(doc.getElementsByTagName('content'));
    for (const content of contents) box.insertAdjacentHTML('beforeend', content.textContent ?? '');
    // a title is text: the hostile markup in it escaped, never elements of the feed
    const titles = Array.from(doc.getElementsByTagName('title'));
    return {
      contents: contents.length,
      hostileTitles: titles.filter((t) => t.textContent?.includes('⟦')).length,
      titlesWithElements: titles.filter((t) => t.children.length > 0).length,
    };
  }, atom);
  expect(entries.contents).toBeGreaterThan(0);
  expect(entries.hostileTitles).toBeGreaterThan(0);
  expect(entries.titlesWithElements).toBe(0);
  // an RSS reader that treats every text field as HTML (RSS 2.0 allows it in description, and
  // readers do it in titles, categories and creators too): each field decodes to text
  const rss = await (await request.get(`${base}/feeds/users/${PROLIFIC}.rss`)).text();
  expect(rss).toContain('⟦');
  const rendered = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('the RSS is not well-formed XML');
    const box = document.createElement('div');
    document.body.append(box);
    const fields = ['title', 'description', 'category', 'dc:creator'].flatMap((name) =>
      Array.from(doc.getElementsByTagName(name)),
    );
    for (const field of fields) box.insertAdjacentHTML('beforeend', field.textContent ?? '');
    return { fields: fields.length, hostile: box.textContent?.includes('⟦') ?? false };
  }, rss);
  expect(rendered.fields).toBeGreaterThan(0);
  expect(rendered.hostile).toBe(true);
  const dom = (await domFindings(page)).map((f) => `feed: ${f}`);
  // oEmbed: data, the hostile title a plain JSON string
  const artwork = /\/artworks\/(\d+)/.exec(atom);
  const oembed = await request.get(
    `${base}/oembed?url=${encodeURIComponent(`${base}/artworks/${artwork![1]}`)}`,
  );
  expect(oembed.headers()['content-type']).toMatch(/^application\/json/);
  const card = (await oembed.json()) as { title?: string; html?: string };
  expect(card.title).toContain('⟦');
  expect(card.html).toBeUndefined();
  expectClean({ found, dom, slots: new Set() });
});

test('a hostile image source runs nothing on a top-level visit to any image route', async ({
  context,
  page,
  request,
}) => {
  const found = await watch(context, page);
  const { illusts } = (await (await request.get(`${base}/api/pixiv/rank?mode=day`)).json()) as {
    illusts: { id: number }[];
  };
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="pvXss(\'svg-onload\')">' +
    '<script>pvXss("svg-script")</script></svg>';
  const html = '<!doctype html><script>pvXss("html")</script><img src=x onerror=pvXss("img")>';
  // every image host answers script in an image's place: SVG, HTML, and HTML sent as a PNG
  const answers = [
    { type: 'image/svg+xml', body: svg },
    { type: 'text/html', body: html },
    { type: 'image/png', body: html },
  ];
  const routes = [
    '/i/img-original/img/2026/01/01/00/00/00/1_p0.png',
    '/i/c/540x540_70/img-master/img/2026/01/01/00/00/00/1_p0_master1200.jpg',
    '/s/common/images/no_profile.png',
    '/sk/uploads/user/file/1/a.png',
    `/artworks/${illusts[0]!.id}.jpg`,
  ];
  for (const answer of answers) {
    const removers = ['/i.pximg.net/', '/s.pximg.net/', '/img-sketch.pximg.net/'].map(
      (pathPrefix) =>
        hostile.add({
          pathPrefix,
          status: 200,
          headers: { 'content-type': answer.type },
          body: answer.body,
        }),
    );
    try {
      for (const route of routes) {
        const res = await page.goto(`${base}${route}`);
        const headers = res!.headers();
        // what comes back is never a document that can run: refused, or a picture under a
        // sandboxing policy that the browser may not sniff into something else
        if (res!.ok()) {
          expect(headers['content-type'], route).toMatch(/^image\/(jpeg|png|gif|webp|avif)/);
          expect(headers['x-content-type-options'], route).toBe('nosniff');
          expect(headers['content-security-policy'], route).toContain('sandbox');
        }
      }
    } finally {
      for (const remove of removers) remove();
    }
  }
  expectClean({ found, dom: [], slots: new Set() });
});

test.afterAll(() => {
  const slots = [...rotation.placed.entries()].map(([slot, ids]) => `${slot}:${ids.size}`);
  console.log(
    `xss: ${XSS_PAYLOADS.length} payloads, ${rotation.placed.size} slots placed, ` +
      `${[...rotation.placed.values()].reduce((n, s) => n + s.size, 0)} payload×slot pairs; ${slots.join(' ')}`,
  );
});
