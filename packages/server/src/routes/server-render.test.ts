/**
 * Server rendering of the rankings (issue 33, SSR=1): the web app's own server bundle, built here
 * from packages/web as `npm run build` builds it, renders `/rank/daily` from the sandbox's ranking
 * behind the hostile upstream, which gives the first work a title made to break out of the page.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseIllust, rankingDateWindow, type RawIllust } from '@pv/core';
import { startHostileTestServer, type HostileTestServer } from '../test-hostile.ts';
import {
  SERVER_BUNDLE,
  SERVER_DATA_ID,
  insertRendered,
  jsonForScript,
  rendersPath,
  screenStylesheets,
} from './server-render.ts';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../../web');
const ADULT_TITLE = 'An adult work';
const MANGA_TITLE = 'A manga work';
const HOSTILE_TITLE = '</script><script>alert(1)</script><!--<img src=x onerror=alert(2)>\u2028';
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Pixiv Viewer</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body>' +
  '<div id="root"><div class="fp-shell" data-testid="first-paint-shell"></div></div>\n</body></html>';

/** A web build of the shell and the real server bundle (`vite build --ssr`, as the web build). */
function webDistWithServerBundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pv-ssr-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(dir, 'server'),
      '--logLevel',
      'error',
    ],
    { cwd: WEB, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`server bundle build failed: ${build.stderr}`);
  return dir;
}

