import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-helpers.ts';
import { startHostileTestServer, type HostileTestServer } from '../../test-hostile.ts';

/** A built app whose shell has a head, as the real build's has. */
function webDistWithHead(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pv-share-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Pixiv Viewer</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const HOST = 'viewer.example';
const ORIGIN = `http://${HOST}`;

/** The page as a crawler asks for it; its head's meta and link tags as name → values. */
async function pageHead(t: TestServer, url: string) {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', host: HOST } });
  expect(res.statusCode, url).toBe(200);
  const head = /<head>([\s\S]*)<\/head>/.exec(res.body)![1]!;
  const meta = new Map<string, string[]>();
  for (const m of head.matchAll(
    /<(?:meta (?:property|name)="([^"]+)" content|link rel="([^"]+)"[^>]*?href)="([^"]*)"/g,
  )) {
    const key = m[1] ?? m[2]!;
    meta.set(key, [...(meta.get(key) ?? []), m[3]!]);
  }
  return { head, meta, get: (key: string) => meta.get(key)?.[0] };
}

interface Ids {
  safe: number;
  single: number;
  r18: number;
  r18g: number;
  ai: number;
  novel: number;
  novelSeries: number;
  illustSeries: { id: number; user: number };
}

/** Works of each kind from the sandbox's seeded dataset. */
async function findIds(t: TestServer): Promise<Ids> {
  const d = t.sandbox.state.data;
  const find = (pred: (i: number) => boolean) => {
    for (let i = 0; i < d.illustCount; i++) if (pred(i)) return d.ids[i]!;
    throw new Error('no such work in the dataset');
  };
  const plain = (i: number) => d.xRestrict[i] === 0 && d.aiType[i] !== 2;
  const safe = find((i) => plain(i) && d.pages[i]! > 2);
  // an illust series whose first work (what its card shows) is all-ages
  let illustSeries: Ids['illustSeries'] | undefined;
  for (let i = 0; i < d.illustCount && !illustSeries; i++) {
    if (!plain(i)) continue;
    const work = (await t.app.inject({ url: `/api/pixiv/illust?id=${d.ids[i]}` })).json().illust;
    if (!work.series) continue;
    const series = (
      await t.app.inject({ url: `/api/pixiv/illust_series?id=${work.series.id}` })
    ).json().illust_series_first_illust;
    if (series.x_restrict === 0 && series.illust_ai_type !== 2) {
      illustSeries = { id: work.series.id, user: work.user.id };
    }
  }
  const novels = t.sandbox.state.novels;
  return {
    safe,
    single: find((i) => plain(i) && d.pages[i] === 1),
    r18: find((i) => d.xRestrict[i] === 1),
    r18g: find((i) => d.xRestrict[i] === 2),
    ai: find((i) => d.xRestrict[i] === 0 && d.aiType[i] === 2),
    novel: novels.ids[0]!,
    novelSeries: novels.series[0]!.id,
    illustSeries: illustSeries!,
  };
}

