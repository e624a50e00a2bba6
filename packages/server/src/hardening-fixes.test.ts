/**
 * Issue 20, the fixes: each finding of the attack runs, as the test that would have caught it.
 * The server runs on the hostile upstream (packages/sandbox/src/hostile), which answers as the
 * sandbox does until a rule makes it lie.
 */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { HostileRule } from '@pv/sandbox/hostile';
import { startHostileTestServer, type HostileTestServer } from './test-hostile.ts';
import { REDIRECTOR_PATH } from './routes/api/auth/redirector.ts';

let t: HostileTestServer;
let image: string;
beforeAll(async () => {
  t = await startHostileTestServer();
  // a route that fails inside, as a bug would
  t.app.get('/api/__boom', async () => {
    throw new Error('ENOENT: /srv/secret/config.json at readConfig (internal.ts:12)');
  });
  const id = t.sandbox.state.data.ids[0]!;
  const detail = (await t.app.inject({ url: `/api/pixiv/illust?id=${id}` })).json() as {
    illust: { image_urls: { medium: string } };
  };
  image = `/i/${detail.illust.image_urls.medium.replace('https://i.pximg.net/', '')}`;
});
afterAll(() => t?.close());
afterEach(() => t.hostile.clear());

const userToken = { 'x-pixiv-refresh-token': DEMO_ACCOUNTS[0]!.refreshToken };
const APP = '/app-api.pixiv.net/';
const fresh = { 'cache-control': 'no-cache' };

describe('the one error handler', () => {
  it('answers a thrown exception 500 internal error in the documented shape, without its message', async () => {
    const res = await t.app.inject({ url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, detail: 'internal error' });
    expect(res.body).not.toMatch(/ENOENT|secret|internal\.ts/);
  });

  it('keeps a short fixed reason for the 4xx Fastify raises (bad JSON, wrong type, too large)', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"refresh_token":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 400, detail: 'invalid JSON body' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-evil-<script>' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 415, detail: 'unsupported content type' });
    expect(wrongType.body).not.toContain('evil');
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ refresh_token: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 413, detail: 'body too large' });
  });
});

describe('req_get / req_post', () => {
  it('find allowed paths by own key only: Object.prototype members are refused with 400', async () => {
    for (const route of ['req_get', 'req_post']) {
      for (const path of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const res = await t.app.inject({
          url: `/api/pixiv/${route}?path=${path}`,
          headers: userToken,
        });
        expect(res.statusCode, `${route} ${path}`).toBe(400);
        expect(res.json(), path).toMatchObject({ code: 400, detail: "Can't make a request" });
      }
    }
  });

  it('refuse a repeated parameter with 400', async () => {
    for (const url of [
      '/api/pixiv/req_get?path=v2/illust/follow&path=v1/novel/follow',
      '/api/pixiv/req_get?path=v2/illust/follow&params={}&params={}',
      '/api/pixiv/req_post?path=v1/user/follow/add&data={"user_id":1}&data={"user_id":2}',
    ]) {
      const res = await t.app.inject({ url, headers: userToken });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toMatch(/^invalid (path|params|data) value$/);
    }
  });
});

describe('/api/pid-recover/{id}', () => {
  it('takes digits only', async () => {
    for (const id of ['0x7f000001', '1e3', '0o17', '0b11', '+12', '-1', '12.0', '%2012', '0']) {
      const res = await t.app.inject({ url: `/api/pid-recover/${id}` });
      expect(res.statusCode, id).toBe(422);
    }
    const ok = await t.app.inject({ url: '/api/pid-recover/123' });
    expect(ok.statusCode).toBeLessThan(500);
    expect(ok.statusCode).not.toBe(422);
  });
});

describe('an upstream that redirects or answers no JSON on the app API', () => {
  it('answers 502, never 500, and passes a 503’s Retry-After on', async () => {
    const id = t.sandbox.state.data.ids[1]!;
    t.hostile.add({
      pathPrefix: `${APP}v1/illust/detail`,
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
    const redirected = await t.app.inject({ url: `/api/pixiv/illust?id=${id}`, headers: fresh });
    expect(redirected.statusCode).toBe(502);
    expect(t.hostile.log.some((l) => l.includes('169.254'))).toBe(false);
    t.hostile.clear();
    t.hostile.add({
      pathPrefix: `${APP}v1/illust/detail`,
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html>maintenance</html>',
    });
    const html = await t.app.inject({ url: `/api/pixiv/illust?id=${id}`, headers: fresh });
    expect(html.statusCode).toBe(502);
    t.hostile.clear();
    t.hostile.add({
      pathPrefix: `${APP}v1/illust/detail`,
      status: 503,
      headers: { 'content-type': 'text/html', 'retry-after': '120' },
      body: '<html>busy</html>',
    });
    const busy = await t.app.inject({
      url: `/api/pixiv/illust?id=${t.sandbox.state.data.ids[2]!}`,
    });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('120');
    expect(busy.json()).toMatchObject({ code: 503 });
  });
});

/** A real socket, so that a body cut short shows as the client sees it. */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; complete: boolean }> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode!, complete: res.complete }));
      res.on('error', () => resolve({ status: res.statusCode!, complete: false }));
      res.on('aborted', () => resolve({ status: res.statusCode!, complete: false }));
    });
    req.on('error', () => resolve({ status: 0, complete: false }));
    req.end();
  });
}

