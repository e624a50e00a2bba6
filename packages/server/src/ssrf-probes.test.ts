/**
 * Issue 20, the SSRF suite: probes against every path and parameter that makes the server fetch
 * something. A loopback listener stands for every host off the allowlist (loopback, link-local,
 * metadata): it must never see a request. Client probes are refused with a 4xx that says why (the
 * documented error shape); upstream redirects to it, on every fetching route, are never followed.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProxiedImageUrl } from '@pv/core';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startHostileTestServer, type HostileTestServer } from './test-hostile.ts';
import { shapeProblem } from './fuzz-kit.ts';
import { startTestServer, type TestServer } from './test-helpers.ts';

let t: HostileTestServer;
let evil: Server;
let evilSeen: string[];
let evilOrigin: string;
beforeAll(async () => {
  evilSeen = [];
  evil = createServer((req, res) => {
    evilSeen.push(`${req.method} ${req.headers.host}${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end('stolen');
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  t = await startHostileTestServer({ upstreamTimeoutMs: 5_000 });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => evil.close(() => r()));
});

const token = { 'x-pixiv-refresh-token': DEMO_ACCOUNTS[0]!.refreshToken };
const session = {
  'x-pixiv-session': DEMO_ACCOUNTS[0]!.phpsessid,
  'x-csrf-token': DEMO_ACCOUNTS[0]!.csrfToken,
};
const enc = encodeURIComponent;

/** Targets off the allowlist, in the forms an attacker writes them. */
const HOSTS = [
  '127.0.0.1',
  'localhost',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '169.254.169.254',
  'metadata.google.internal',
  'localtest.me',
  '127.0.0.1.nip.io',
  'ｌｏｃａｌｈｏｓｔ',
  `${'a'.repeat(300)}.example`,
];