const PAGE = { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' };

describe('server rendering (SSR=1)', () => {
  let t: HostileTestServer;
  let dist: string;
  beforeAll(async () => {
    dist = webDistWithServerBundle();
    // the sandbox on the real clock: the page asks for the app's default day, a real one
    t = await startHostileTestServer({ webDist: dist, serverRender: true, sandboxNow: Date.now() });
    t.hostile.add({
      pathPrefix: '/app-api.pixiv.net/v1/illust/ranking',
      json: (value) => {
        const body = value as { illusts: RawIllust[] };
        body.illusts[0]!.title = HOSTILE_TITLE;
        // a work that the default settings hide (R-18, no R-18 tag: the daily ranking keeps it
        // for a user who shows R-18) and a manga (hidden by the hide-manga option)
        const [adult, manga] = [body.illusts[5]!, body.illusts[6]!];
        Object.assign(adult, { title: ADULT_TITLE, x_restrict: 1, tags: [] });
        Object.assign(manga, { title: MANGA_TITLE, type: 'manga', x_restrict: 0 });
        return body;
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('renders the daily ranking into the page: cards, pictures, data block, escaped, same CSP', async () => {
    const res = await t.app.inject({ url: '/rank/daily', headers: PAGE });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1];
    expect(root, 'rendered #root').toBeDefined();
    expect(root).not.toContain('first-paint-shell');
    expect(root).toContain('data-testid="top-bar"');

    // the cards of the ranking's first page, as the app shows them (default filters)
    const api = await t.app.inject({
      url: `/api/pixiv/rank?mode=day&date=${rankingDateWindow(new Date()).defaultDate}&page=1`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    const works = (api.json() as { illusts: RawIllust[] }).illusts.map(normaliseIllust);
    const second = works[1]!;
    const titles = [...root!.matchAll(/data-testid="artwork-card-title"[^>]*>([^<]*)</g)].map(
      (m) => m[1],
    );
    expect(titles.length).toBeGreaterThanOrEqual(10);
    expect(titles).toContain(second.title.replaceAll('&', '&amp;'));
    const images = [...root!.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(images.length).toBe(titles.length);
    expect(images[0]).toMatch(/^\/i\/c\/540x540_70\/img-master\//);

    // no style attribute (the CSP allows none in markup)
    expect(root).not.toMatch(/\sstyle="/);

    // the hostile title: text in the markup, and in the data block nothing that ends the script
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    const block = new RegExp(
      `<script type="application/json" id="${SERVER_DATA_ID}">([\\s\\S]*?)</script>`,
    ).exec(html)![1]!;
    expect(block).not.toMatch(/[<>\u2028\u2029]/);
    const data = JSON.parse(block) as {
      queries: {
        queries: {
          queryKey: unknown[];
          state: { data: { pages: { items: { title: string }[] }[] } };
        }[];
      };
    };
    const ranking = data.queries.queries.find((q) => q.queryKey[0] === 'ranking')!;
    expect(ranking.state.data.pages[0]!.items[0]!.title).toBe(HOSTILE_TITLE);

    // the page carries its first data: no preload of it, only the notice feed's
    expect(html).not.toContain('href="/api/pixiv/rank?');
    // the page's policy is the shell's: no inline script allowed
    const shell = await t.app.inject({ url: '/setting', headers: PAGE });
    expect(shell.body).toContain('first-paint-shell');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBe(shell.headers['content-security-policy']);
    expect(/script-src [^;]*/.exec(csp)![0]).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('renders every ranking type the default content settings show, and only those', async () => {
    const weekly = await t.app.inject({ url: '/rank/weekly_manga', headers: PAGE });
    expect(weekly.body).toContain(`id="${SERVER_DATA_ID}"`);
    expect(weekly.body).toContain('data-testid="artwork-card"');
    expect(weekly.body).not.toContain('first-paint-shell');
    // R-18, R-18G and AI rankings: the shell and its preload, no works in the page
    for (const url of ['/rank/daily_r18', '/rank/r18g', '/rank/daily_ai', '/rank/nope']) {
      const res = await t.app.inject({ url, headers: PAGE });
      expect(res.body, url).toContain('first-paint-shell');
      expect(res.body, url).not.toContain(SERVER_DATA_ID);
    }
    expect(rendersPath('/rank/daily?date=2026-11-01')).toBe(true);
    expect(rendersPath('/rank/daily_r18_ai')).toBe(false);
  });

  /** The markup of a page's `#root`, or undefined when the page is the shell. */
  const rootOf = (html: string) =>
    /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1];

  it('renders with the user’s filters and layout from the cookie: a work they hide is never in it', async () => {
    const plain = await t.app.inject({ url: '/rank/daily', headers: PAGE });
    // the default settings (no cookie: a new visitor): no R-18 work, manga shown
    expect(rootOf(plain.body)).toContain(MANGA_TITLE);
    expect(rootOf(plain.body)).not.toContain(ADULT_TITLE);
    expect(rootOf(plain.body)).toContain('data-layout="Grid"');

    // R-18 shown, manga hidden in rankings, the Justified layout
    const shaped = await t.app.inject({
      url: '/rank/daily',
      headers: { ...PAGE, cookie: 'pv_paint=dark.38a9f5.en.Justified.ram' },
    });
    const root = rootOf(shaped.body);
    expect(root).toContain(ADULT_TITLE);
    expect(root).not.toContain(MANGA_TITLE);
    expect(root).toContain('data-layout="Justified"');
    // the data block says what the page was rendered with: the app hydrates with the same
    const block = new RegExp(
      `<script type="application/json" id="${SERVER_DATA_ID}">([\\s\\S]*?)</script>`,
    ).exec(shaped.body)![1]!;
    expect((JSON.parse(block) as { view: unknown }).view).toEqual({
      layout: 'Justified',
      content: { r18: true, r18g: false, ai: true },
      hideRankManga: true,
      observeImages: false,
    });

    // R-18 off again, AI hidden: the R-18 work is gone
    const strict = await t.app.inject({
      url: '/rank/daily',
      headers: { ...PAGE, cookie: 'pv_paint=auto.38a9f5.en.Grid.-' },
    });
    expect(rootOf(strict.body)).toContain('data-testid="artwork-card"');
    expect(rootOf(strict.body)).not.toContain(ADULT_TITLE);
  });

  it('serves the shell to a user who blocks tags or authors, or whose cookie does not read', async () => {
    for (const cookie of [
      // blocked tags or authors: lists the cookie cannot carry
      'pv_paint=auto.38a9f5.en.Grid.ab',
      'pv_paint=dark.38a9f5.en.Masonry.b',
      // the format before the filters, and a tampered value: which works are hidden is unknown
      'pv_paint=dark.38a9f5.en.Grid',
      'pv_paint=dark.38a9f5.en.Grid.a<',
    ]) {
      const res = await t.app.inject({ url: '/rank/daily', headers: { ...PAGE, cookie } });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toContain('first-paint-shell');
      expect(res.body, cookie).not.toContain(SERVER_DATA_ID);
      expect(res.body, cookie).not.toContain('data-testid="artwork-card"');
    }
  });

  it('renders the R-18 rankings for a user whose cookie shows R-18, and only theirs', async () => {
    const cookie = 'pv_paint=auto.38a9f5.en.Grid.ra';
    const r18 = await t.app.inject({ url: '/rank/daily_r18', headers: { ...PAGE, cookie } });
    expect(rootOf(r18.body)).toContain('data-testid="artwork-card"');
    // R-18G is not shown by that cookie: the shell
    const r18g = await t.app.inject({ url: '/rank/r18g', headers: { ...PAGE, cookie } });
    expect(r18g.body).toContain('first-paint-shell');
    expect(r18g.body).not.toContain(SERVER_DATA_ID);
    const content = { r18: true, r18g: false, ai: false };
    expect(rendersPath('/rank/daily_r18', content)).toBe(true);
    expect(rendersPath('/rank/daily_r18_ai', content)).toBe(false);
    expect(rendersPath('/rank/r18g', content)).toBe(false);
    expect(rendersPath('/rank/daily_ai', content)).toBe(false);
    expect(rendersPath('/rank/daily_ai', { ...content, ai: true })).toBe(true);
  });

  it('links the screen’s stylesheets (its chunk’s and its imports’, from the build manifest) once', () => {
    const web = mkdtempSync(join(tmpdir(), 'pv-ssr-manifest-'));
    mkdirSync(join(web, '.vite'));
    writeFileSync(
      join(web, '.vite/manifest.json'),
      JSON.stringify({
        'src/screens/Rank/RankScreen.tsx': { css: ['assets/Rank-1.css'], imports: ['_Grid.js'] },
        '_Grid.js': { css: ['assets/Grid-2.css'], imports: ['_Grid.js', 'index.html'] },
        'index.html': { css: ['assets/index-3.css'] },
      }),
    );
    try {
      const styles = screenStylesheets(web);
      expect(styles).toEqual(['/assets/Rank-1.css', '/assets/Grid-2.css', '/assets/index-3.css']);
      const page = insertRendered(
        `<html><head><link rel="stylesheet" crossorigin href="/assets/index-3.css"></head><body><div id="root"></div></body></html>`,
        { root: '<p>x</p>', data: '{}', used: [], styles },
      );
      // the entry's stylesheet is there already: not twice
      expect(page.match(/rel="stylesheet"/g)).toHaveLength(3);
      expect(page).toContain('href="/assets/Grid-2.css"></head>');
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('escapes JSON for a script data block', () => {
    const text = jsonForScript({ a: '</script><!--\u2028\u2029&' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!--\u2028\u2029&' });
  });

  it('serves the shell, warning once, when the web build has no server bundle', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'pv-ssr-bare-'));
    mkdirSync(join(bare, 'assets'));
    writeFileSync(join(bare, 'index.html'), SHELL);
    const s = await startHostileTestServer({ webDist: bare, serverRender: true });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await s.app.inject({ url: '/rank/daily', headers: PAGE });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('first-paint-shell');
      }
      expect(s.logs().match(/no server bundle/g)).toHaveLength(1);
      expect(SERVER_BUNDLE).toBe('server/entry-server.js');
    } finally {
      await s.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