describe('the image proxy', () => {
  const PXIMG = '/i.pximg.net/';

  it('refuses a wrong-type or empty answer with 502 no-store, never immutable', async () => {
    const cases: Omit<HostileRule, 'pathPrefix'>[] = [
      { status: 200, headers: { 'content-type': 'text/html' }, body: '<script>alert(1)</script>' },
      { status: 200, headers: { 'content-type': 'image/jpeg', 'content-length': '0' }, body: '' },
      { status: 206, headers: { 'content-type': 'application/json' }, body: '{}' },
      { status: 200, headers: { 'content-type': null }, body: 'GIF89a' },
    ];
    for (const rule of cases) {
      t.hostile.add({ pathPrefix: PXIMG, times: 1, ...rule });
      const res = await t.app.inject({ url: image });
      expect(res.statusCode, JSON.stringify(rule)).toBe(502);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('peeks at a body without content-length: an empty one is 502, a real one streams', async () => {
    t.hostile.add({
      pathPrefix: PXIMG,
      times: 1,
      dripMs: 1,
      dripBytes: 1,
      body: '',
      status: 200,
      headers: { 'content-type': 'image/jpeg' },
    });
    const empty = await t.app.inject({ url: image });
    expect(empty.statusCode).toBe(502);
    const whole = await t.app.inject({ url: image });
    t.hostile.add({ pathPrefix: PXIMG, times: 1, dripMs: 1, dripBytes: 4096 });
    // a reload: the picture is kept in memory now, and only a reload asks upstream again
    const dripped = await t.app.inject({ url: image, headers: fresh });
    expect(dripped.statusCode).toBe(200);
    expect(dripped.headers['content-length']).toBeUndefined();
    expect(dripped.rawPayload.equals(whole.rawPayload)).toBe(true);
    expect(dripped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never completes a truncated answer: the client sees an unfinished body', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.hostile.add({ pathPrefix: PXIMG, times: 1, truncateAt: 100 });
    const cut = await rawGet(base, image, fresh);
    expect(cut.complete).toBe(false);
    expect((await rawGet(base, image)).complete).toBe(true);
  });

  it('answers HEAD with the headers of GET', async () => {
    const get = await t.app.inject({ url: image });
    const head = await t.app.inject({ method: 'HEAD', url: image });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'cache-control', 'etag']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });
});

describe('a stale copy over an upstream error', () => {
  it('on the web bridge: a 5xx answers the cached copy, marked stale', async () => {
    const id = t.sandbox.state.data.ids[3]!;
    const url = `/api/web/illust?id=${id}`;
    const good = await t.app.inject({ url });
    expect(good.statusCode).toBe(200);
    t.hostile.add({
      pathPrefix: '/www.pixiv.net/',
      status: 500,
      body: '{"error":true,"message":"<img src=x onerror=alert(1)>"}',
      headers: { 'content-type': 'application/json' },
    });
    const stale = await t.app.inject({ url, headers: fresh });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache-stale']).toBe('true');
    expect(stale.body).toBe(good.body);
    // without a copy: the route's empty envelope with the reason, never upstream's failure body
    const uncached = await t.app.inject({
      url: `/api/web/illust?id=${t.sandbox.state.data.ids[4]}`,
    });
    expect(uncached.headers['x-web-error']).toBe('upstream 500');
    expect(uncached.body).not.toContain('onerror');
  });

  it('on the pixivision list: an empty or cut page is served stale and never cached', async () => {
    const url = '/api/spotlights?page=1&lang=en';
    const good = await t.app.inject({ url });
    expect(good.statusCode).toBe(200);
    expect(good.json().articles.length).toBeGreaterThan(0);
    t.hostile.add({
      pathPrefix: '/www.pixivision.net/',
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<!DOCTYPE html><html><body>maintenance</body></html>',
    });
    const empty = await t.app.inject({ url, headers: fresh });
    expect(empty.headers['x-cache-stale']).toBe('true');
    expect(empty.body).toBe(good.body);
    t.hostile.clear();
    t.hostile.add({ pathPrefix: '/www.pixivision.net/', text: (html) => html.slice(0, 3000) });
    const cut = await t.app.inject({ url, headers: fresh });
    expect(cut.headers['x-cache-stale']).toBe('true');
    // without a copy, the cut page is a 502, and the next good answer is what gets cached
    const other = '/api/spotlights?page=2&lang=en';
    expect((await t.app.inject({ url: other })).statusCode).toBe(502);
    t.hostile.clear();
    const after = await t.app.inject({ url: other });
    expect(after.statusCode).toBe(200);
    expect(after.json().articles.length).toBeGreaterThan(0);
  });
});

describe('the sign-in page of the login redirector', () => {
  it('is the app’s own: nothing of upstream’s login page reaches the browser', async () => {
    const evil = '<script>alert(document.domain)</script><img src=x onerror=alert(1)>';
    t.hostile.add({
      pathPrefix: '/app-api.pixiv.net/web/v1/login',
      text: (html) => `${evil}${html}`,
    });
    const challenge = 'a'.repeat(43);
    const page = await t.app.inject({
      url: `${REDIRECTOR_PATH}?code_challenge=${challenge}&code_challenge_method=S256`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script|onerror/);
    expect(page.body).toContain(`value="${challenge}"`);
    // the page's style is a stylesheet of ours (the CSP allows no inline style)
    expect(page.body).not.toContain('<style');
    const css = await t.app.inject({ url: '/api/auth/redirector/login.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const refused = await t.app.inject({
      method: 'POST',
      url: REDIRECTOR_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code_challenge: challenge,
        account: 'nobody',
        password: 'wrong',
      }).toString(),
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).not.toMatch(/<script|onerror/);
    expect(refused.body).toContain('The pixiv ID or password is incorrect.');
  });
});
