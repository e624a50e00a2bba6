import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTENT_SETTINGS,
  hourlyRandomRanking,
  isHomeFeedArtwork,
  jstDay,
  normaliseIllust,
  RANDOM_MANGA_RANK_MODES,
  RANDOM_NOVEL_RANK_MODES,
  RANDOM_RANK_MODES,
  rankingDateWindow,
  type Artwork,
  type ContentSettings,
  type RawIllust,
} from '@pv/core';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import {
  DISCOVERY_CARD_KEEP_S,
  PRELOADED_CARD_PICTURES,
  mirrorUrl,
  pagePlan,
  plainWork,
} from './first-data.ts';

/** A built app whose shell has a head, as the real build's has. */
function webDistWithHead(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pv-first-data-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Pixiv Viewer</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const LANG = { 'accept-language': 'en-US,en;q=0.9' };

interface Preload {
  as: string;
  href: string;
  crossorigin: boolean;
  high: boolean;
}

/** The page as a browser asks for it; its preload links in order, hrefs unescaped. */
async function preloads(t: TestServer, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', ...LANG, ...headers } });
  expect(res.statusCode, url).toBe(200);
  const head = /<head>([\s\S]*)<\/head>/.exec(res.body)![1]!;
  const links = [...head.matchAll(/<link rel="preload"([^>]*)>/g)];
  // every page, opted out or not, starts with the notice feed's call
  expect(links[0]?.[0], url).toBe(
    '<link rel="preload" as="fetch" crossorigin href="/api/notices">',
  );
  return links.slice(1).map(([, attrs]): Preload => ({
    as: /as="([^"]+)"/.exec(attrs!)![1]!,
    href: /href="([^"]+)"/.exec(attrs!)![1]!.replaceAll('&amp;', '&'),
    crossorigin: / crossorigin(?=[ >]|$)/.test(attrs!),
    high: attrs!.includes('fetchpriority="high"'),
  }));
}

/** The default ranking day as the app picks it, at the time of the page request. */
function defaultDays(): string[] {
  return [rankingDateWindow(new Date()).defaultDate];
}

async function rankingIllusts(t: TestServer, url: string): Promise<RawIllust[]> {
  const res = await t.app.inject({ url, headers: LANG });
  return (res.json() as { illusts: RawIllust[] }).illusts;
}