let t: TestServer;
let dist: string;
let ids: Ids;
beforeAll(async () => {
  dist = webDistWithHead();
  t = await startTestServer({ webDist: dist });
  ids = await findIds(t);
  // many upstream reads: on a loaded machine this takes longer than the default 10 s
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('link previews', () => {
  it('give an artwork page its card: title, author, plain caption, master picture, oEmbed', async () => {
    const api = (await t.app.inject({ url: `/api/pixiv/illust?id=${ids.safe}` })).json().illust;
    const { get, meta } = await pageHead(t, `/artworks/${ids.safe}`);
    expect(get('og:title')).toBe(`${api.title} - ${api.user.name}`);
    expect(get('author')).toBe(api.user.name);
    expect(get('og:type')).toBe('article');
    expect(get('og:url')).toBe(`${ORIGIN}/artworks/${ids.safe}`);
    expect(get('canonical')).toBe(`${ORIGIN}/artworks/${ids.safe}`);
    expect(get('twitter:card')).toBe('summary_large_image');
    // the caption's <br /> is a space, and no markup is left
    expect(api.caption).toContain('<br />');
    expect(get('og:description')).toBe(
      api.caption
        .replace(/<br \/>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    // the first page's master (no crop directive) through this server's image proxy, absolute
    const image = get('og:image')!;
    expect(image).toBe(
      `${ORIGIN}/i/${api.meta_pages[0].image_urls.large.replace(/^https:\/\/i\.pximg\.net\/c\/[^/]+\//, '')}`,
    );
    expect(Math.max(Number(get('og:image:width')), Number(get('og:image:height')))).toBe(
      Math.min(1200, Math.max(api.width, api.height)),
    );
    const picture = await t.app.inject({ url: image.slice(ORIGIN.length) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expect(get('alternate')).toBe(
      `${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/artworks/${ids.safe}`)}&amp;format=json`,
    );
    expect(meta.get('twitter:image')).toEqual([image]);
  });

  it('give a user page a profile card and its feeds', async () => {
    const body = (
      await t.app.inject({ url: `/api/pixiv/member?id=${ids.illustSeries.user}` })
    ).json();
    const { get, meta } = await pageHead(t, `/users/${ids.illustSeries.user}`);
    expect(get('og:type')).toBe('profile');
    expect(get('og:title')).toBe(body.user.name);
    expect(get('twitter:card')).toBe('summary');
    expect(get('og:image')).toBe(
      `${ORIGIN}/i/${body.user.profile_image_urls.medium.replace('https://i.pximg.net/', '')}`,
    );
    expect(meta.get('alternate')).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/feeds/users/${ids.illustSeries.user}.atom`,
        `${ORIGIN}/feeds/users/${ids.illustSeries.user}/novels.atom`,
      ]),
    );
  });

  it('give a novel and both kinds of series their cards', async () => {
    const novel = (await t.app.inject({ url: `/api/pixiv/novel_detail?id=${ids.novel}` })).json()
      .novel;
    const n = await pageHead(t, `/novel/${ids.novel}`);
    expect(n.get('og:type')).toBe('book');
    expect(n.get('og:title')).toBe(`${novel.title} - ${novel.user.name}`);
    expect(n.get('og:image')).toBe(
      `${ORIGIN}/i/${novel.image_urls.large.replace('https://i.pximg.net/', '')}`,
    );
    const series = (
      await t.app.inject({ url: `/api/pixiv/novel_series?id=${ids.novelSeries}` })
    ).json();
    const s = await pageHead(t, `/novel/series/${ids.novelSeries}`);
    expect(s.get('og:title')).toBe(
      `${series.novel_series_detail.title} - ${series.novel_series_detail.user.name}`,
    );
    expect(s.get('canonical')).toBe(`${ORIGIN}/novel/series/${ids.novelSeries}`);
    const { id, user } = ids.illustSeries;
    const manga = (await t.app.inject({ url: `/api/pixiv/illust_series?id=${id}` })).json();
    const m = await pageHead(t, `/user/${user}/series/${id}`);
    expect(m.get('og:title')).toBe(
      `${manga.illust_series_detail.title} - ${manga.illust_series_detail.user.name}`,
    );
    expect(m.get('og:image')).toBe(
      `${ORIGIN}/i/${manga.illust_series_detail.cover_image_urls.medium.replace('https://i.pximg.net/', '')}`,
    );
    // another user's id in the path names no page of this series
    expect((await pageHead(t, `/user/${user + 1}/series/${id}`)).get('og:title')).toBeUndefined();
  });

  it('give R-18, R-18G and AI works a neutral card without picture or caption', async () => {
    for (const [id, label] of [
      [ids.r18, 'R-18'],
      [ids.r18g, 'R-18G'],
      [ids.ai, 'AI-generated'],
    ] as const) {
      const api = (await t.app.inject({ url: `/api/pixiv/illust?id=${id}` })).json().illust;
      const { head, get } = await pageHead(t, `/artworks/${id}`);
      expect(get('og:title'), label).toBe(`${label} artwork - ${api.user.name}`);
      expect(get('og:image'), label).toBeUndefined();
      expect(get('twitter:image'), label).toBeUndefined();
      expect(get('og:description'), label).toBeUndefined();
      expect(get('twitter:card'), label).toBe('summary');
      expect(head).not.toContain('/i/');
    }
  });

  it('leave every other page as the plain shell', async () => {
    const res = await t.app.inject({ url: '/setting', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('og:');
    const missing = await pageHead(t, '/artworks/1');
    expect(missing.get('og:title')).toBeUndefined();
  });

  it('link the feeds of a ranking and of a tag search', async () => {
    expect((await pageHead(t, '/rank/daily')).get('alternate')).toBe(
      `${ORIGIN}/feeds/rank/day.atom`,
    );
    expect((await pageHead(t, `/search/${encodeURIComponent('眼鏡 "x"')}`)).get('alternate')).toBe(
      `${ORIGIN}/feeds/tags/${encodeURIComponent('眼鏡 "x"')}.atom`,
    );
  });
});

describe('oEmbed', () => {
  const oembed = (url: string, extra = '') =>
    t.app.inject({
      url: `/oembed?url=${encodeURIComponent(url)}&format=json${extra}`,
      headers: { host: HOST },
    });

  it('answers a photo for an artwork, fitted into maxwidth', async () => {
    const api = (await t.app.inject({ url: `/api/pixiv/illust?id=${ids.safe}` })).json().illust;
    const res = await oembed(`${ORIGIN}/artworks/${ids.safe}`, '&maxwidth=300');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'photo',
      title: api.title,
      author_name: api.user.name,
      author_url: `${ORIGIN}/users/${api.user.id}`,
      provider_name: 'Pixiv Viewer',
      provider_url: `${ORIGIN}/`,
    });
    expect(body.url).toMatch(new RegExp(`^${ORIGIN}/i/img-master/`));
    expect(body.width).toBeLessThanOrEqual(300);
    expect(body.height).toBeGreaterThan(0);
    expect(body.thumbnail_url).toBe(body.url);
  });

  it('answers a rich card for a user and a neutral one for an R-18 work, and pixiv links too', async () => {
    const user = (await oembed(`${ORIGIN}/users/${ids.illustSeries.user}`)).json();
    expect(user.type).toBe('rich');
    expect(user.html).toContain(`href="${ORIGIN}/users/${ids.illustSeries.user}"`);
    expect(user.width).toBeGreaterThan(0);
    expect(user.height).toBeGreaterThan(0);
    const r18 = (await oembed(`https://www.pixiv.net/artworks/${ids.r18}`)).json();
    expect(r18.type).toBe('rich');
    expect(r18.title).toBe('R-18 artwork');
    expect(r18.thumbnail_url).toBeUndefined();
    expect(r18.html).not.toContain('<img');
  });

  it('refuses other sites, other paths, missing works and formats other than JSON', async () => {
    expect((await oembed(`https://evil.example/artworks/${ids.safe}`)).statusCode).toBe(404);
    expect((await oembed(`${ORIGIN}/setting`)).statusCode).toBe(404);
    expect((await oembed('javascript:alert(1)')).statusCode).toBe(404);
    expect((await oembed(`${ORIGIN}/artworks/1`)).statusCode).toBe(404);
    const xml = await t.app.inject({
      url: `/oembed?url=${encodeURIComponent(`${ORIGIN}/artworks/${ids.safe}`)}&format=xml`,
    });
    expect(xml.statusCode).toBe(501);
  });
});

describe('direct picture links', () => {
  it('redirect to the master picture of a page through the image proxy', async () => {
    const api = (await t.app.inject({ url: `/api/pixiv/illust?id=${ids.safe}` })).json().illust;
    const first = await t.app.inject({ url: `/artworks/${ids.safe}.jpg`, headers: { host: HOST } });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(
      `${ORIGIN}/i/${api.meta_pages[0].image_urls.large.replace(/^https:\/\/i\.pximg\.net\/c\/[^/]+\//, '')}`,
    );
    const second = await t.app.inject({
      url: `/artworks/${ids.safe}/1.jpg`,
      headers: { host: HOST },
    });
    expect(second.headers.location).toContain('_p1_master1200.jpg');
    const image = await t.app.inject({ url: String(second.headers.location).slice(ORIGIN.length) });
    expect(image.statusCode).toBe(200);
    const single = await t.app.inject({ url: `/artworks/${ids.single}.jpg` });
    expect(single.statusCode).toBe(302);
    expect((await t.app.inject({ url: `/artworks/${ids.single}/1.jpg` })).statusCode).toBe(404);
  });

  it('refuse restricted works, unknown works and anything but digits', async () => {
    expect((await t.app.inject({ url: `/artworks/${ids.r18}.jpg` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/artworks/${ids.ai}/0.jpg` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/artworks/1.jpg' })).statusCode).toBe(404);
    for (const url of ['/artworks/1x.jpg', '/artworks/..%2F1.jpg', '/artworks/1/a.jpg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });
});

describe('with PREVIEW_ADULT=true', () => {
  let adult: TestServer;
  let adultDist: string;
  beforeAll(async () => {
    adultDist = webDistWithHead();
    adult = await startTestServer({ webDist: adultDist, previewAdult: true });
  });
  afterAll(async () => {
    await adult.close();
    rmSync(adultDist, { recursive: true, force: true });
  });

  it('shows restricted works with their title and picture', async () => {
    const api = (await adult.app.inject({ url: `/api/pixiv/illust?id=${ids.ai}` })).json().illust;
    const { get } = await pageHead(adult, `/artworks/${ids.ai}`);
    expect(get('og:title')).toBe(`${api.title} - ${api.user.name}`);
    expect(get('og:image')).toMatch(new RegExp(`^${ORIGIN}/i/img-master/`));
    expect((await adult.app.inject({ url: `/artworks/${ids.ai}.jpg` })).statusCode).toBe(302);
  });
});

describe('against a hostile upstream', () => {
  let h: HostileTestServer;
  let hostileDist: string;
  beforeAll(async () => {
    hostileDist = webDistWithHead();
    h = await startHostileTestServer({ webDist: hostileDist });
  });
  afterAll(async () => {
    await h.close();
    rmSync(hostileDist, { recursive: true, force: true });
  });
  beforeEach(() => h.hostile.clear());

  const HOSTILE = `"><script>alert(1)</script><meta property="og:image" content="https://evil.example/x.jpg">'&`;

  it('escapes a hostile title, author and caption in every attribute', async () => {
    h.hostile.add({
      pathPrefix: '/app-api.pixiv.net/v1/illust/detail',
      strings: (value, key) =>
        key === 'title' || key === 'name' || key === 'caption' ? HOSTILE : value,
    });
    const { head, meta } = await pageHead(h, `/artworks/${ids.safe}`);
    // no script but the page's own config block (JSON, this server's settings)
    const config = /<script type="application\/json" id="pv-config">[^<]*<\/script>/;
    expect(head).toMatch(config);
    expect(head.replace(config, '')).not.toContain('<script');
    expect(head).not.toContain('evil.example/x.jpg">');
    expect(meta.get('og:image')).toHaveLength(1);
    expect(meta.get('og:image')![0]).toMatch(new RegExp(`^${ORIGIN}/i/`));
    expect(head).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(meta.get('author')).toEqual([
      HOSTILE.replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;'),
    ]);
    // the oEmbed HTML escapes them as well
    const embed = await h.app.inject({
      url: `/oembed?url=${encodeURIComponent(`${ORIGIN}/users/${ids.illustSeries.user}`)}`,
      headers: { host: HOST },
    });
    expect(embed.statusCode).toBe(200);
  });

  it('cuts a long caption to 200 characters, never inside an emoji', async () => {
    h.hostile.add({
      pathPrefix: '/app-api.pixiv.net/v2/novel/detail',
      strings: (value, key) => (key === 'caption' ? `${'a'.repeat(198)}😀😀<br />more` : value),
    });
    const { get } = await pageHead(h, `/novel/${ids.novel}`);
    const description = Array.from(get('og:description')!);
    expect(description).toHaveLength(200);
    expect(description.slice(-2)).toEqual(['😀', '…']);
  });

  it('serves the plain shell when upstream fails, and a hostile Host header never reaches it', async () => {
    h.hostile.add({ pathPrefix: '/app-api.pixiv.net/', status: 503, body: 'busy' });
    const res = await h.app.inject({
      url: `/artworks/${ids.single}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toContain('og:');
    h.hostile.clear();
    const hostile = await h.app.inject({
      url: `/artworks/${ids.single}`,
      headers: { accept: 'text/html', host: 'evil.example"><script>' },
    });
    expect(hostile.body).toContain('og:title');
    expect(hostile.body).not.toContain('evil.example');
  });

  it('costs one upstream call for the page, concurrent crawlers and the app together', async () => {
    const id = ids.r18g;
    const calls = () =>
      h.hostile.log.filter((line) => line.includes(`/v1/illust/detail?illust_id=${id}`)).length;
    const before = calls();
    await Promise.all(
      [0, 1, 2].map(() =>
        h.app.inject({ url: `/artworks/${id}`, headers: { accept: 'text/html' } }),
      ),
    );
    await h.app.inject({ url: `/artworks/${id}`, headers: { accept: 'text/html' } });
    const api = await h.app.inject({ url: `/api/pixiv/illust?id=${id}` });
    expect(api.headers['x-cache-hit']).toBe('true');
    await h.app.inject({ url: `/artworks/${id}.jpg` });
    expect(calls() - before).toBe(1);
  });
});
