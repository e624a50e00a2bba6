/**
 * Issue 20, the SSRF suite: probes against every path and parameter that makes the server fetch
 * something. A loopback listener stands for every host off the allowlist (loopback, link-local,
 * metadata): it must never see a request. Client probes are refused with a 4xx that says why (the
 * documented error shape); upstream redirects to it, on every fetching route, are never followed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startHostileTestServer, type HostileTestServer } from './test-hostile.ts';
import { shapeProblem } from './fuzz-kit.ts';

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