describe('the first-data head part', () => {
  let t: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = webDistWithHead();
    // the sandbox on the real clock: the pages ask for the app's default day, a real one
    t = await startTestServer({ webDist: dist, sandboxNow: Date.now() });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('preloads the ranking page the rank screen asks for first, and no picture it does not know', async () => {
    const days = defaultDays();
    const links = await preloads(t, '/rank/daily');
    const after = rankingDateWindow(new Date()).defaultDate;
    expect(links).toHaveLength(1);
    const [data] = links;
    expect(data).toMatchObject({ as: 'fetch', crossorigin: true, high: false });
    // first in the head after the charset: the browser asks for it before the app's script
    const html = (await t.app.inject({ url: '/rank/daily', headers: { accept: 'text/html' } }))
      .body;
    expect(html).toMatch(
      /^<!doctype html><html[^>]*><head><meta charset="UTF-8" \/><link rel="preload" as="fetch"/,
    );
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script'));
    // the app's call: `api.get('rank', {mode, date, page})`, parameters in that order
    expect([...days, after].map((d) => `/api/pixiv/rank?mode=day&date=${d}&page=1`)).toContain(
      data!.href,
    );
    // the page did not ask upstream for it: the app's own call is still a miss
    const first = await t.app.inject({ url: data!.href, headers: LANG });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache-hit']).toBeUndefined();
  });

  it('adds the first card pictures at high priority once the ranking is in the cache', async () => {
    const { href } = (await preloads(t, '/rank/weekly'))[0]!;
    expect(href).toMatch(/^\/api\/pixiv\/rank\?mode=week&date=\d{4}-\d{2}-\d{2}&page=1$/);
    const illusts = await rankingIllusts(t, href);
    const links = await preloads(t, '/rank/weekly');
    expect(links[0]).toMatchObject({ as: 'fetch', href });
    const pictures = links.slice(1);
    const expected = illusts
      .map(normaliseIllust)
      .filter(plainWork)
      .slice(0, PRELOADED_CARD_PICTURES)
      .map((a) => a.images[0]!.m.replace('https://i.pximg.net/', '/i/'));
    expect(expected).toHaveLength(PRELOADED_CARD_PICTURES);
    expect(pictures).toEqual(
      expected.map((href) => ({ as: 'image', href, crossorigin: false, high: true })),
    );
    // the cache is per language, as the app's calls are: another language knows no pictures
    expect(await preloads(t, '/rank/weekly', { 'accept-language': 'ja' })).toHaveLength(1);
    // every preloaded picture is one the image route serves
    const picture = await t.app.inject({ url: pictures[0]!.href });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
  });

  it('preloads home’s ranking row, with the row’s square pictures (not the trending tags)', async () => {
    for (const path of ['/', '/home']) {
      const links = await preloads(t, path);
      expect([links[0]!.as, links[0]!.crossorigin]).toEqual(['fetch', true]);
      expect(links[0]!.href).toMatch(/^\/api\/pixiv\/rank\?mode=day&date=\d{4}-\d{2}-\d{2}$/);
      expect(links.filter((l) => l.as === 'fetch')).toHaveLength(1);
    }
    const href = (await preloads(t, '/'))[0]!.href;
    const illusts = await rankingIllusts(t, href);
    const pictures = (await preloads(t, '/')).slice(1);
    // the row's cards: no manga, no multi-page work (a picture of one would never be used)
    const prefs = { content: DEFAULT_CONTENT_SETTINGS, blocks: { tags: [], authorIds: [] } };
    const expected = illusts
      .map(normaliseIllust)
      .filter((a) => plainWork(a) && isHomeFeedArtwork(a, prefs))
      .slice(0, PRELOADED_CARD_PICTURES)
      .map((a) => a.images[0]!.s.replace('https://i.pximg.net/', '/i/'));
    expect(expected).toHaveLength(PRELOADED_CARD_PICTURES);
    expect(pictures.map((p) => p.href)).toEqual(expected);
    expect(pictures.every((p) => p.as === 'image' && p.high)).toBe(true);
  });

  it('preloads no picture of a card the user’s ranking leaves out, and none for a user who blocks', async () => {
    // a day whose daily ranking mixes manga among its first works, as pixiv's often does (the
    // sandbox's default day has none on some days: CI on 2026-12-04 after 15:00 UTC)
    let page = '';
    let works: Artwork[] = [];
    for (let back = 2; back <= 14 && page === ''; back++) {
      const date = jstDay(new Date(), back);
      const href = (await preloads(t, `/rank/daily?date=${date}`))[0]!.href;
      expect(href).toBe(`/api/pixiv/rank?mode=day&date=${date}&page=1`);
      works = (await rankingIllusts(t, href)).map(normaliseIllust).filter(plainWork);
      if (works.slice(0, PRELOADED_CARD_PICTURES).some((a) => a.type === 'manga'))
        page = `/rank/daily?date=${date}`;
    }
    expect(page, 'a daily ranking with manga among its first works').not.toBe('');
    const picture = (a: (typeof works)[number]) =>
      a.images[0]!.m.replace('https://i.pximg.net/', '/i/');
    const shown = async (filters: string) =>
      (await preloads(t, page, { cookie: `pv_paint=auto.38a9f5.en.Masonry.${filters}.5` }))
        .slice(1)
        .map((p) => p.href);
    // hides manga in rankings: the first cards that are not manga
    expect(await shown('am')).toEqual(
      works
        .filter((a) => a.type !== 'manga')
        .slice(0, PRELOADED_CARD_PICTURES)
        .map(picture),
    );
    // blocks a tag or an author: which cards show is the app's to know
    expect(await shown('ab')).toEqual([]);
    expect(await shown('a')).toEqual(works.slice(0, PRELOADED_CARD_PICTURES).map(picture));
  });

  it('preloads an artwork’s detail and its first picture, under every alias', async () => {
    const d = t.sandbox.state.data;
    let index = 0;
    while (d.xRestrict[index] !== 0 || d.aiType[index] === 2) index++;
    const id = d.ids[index]!;
    for (const path of [`/artworks/${id}`, `/illust/${id}`, `/i/${id}/`]) {
      const links = await preloads(t, path);
      expect(links[0]).toEqual({
        as: 'fetch',
        href: `/api/pixiv/illust?id=${id}`,
        crossorigin: true,
        high: false,
      });
      const work = normaliseIllust(
        (await t.app.inject({ url: `/api/pixiv/illust?id=${id}`, headers: LANG })).json().illust,
      );
      expect(links.slice(1)).toEqual([
        {
          as: 'image',
          href: work.images[0]!.m.replace('https://i.pximg.net/', '/i/'),
          crossorigin: false,
          high: true,
        },
      ]);
    }
  });

  it('names no picture of an R-18 or AI work in the head, only its detail call', async () => {
    const d = t.sandbox.state.data;
    for (const hidden of [(i: number) => d.xRestrict[i] === 1, (i: number) => d.aiType[i] === 2]) {
      let index = 0;
      while (!hidden(index)) index++;
      const id = d.ids[index]!;
      expect(await preloads(t, `/artworks/${id}`)).toEqual([
        { as: 'fetch', href: `/api/pixiv/illust?id=${id}`, crossorigin: true, high: false },
      ]);
    }
  });

  it('preloads a novel’s detail and text, under every alias', async () => {
    for (const path of ['/novel/22', '/n/22'])
      expect(await preloads(t, path), path).toEqual([
        { as: 'fetch', href: '/api/pixiv/novel_detail?id=22', crossorigin: true, high: false },
        { as: 'fetch', href: '/api/pixiv/webview_novel?id=22', crossorigin: true, high: false },
      ]);
  });

  it('preloads nothing for other pages, unknown rankings, web rankings or an opted-out browser', async () => {
    for (const path of [
      '/search',
      '/rank/nonsense',
      '/rank/daily?content=illust',
      // a user's profile says whether the viewer follows them: never the pool's answer
      '/users/1',
      '/u/1',
      '/users/1/artworks',
      '/users/0',
      '/novel/series/5',
      '/artworks/abc',
      '/setting',
    ])
      expect(await preloads(t, path), path).toEqual([]);
    // a browser whose calls differ (its own token, another mirror) says so with a cookie
    expect(await preloads(t, '/rank/daily', { cookie: 'a=1; pv_first_data=off' })).toEqual([]);
  });
});