/** Every probe: a request that names another host, path or scheme somewhere it can be named. */
function probes(): { url: string; headers?: Record<string, string> }[] {
  const list: { url: string; headers?: Record<string, string> }[] = [];
  // the image proxies: the path is appended to a fixed base
  for (const prefix of ['/i/', '/s/', '/sk/']) {
    list.push(
      { url: `${prefix}..%2f..%2fetc/passwd.jpg` },
      { url: `${prefix}%2e%2e/%2e%2e/x.jpg` },
      { url: `${prefix}%252e%252e/x.jpg` },
      { url: `${prefix}．．/x.jpg` },
      { url: `${prefix}@127.0.0.1/x.jpg` },
      { url: `${prefix}user:pass@169.254.169.254/x.jpg` },
      { url: `${prefix}%5c%5c127.0.0.1/x.jpg` },
      { url: `${prefix}http:%2f%2f127.0.0.1/x.jpg` },
      { url: `${prefix}a%00.jpg` },
    );
  }
  // every host form as a path or a parameter of the routes that fetch
  for (const host of HOSTS) {
    list.push(
      { url: `/i/${enc(`//${host}/x.jpg`)}` },
      { url: `/api/pixiv/req_get?path=${enc(`https://${host}/v2/illust/follow`)}`, headers: token },
    );
  }
  for (const path of [
    '//127.0.0.1/v2/illust/follow',
    '../../v2/illust/follow',
    'v2/illust/follow/../../../admin',
    'v2/illust/follow?x=http://127.0.0.1',
    'v2/illust/follow#@127.0.0.1',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'v2%2Fillust%2Ffollow',
  ]) {
    list.push({ url: `/api/pixiv/req_get?path=${enc(path)}`, headers: token });
    list.push({ url: `/api/pixiv/req_post?path=${enc(path)}`, headers: token });
  }
  list.push(
    // the one parameter that names a URL: related's next_url
    { url: `/api/pixiv/related?id=1&nextUrl=${enc(`${evilOrigin}/v2/illust/related`)}` },
    { url: `/api/pixiv/related?id=1&nextUrl=${enc('http://169.254.169.254/v2/x')}` },
    // ids that are numbers only to a lax parser
    { url: '/api/pid-recover/0x7f000001' },
    { url: '/api/pid-recover/1e3' },
    { url: `/api/pid-recover/${enc('1/../../evil')}` },
    { url: `/api/spotlight/${enc('1?x=http://127.0.0.1')}` },
    { url: '/api/spotlight/0x10' },
    { url: `/api/lives/${enc('../../127.0.0.1')}.json` },
    { url: `/api/lives/${enc('1@127.0.0.1')}/logs.json` },
    { url: '/api/sketch/hls/..%2f..%2fadmin.m3u8' },
    { url: `/api/sketch/hls/${enc('//127.0.0.1/x.ts')}` },
    { url: `/api/ugoira/${enc('../1.zip')}` },
    { url: `/api/ugoira/${enc('http://127.0.0.1/1')}.zip` },
    { url: `/api/pixiv-novel-translate/${enc('../../x')}.json` },
    { url: `/api/pixiv-novel-translate/${enc('//127.0.0.1/1')}.json` },
    // the web proxy: every route names its one upstream path
    { url: `/api/web/${enc('//127.0.0.1/ajax/x')}` },
    { url: '/api/web/..%2f..%2fadmin' },
    { url: `/api/web/illust?id=${enc('1/../../../admin')}` },
    { url: `/api/web/user_following?id=${enc('1@127.0.0.1')}`, headers: session },
    // the login bridges
    {
      url: `/api/auth/redirector/login?code_challenge=${enc('http://127.0.0.1/')}&code_challenge_method=S256`,
    },
    // spoofed Host and forwarding headers change nothing upstream
    { url: '/i/..%2fx.jpg', headers: { host: '127.0.0.1', 'x-forwarded-host': '169.254.169.254' } },
  );
  return list;
}

describe('client probes', () => {
  it('are refused with a 4xx that says why, and nothing reaches a host off the allowlist', async () => {
    const all = probes();
    expect(all.length).toBeGreaterThanOrEqual(60);
    const wrong: string[] = [];
    for (const probe of all) {
      const res = await t.app.inject({ url: probe.url, headers: probe.headers ?? {} });
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode < 400 || res.statusCode >= 500) {
        wrong.push(`${res.statusCode} ${probe.url.slice(0, 120)}`);
      } else if (shapeProblem(type, res.body)) {
        wrong.push(`${shapeProblem(type, res.body)} ${probe.url.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(evilSeen).toEqual([]);
    // and upstream saw no request for a path of another host or a traversal
    expect(t.hostile.log.filter((l) => /127\.0\.0\.1|169\.254|\.\.|localhost/.test(l))).toEqual([]);
  }, 120_000);
});

describe('upstream redirects off the allowlist', () => {
  it('are never followed, on any fetching route, for every 3xx', async () => {
    const id = t.sandbox.state.data.ids[0]!;
    const routes = [
      { url: `/api/pixiv/illust?id=${id}` },
      { url: `/api/web/illust?id=${id}` },
      { url: '/i/img-master/img/2026/11/20/00/00/00/1_p0_master1200.jpg' },
      { url: '/s/common/images/no_profile.png' },
      { url: '/api/spotlights?page=3&lang=en' },
      { url: '/api/pixiv/req_get?path=v2/illust/follow', headers: token },
    ];
    const statuses = [301, 302, 303, 307, 308];
    let tried = 0;
    for (const status of statuses) {
      for (const target of [`${evilOrigin}/stolen`, 'http://169.254.169.254/latest/meta-data/']) {
        t.hostile.clear();
        t.hostile.add({ pathPrefix: '/', status, redirect: target });
        for (const route of routes) {
          const res = await t.app.inject({
            url: route.url,
            headers: { 'cache-control': 'no-store', ...(route.headers ?? {}) },
          });
          tried++;
          // a refusal, or the web reads' empty envelope with the reason
          const refused = res.statusCode !== 200 || res.headers['x-web-error'] !== undefined;
          expect(refused, `${status} ${route.url}`).toBe(true);
          expect(res.statusCode, `${status} ${route.url}`).not.toBe(500);
        }
      }
    }
    t.hostile.clear();
    expect(tried).toBe(60);
    expect(evilSeen).toEqual([]);
  }, 120_000);
});

describe('a hostile image source (issue 34)', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
  const HTML = '<!doctype html><script>alert(localStorage.length)</script>';
  const XML =
    '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>';
  /** Markup served as something else, and pictures' bytes served as markup. */
  const REFUSED: { type: string; body: string | Buffer }[] = [
    { type: 'image/svg+xml', body: SVG },
    { type: 'text/html', body: HTML },
    { type: 'application/xml', body: XML },
    { type: 'text/xml', body: XML },
    { type: 'image/png', body: SVG },
    { type: 'image/jpeg', body: HTML },
    { type: 'image/gif', body: XML },
    { type: 'application/zip', body: ` ${HTML}` },
    { type: 'text/html', body: Buffer.concat([PNG, Buffer.from(HTML)]) },
    { type: 'image/svg+xml', body: Buffer.concat([PNG, Buffer.from(SVG)]) },
  ];
  const fresh = { 'cache-control': 'no-cache' };
  let paths: { prefix: string; url: string }[] = [];
  const routes = () => paths;
  beforeAll(async () => {
    const d = t.sandbox.state.data;
    const illust = (await t.app.inject({ url: `/api/pixiv/illust?id=${d.ids[0]}` })).json() as {
      illust: { image_urls: { medium: string } };
    };
    let zip = '';
    for (let i = 0; i < d.illustCount && !zip; i++) {
      if (d.kind[i] !== 2) continue;
      const meta = (
        await t.app.inject({ url: `/api/pixiv/ugoira_metadata?id=${d.work(i).id}` })
      ).json() as { ugoira_metadata: { zip_urls: { medium: string } } };
      zip = meta.ugoira_metadata.zip_urls.medium;
    }
    const live = t.sandbox.state.lives.broadcasting()[0]!;
    const detail = (await t.app.inject({ url: `/api/lives/${live.id}.json` })).json() as {
      data: { thumbnail: { w400: { url: string } } };
    };
    paths = [
      { prefix: '/i.pximg.net/', url: toProxiedImageUrl(illust.illust.image_urls.medium) },
      { prefix: '/i.pximg.net/', url: toProxiedImageUrl(zip) },
      { prefix: '/s.pximg.net/', url: '/s/common/images/no_profile.png' },
      { prefix: '/img-sketch.pximg.net/', url: toProxiedImageUrl(detail.data.thumbnail.w400.url) },
    ];
  });
  const expectImageHeaders = (res: { headers: Record<string, unknown> }, what: string) => {
    expect(res.headers['content-security-policy'], what).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  };

  it('answers SVG, HTML, XML and polyglots as a 502 never cached, on every image route', async () => {
    let probes = 0;
    for (const route of routes()) {
      for (const { type, body } of REFUSED) {
        const what = `${route.url} ${type} ${String(body).slice(0, 20)}`;
        t.hostile.add({
          pathPrefix: route.prefix,
          status: 200,
          headers: { 'content-type': type },
          body,
        });
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url: route.url, headers: fresh });
          probes++;
          expect(res.statusCode, what).toBe(502);
          expect(res.headers['cache-control'], what).toBe('no-store');
          expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
          expectImageHeaders(res, what);
        }
        t.hostile.clear();
        // nothing of it was kept: the next plain request asks upstream (the hostile source again)
        t.hostile.add({
          pathPrefix: route.prefix,
          status: 200,
          headers: { 'content-type': type },
          body,
        });
        expect((await t.app.inject({ url: route.url })).statusCode, what).toBe(502);
        t.hostile.clear();
      }
    }
    console.warn(`hostile image source: ${probes} probes refused`);
  }, 120_000);

  it('names the type by the signature and sends the sandbox CSP on every answer, Range included', async () => {
    const [picture, zip, placeholder] = routes();
    for (const route of [picture!, zip!, placeholder!]) {
      const res = await t.app.inject({ url: route.url, headers: fresh });
      expect(res.statusCode, route.url).toBe(200);
      expect(res.headers['cache-control'], route.url).toBe('public, max-age=31536000, immutable');
      expectImageHeaders(res, route.url);
      const kept = await t.app.inject({ url: route.url });
      expectImageHeaders(kept, `${route.url} kept`);
    }
    // a real PNG that its source calls a JPEG is answered as what it is
    t.hostile.add({ pathPrefix: '/s.pximg.net/', headers: { 'content-type': 'image/jpeg' } });
    const relabelled = await t.app.inject({ url: placeholder!.url, headers: fresh });
    expect(relabelled.headers['content-type']).toBe('image/png');
    // a picture's signature followed by markup stays a picture, sandboxed
    t.hostile.clear();
    t.hostile.add({
      pathPrefix: '/i.pximg.net/',
      status: 200,
      headers: { 'content-type': 'image/gif' },
      body: `GIF89a${HTML}`,
    });
    const polyglot = await t.app.inject({ url: picture!.url, headers: fresh });
    expect(polyglot.statusCode).toBe(200);
    expect(polyglot.headers['content-type']).toBe('image/gif');
    expectImageHeaders(polyglot, 'GIF polyglot');
    // a range from the start is checked like the whole; a later one must be a picture type, never cached
    t.hostile.clear();
    t.hostile.add({
      pathPrefix: '/i.pximg.net/',
      status: 206,
      headers: { 'content-type': 'image/png', 'content-range': 'bytes 0-99/100' },
      body: SVG,
    });
    expect(
      (await t.app.inject({ url: picture!.url, headers: { range: 'bytes=0-99' } })).statusCode,
    ).toBe(502);
    t.hostile.clear();
    t.hostile.add({
      pathPrefix: '/i.pximg.net/',
      status: 206,
      headers: { 'content-type': 'image/svg+xml', 'content-range': 'bytes 100-199/1000' },
      body: SVG,
    });
    expect(
      (await t.app.inject({ url: picture!.url, headers: { range: 'bytes=100-199' } })).statusCode,
    ).toBe(502);
    t.hostile.clear();
    t.hostile.add({
      pathPrefix: '/i.pximg.net/',
      status: 206,
      headers: { 'content-type': 'image/jpeg', 'content-range': 'bytes 100-199/1000' },
      body: SVG,
    });
    const later = await t.app.inject({ url: picture!.url, headers: { range: 'bytes=100-199' } });
    expect(later.statusCode).toBe(206);
    expect(later.headers['content-type']).toBe('image/jpeg');
    expect(later.headers['cache-control']).toBe('no-store');
    expectImageHeaders(later, 'later range');
    t.hostile.clear();
    const start = await t.app.inject({
      url: picture!.url,
      headers: { range: 'bytes=0-15', ...fresh },
    });
    expect(start.statusCode).toBe(206);
    expect(start.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // a 304 and a refused path carry them too
    const etag = String(start.headers.etag ?? '');
    if (etag) {
      const unchanged = await t.app.inject({
        url: picture!.url,
        headers: { 'if-none-match': etag, ...fresh },
      });
      expect(unchanged.statusCode).toBe(304);
      expectImageHeaders(unchanged, '304');
    }
    expectImageHeaders(await t.app.inject({ url: '/i/a//b.jpg' }), '400');
  }, 120_000);
});

describe('Host and X-Forwarded-Host probes (issue 34)', () => {
  const EVIL = 'evil.example';
  const PUBLIC = 'https://viewer.example';
  /** Every answer that names this site's origin: picture links, oEmbed, feeds, the page head. */
  const urls = (id: number, user: number) => [
    `/artworks/${id}.jpg`,
    `/oembed?url=${enc(`https://www.pixiv.net/artworks/${id}`)}`,
    `/feeds/users/${user}.atom`,
    `/feeds/users/${user}.rss`,
    `/feeds/rank/day.atom`,
    `/artworks/${id}`,
  ];
  const probeHeaders = [
    { host: EVIL },
    { host: 'viewer.example', 'x-forwarded-host': EVIL },
    { host: 'viewer.example', 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' },
  ];
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'pv-host-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  async function probe(server: TestServer) {
    const d = server.sandbox.state.data;
    let i = 0;
    while (d.xRestrict[i] !== 0 || d.aiType[i] === 2) i++;
    const id = d.ids[i]!;
    const user = (await server.app.inject({ url: `/api/pixiv/illust?id=${id}` })).json().illust.user
      .id as number;
    const answers: { what: string; named: boolean; cache: string; status: number }[] = [];
    for (const url of urls(id, user)) {
      for (const headers of probeHeaders) {
        const res = await server.app.inject({ url, headers: { accept: 'text/html', ...headers } });
        const text = `${res.headers.location ?? ''}${res.body}`;
        answers.push({
          what: `${url} ${JSON.stringify(headers)}`,
          named: text.includes(EVIL),
          cache: String(res.headers['cache-control'] ?? ''),
          status: res.statusCode,
        });
      }
    }
    return answers;
  }

  it('without PUBLIC_URL: an answer naming the request host is never publicly cacheable', async () => {
    const server = await startTestServer({ webDist: dist, trustProxy: true });
    try {
      const answers = await probe(server);
      expect(answers.length).toBe(18);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      // the request's host does reach them (there is nothing else to build links from)…
      expect(answers.filter((a) => a.named).length).toBeGreaterThanOrEqual(12);
      // …so none of them may be stored for others
      expect(answers.filter((a) => a.named && !/\bprivate\b/.test(a.cache))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('with PUBLIC_URL: every absolute URL is the public origin, whatever Host or X-Forwarded-Host say', async () => {
    const server = await startTestServer({ webDist: dist, trustProxy: true, publicUrl: PUBLIC });
    try {
      const answers = await probe(server);
      expect(answers.filter((a) => a.named || a.status >= 500)).toEqual([]);
      const d = server.sandbox.state.data;
      const redirect = await server.app.inject({
        url: `/artworks/${d.ids.find((_, i) => d.xRestrict[i] === 0 && d.aiType[i] !== 2)}.jpg`,
        headers: { host: EVIL, 'x-forwarded-host': EVIL },
      });
      expect(String(redirect.headers.location)).toMatch(/^https:\/\/viewer\.example\/i\//);
      expect(redirect.headers['cache-control']).toBe('public, max-age=86400');
    } finally {
      await server.close();
    }
  }, 120_000);

  it('deploy/nginx.conf sets X-Forwarded-Host and -Proto itself, never from the client', () => {
    const conf = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Host \$host;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    expect(conf).not.toMatch(/\$http_x_forwarded_(host|proto)/);
  });
});