describe('pagePlan', () => {
  // 2026-11-25 03:00 UTC is 12:00 in Japan: before the day's ranking is published
  const now = new Date('2026-11-25T03:00:00Z');
  const window = rankingDateWindow(now);

  it('takes a ranking day from the address only inside the window the app allows', () => {
    const call = (url: string) => pagePlan(url, now)!.calls[0]!.params;
    expect(call('/rank/weekly?date=2020-01-02')).toEqual({
      mode: 'week',
      date: '2020-01-02',
      page: '1',
    });
    expect(call(`/rank/daily?date=${window.max}`).date).toBe(window.max);
    for (const date of [
      '2007-09-12',
      '2026-11-24',
      'nonsense',
      '',
      // issue 34: strings that sort inside the window but are no day
      `${window.max.slice(0, 8)}01"><img src=x>`,
      '2020-02-30',
      '2020-13-01',
      '2020-1-01x',
    ])
      expect(call(`/rank/daily?date=${date}`).date, date).toBe(window.defaultDate);
    expect(call('/rank/daily_r18/').mode).toBe('day_r18');
  });

  it('plans the author lists, the series and pixivision for the server’s render only, as the app asks', () => {
    const plan = (url: string, language?: string) => {
      const p = pagePlan(url, now, { language });
      return p && { urls: p.calls.map(mirrorUrl), renderOnly: p.renderOnly };
    };
    const member = '/api/pixiv/member?id=7';
    // the profile's tab (`?tab=`), as its tabs without JavaScript ask for it
    const works = (type: string) => `/api/pixiv/member_illust?id=7&illust_type=${type}&page=1`;
    for (const [query, call] of [
      ['', works('illust')],
      ['?tab=illusts', works('illust')],
      ['?tab=manga', works('manga')],
      ['?tab=novel', '/api/pixiv/member_novel?id=7&page=1'],
      ['?tab=favorite', '/api/pixiv/favorite?id=7'],
      ['?tab=fav_novel', '/api/pixiv/favorite_novel?id=7'],
      ['?tab=related', works('illust')],
      ['?tab=__proto__', works('illust')],
    ]) {
      // and, optional, the novel bookmarks (their tab shows only when there are some) and, over
      // the works, the author's tags
      const favNovels = '/api/pixiv/favorite_novel?id=7';
      const extras = [
        ...(call === favNovels ? [] : [favNovels]),
        ...(call!.startsWith('/api/pixiv/member_illust') ? ['/api/web/user_tags?id=7'] : []),
      ];
      expect(plan(`/users/7${query}`), query).toEqual({
        urls: [member, call, ...extras],
        renderOnly: true,
      });
      const optional = pagePlan(`/users/7${query}`, now)!.calls.filter((c) => c.optional);
      expect(optional.map(mirrorUrl), query).toEqual(extras);
    }
    // an artwork: its detail, then (optional) its first comments and its related works' first page
    const artwork = pagePlan('/artworks/7', now)!.calls;
    expect(artwork.map(mirrorUrl)).toEqual([
      '/api/pixiv/illust?id=7',
      '/api/web/illust_comment_roots?illust_id=7&offset=0&limit=3',
      '/api/pixiv/related?id=7&page=1',
    ]);
    expect(artwork.map((c) => c.optional ?? false)).toEqual([false, true, true]);
    // and, once the detail names the author, their newest works (optional too); none without one
    const follow = pagePlan('/artworks/7', now)!.follow!;
    const following = follow([{ illust: { id: 7, user: { id: 42 } } }, undefined, undefined]);
    expect(following.map(mirrorUrl)).toEqual(['/api/pixiv/member_illust?id=42']);
    expect(following.every((c) => c.optional)).toBe(true);
    for (const detail of [
      undefined,
      {},
      { illust: { user: { id: '42' } } },
      { illust: { user: { id: 0 } } },
    ])
      expect(follow([detail, undefined, undefined]), JSON.stringify(detail)).toEqual([]);
    expect(plan('/users/7/artworks?type=manga')).toEqual({
      urls: [member, '/api/pixiv/member_illust?id=7&illust_type=manga&page=1'],
      renderOnly: true,
    });
    expect(plan('/users/7/illustrations')?.urls[1]).toBe(
      '/api/pixiv/member_illust?id=7&illust_type=illust&page=1',
    );
    expect(plan('/users/7/novels')?.urls[1]).toBe('/api/pixiv/member_novel?id=7&page=1');
    for (const list of ['favorites', 'bookmarks/artworks']) {
      expect(plan(`/users/7/${list}`)?.urls[1]).toBe('/api/pixiv/favorite?id=7');
    }
    for (const list of ['favorite_novels', 'bookmarks/novels']) {
      expect(plan(`/users/7/${list}`)?.urls[1]).toBe('/api/pixiv/favorite_novel?id=7');
    }
    expect(plan('/user/7/series/8')).toEqual({
      urls: ['/api/pixiv/illust_series?id=8', '/api/pixiv/illust_series?id=8&page=1'],
      renderOnly: true,
    });
    expect(plan('/novel/series/9')?.urls).toEqual(['/api/pixiv/novel_series?id=9']);
    // pixivision, this server's own routes, in the interface language: none without it
    expect(plan('/spotlights', 'ja')).toEqual({
      urls: ['/api/spotlights?type=illustration&page=1&lang=ja'],
      renderOnly: true,
    });
    expect(plan('/pixivision?tab=manga', 'zh-Hant')?.urls).toEqual([
      '/api/spotlights?type=manga&page=1&lang=zh-tw',
    ]);
    expect(plan('/spotlights?tab=nope', 'de')?.urls[0]).toContain('type=illustration&');
    for (const path of ['/spotlight/12', '/sp/12', '/a/12', '/pixivision/12']) {
      expect(plan(path, 'en')?.urls).toEqual(['/api/spotlight/12?lang=en']);
    }
    expect(plan('/a/12')).toBeNull();
    for (const path of ['/users/0/novels', '/users/7/following', '/user/x/series/8', '/a/0']) {
      expect(plan(path, 'en'), path).toBeNull();
    }
  });

  it('plans each home’s ranking row as its screen asks for it (no page number), and for the render the hour’s random draw', () => {
    const date = window.defaultDate;
    const drawn = (modes: readonly string[]) => {
      const { mode, date: day } = hourlyRandomRanking(now, modes);
      return `/api/pixiv/rank?mode=${mode}&date=${day}&page=1`;
    };
    for (const path of ['/', '/home', '/index', '/index.html']) {
      const plan = pagePlan(path, now)!;
      expect(plan.calls.map(mirrorUrl), path).toEqual([
        `/api/pixiv/rank?mode=day&date=${date}`,
        drawn(RANDOM_RANK_MODES),
      ]);
      // the random feed is the render's only, never preloaded
      expect(plan.calls.map((c) => c.optional === true)).toEqual([false, true]);
    }
    expect(pagePlan('/home_manga', now)!.calls.map(mirrorUrl)).toEqual([
      `/api/pixiv/rank?mode=day_manga&date=${date}`,
      drawn(RANDOM_MANGA_RANK_MODES),
    ]);
    const novelHome = pagePlan('/home_novel', now)!.calls;
    const novelDraw = hourlyRandomRanking(now, RANDOM_NOVEL_RANK_MODES);
    expect(novelHome.map(mirrorUrl)).toEqual([
      `/api/pixiv/rank_novel?mode=day&date=${date}`,
      `/api/pixiv/rank_novel?mode=${novelDraw.mode}&date=${novelDraw.date}&page=1`,
    ]);
    expect(novelHome.map((c) => c.optional === true)).toEqual([false, true]);
    expect(pagePlan('/home_live', now)).toBeNull();
  });

  it('plans the rows of self-hosted mode for the render only: recommended works, and the illust home’s discovery card in the user’s mode, kept a minute', () => {
    const date = window.defaultDate;
    const selfHosted = (path: string, content?: ContentSettings) =>
      pagePlan(path, now, { selfHosted: true, ...(content && { content }) })!.calls;
    const home = selfHosted('/');
    expect(home.map(mirrorUrl)).toEqual([
      `/api/pixiv/rank?mode=day&date=${date}`,
      '/api/web/discovery?mode=safe&limit=18',
      '/api/pixiv/illust_recommended',
      expect.stringMatching(/^\/api\/pixiv\/rank\?mode=\w+&date=[\d-]+&page=1$/),
    ]);
    // never preloaded: a browser's www session goes with its own discovery call
    expect(home.map((c) => c.optional === true)).toEqual([false, true, true, true]);
    expect(home[1]!.keep).toBe(DISCOVERY_CARD_KEEP_S);
    expect(DISCOVERY_CARD_KEEP_S).toBe(60);
    // a user who shows R-18 works: discovery's mode for them
    const r18 = { ...DEFAULT_CONTENT_SETTINGS, r18: true };
    expect(selfHosted('/', r18).map(mirrorUrl)[1]).toBe('/api/web/discovery?mode=all&limit=18');
    expect(selfHosted('/home_manga').map(mirrorUrl)[1]).toBe('/api/pixiv/manga_recommended');
    expect(selfHosted('/home_novel').map(mirrorUrl)[1]).toBe('/api/pixiv/novel_recommended');
    for (const path of ['/home_manga', '/home_novel'])
      expect(selfHosted(path)[1]!.optional, path).toBe(true);
  });
});

describe('pagePlan of a search', () => {
  const now = new Date('2026-11-25T03:00:00Z');
  const words = { sensitiveWords: ['nsfw'] };
  const url = (plan: ReturnType<typeof pagePlan>) => plan && plan.calls.map(mirrorUrl);

  it('asks for the first page as the screens do: params in the app’s order, the URL’s filters', () => {
    expect(url(pagePlan('/search/%E7%8C%AB', now, words))).toEqual([
      '/api/pixiv/search?word=%E7%8C%AB+-R-18+-R18+-18%2B&page=1&search_ai_type=0&mode=partial_match_for_tags&order=date_desc',
      '/api/sensitive-words',
    ]);
    // a user who shows R-18 and hides AI: no exclusions, AI works left out upstream
    const content = { r18: true, r18g: false, ai: false };
    const filtered = '/s/cat?order=date_asc&duration=within_last_week&mode=nope&min_fav=1000';
    expect(url(pagePlan(filtered, now, { ...words, content }))![0]).toBe(
      '/api/pixiv/search?word=cat&page=1&search_ai_type=1&mode=partial_match_for_tags&order=date_asc&duration=within_last_week',
    );
    expect(
      url(pagePlan('/search_novel/cat?mode=text&order=date_asc&start_date=2020-01-01', now, words)),
    ).toEqual([
      '/api/pixiv/search_novel?word=cat+-R-18+-R18+-18%2B&page=1&mode=text&sort=date_asc&start_date=2020-01-01&search_ai_type=0',
      '/api/sensitive-words',
    ]);
    // fetched for the render only, never preloaded
    expect(pagePlan('/search/cat', now, words)!.renderOnly).toBe(true);
    // self-hosted: the popular works row too (illust results only)
    expect(
      url(pagePlan('/search/cat?mode=title_and_caption', now, { ...words, selfHosted: true })),
    ).toEqual([
      '/api/pixiv/search?word=cat+-R-18+-R18+-18%2B&page=1&search_ai_type=0&mode=title_and_caption&order=date_desc',
      '/api/pixiv/popular_preview?word=cat+-R-18+-R18+-18%2B&mode=title_and_caption',
      '/api/sensitive-words',
    ]);
    expect(pagePlan('/search_novel/cat', now, { ...words, selfHosted: true })!.calls).toHaveLength(
      2,
    );
  });

  it('plans nothing the screen does not search, nor without the sensitive-word list', () => {
    for (const path of [
      '/search/cat%20NSFW',
      '/search/R-18',
      '/search/%20',
      `/search/${encodeURIComponent('https://www.pixiv.net/artworks/12')}`,
      '/search/a%2Fb',
      '/search/%E0%A4%A',
    ])
      expect(pagePlan(path, now, words), path).toBeNull();
    expect(pagePlan('/search/cat', now)).toBeNull();
  });

  it('plans the live list (preloaded) and a self-hosted server’s discovery in the user’s mode (rendered only)', () => {
    expect(pagePlan('/lives', now)).toEqual({
      calls: [{ name: 'live_list', params: { page: '1' } }],
    });
    const discovery = pagePlan('/discovery', now, {
      content: { r18: true, r18g: false, ai: true },
      selfHosted: true,
    });
    expect(discovery!.calls.map(mirrorUrl)).toEqual(['/api/web/discovery?mode=all&limit=60']);
    expect(discovery!.renderOnly).toBe(true);
    expect(pagePlan('/discovery', now, { selfHosted: true })!.calls.map(mirrorUrl)).toEqual([
      '/api/web/discovery?mode=safe&limit=60',
    ]);
    // its users tab: the recommended users
    const users = pagePlan('/discovery?tab=users', now, { selfHosted: true });
    expect(users!.calls.map(mirrorUrl)).toEqual(['/api/pixiv/user_recommended']);
    expect(users!.renderOnly).toBe(true);
    // not self-hosted: the screen is a 404, nothing to fetch
    expect(pagePlan('/discovery', now)).toBeNull();
  });
});
