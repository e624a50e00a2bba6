import { afterEach, describe, expect, it } from 'vitest';
import { PixivError } from './errors.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import {
  PHPSESSID_PATTERN,
  assertWebPath,
  createWebClient,
  isCsrfRefusal,
  parseWebSessionPage,
  readWebSession,
} from './web.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('web client', () => {
  it('GETs JSON with browser headers, the session cookie and the query', async () => {
    server = await startTestServer(() => ({ json: { contents: [] } }));
    const web = createWebClient({
      hosts: { www: server.base },
      session: { phpsessid: '123_abc' },
      acceptLanguage: 'ja',
    });
    const res = await web.getJson('/ranking.php', { format: 'json', mode: 'daily', p: 2 });
    expect(res).toEqual({ status: 200, body: { contents: [] } });
    const req = server.requests[0]!;
    expect(req.url).toBe('/ranking.php?format=json&mode=daily&p=2');
    expect(req.headers.cookie).toBe('PHPSESSID=123_abc');
    expect(req.headers.referer).toBe('https://www.pixiv.net/');
    expect(req.headers['accept-language']).toBe('ja');
    expect(req.headers['user-agent']).toMatch(/^Mozilla\//);
  });

  it('posts with the CSRF token and keeps upstream errors as answers', async () => {
    server = await startTestServer(() => ({
      status: 400,
      json: { error: true, message: 'bad', body: [] },
    }));
    const web = createWebClient({
      hosts: { www: server.base },
      session: { phpsessid: 's', csrfToken: 'tok' },
    });
    const res = await web.post(
      '/ajax/illusts/bookmarks/add',
      '{"illust_id":"1"}',
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(server.requests[0]!.headers['x-csrf-token']).toBe('tok');
    expect(server.requests[0]!.body).toBe('{"illust_id":"1"}');
  });

  it('calls a body that is not JSON a bad response', async () => {
    server = await startTestServer(() => ({ text: '<html>' }));
    const web = createWebClient({ hosts: { www: server.base } });
    await expect(web.getJson('/ajax/illust/1')).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('refuses paths that could leave the host', () => {
    for (const bad of [
      '//evil.example/x',
      'http://evil.example/',
      '/a/../b',
      '/a/./b',
      'ajax',
      '/a?b=1',
      '/a@b:c',
    ]) {
      expect(() => assertWebPath(bad), bad).toThrow(PixivError);
    }
    expect(() => assertWebPath('/ajax/user/1/profile/all')).not.toThrow();
  });
});

describe('parseWebSessionPage', () => {
  const self = {
    id: '11000001',
    pixivId: 'demo',
    name: 'デモ',
    profileImg: 'https://s.pximg.net/common/images/no_profile_s.png',
    profileImgBig: 'https://s.pximg.net/common/images/no_profile.png',
    premium: true,
    xRestrict: 2,
  };

  it('reads the token and user from __NEXT_DATA__ (the state is a JSON string)', () => {
    const state = JSON.stringify({ api: { token: 'abc' }, userData: { self } });
    const next = JSON.stringify({
      props: { pageProps: { serverSerializedPreloadedState: state } },
    });
    const html = `<html><script id="__NEXT_DATA__" type="application/json">${next}</script></html>`;
    expect(parseWebSessionPage(html)).toEqual({ token: 'abc', user: self });
    const anonymous = JSON.stringify({
      props: {
        pageProps: {
          serverSerializedPreloadedState: JSON.stringify({ api: { token: 't' }, userData: {} }),
        },
      },
    });
    expect(
      parseWebSessionPage(
        `<script id="__NEXT_DATA__" type="application/json">${anonymous}</script>`,
      ),
    ).toEqual({ token: 't', user: null });
  });

  it('falls back to the older meta global-data, entities decoded', () => {
    const content = JSON.stringify({
      token: 'tok',
      userData: { ...self, id: 11000001 },
    }).replaceAll('"', '&quot;');
    const html = `<head><meta name="global-data" id="meta-global-data" content="${content}"></head>`;
    expect(parseWebSessionPage(html)).toEqual({ token: 'tok', user: self });
  });

  it('is null for a page with neither, and survives broken JSON', () => {
    expect(parseWebSessionPage('<html><body>pixiv</body></html>')).toBeNull();
    expect(
      parseWebSessionPage('<script id="__NEXT_DATA__" type="application/json">{oops</script>'),
    ).toBeNull();
  });

  it('knows the PHPSESSID format', () => {
    expect(PHPSESSID_PATTERN.test(`123_${'a1B'.repeat(10)}xy`)).toBe(true);
    for (const bad of [
      '123',
      `abc_${'a'.repeat(32)}`,
      `1_${'a'.repeat(31)}`,
      `1_${'a'.repeat(31)}!`,
    ])
      expect(PHPSESSID_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('a stale CSRF token', () => {
  it('is recognised by a 403, or a 400 that names the token, and by nothing else', () => {
    expect(isCsrfRefusal(403, { error: true, message: 'Invalid CSRF token' })).toBe(true);
    expect(isCsrfRefusal(403, null)).toBe(true);
    expect(isCsrfRefusal(400, { error: true, message: 'invalid token' })).toBe(true);
    expect(isCsrfRefusal(400, { error: true, message: '不正なリクエストです。' })).toBe(false);
    expect(isCsrfRefusal(200, { error: false, message: 'token' })).toBe(false);
    expect(isCsrfRefusal(404, { error: true, message: 'csrf' })).toBe(false);
  });

  it('is replaced by the token of the www top page, for the session it belongs to only', async () => {
    const token = 'ab'.repeat(16);
    const page = (self: unknown, t: string | null) =>
      `<script id="__NEXT_DATA__">${JSON.stringify({
        props: {
          pageProps: {
            serverSerializedPreloadedState: JSON.stringify({
              api: { token: t },
              userData: { self },
            }),
          },
        },
      })}</script>`;
    const user = { id: '42', name: 'n' };
    const answers = [
      { text: page(user, token) },
      { text: page(user, token) },
      { text: page(null, token) },
      { text: page(user, 'not-hex') },
      { status: 503, text: 'down' },
    ];
    server = await startTestServer((_req, n) => answers[n - 1]!);
    const sid = `42_${'a'.repeat(32)}`;
    const web = createWebClient({ hosts: { www: server.base }, session: { phpsessid: sid } });
    expect(await readWebSession(web, sid)).toMatchObject({ kind: 'ok', token, user: { id: '42' } });
    // a page of user 42 does not vouch for the session of user 7
    expect(await readWebSession(web, `7_${'a'.repeat(32)}`)).toEqual({ kind: 'invalid' });
    expect(await readWebSession(web, sid)).toEqual({ kind: 'invalid' });
    expect(await readWebSession(web, sid)).toEqual({ kind: 'no_token' });
    expect(await readWebSession(web, sid)).toEqual({ kind: 'unavailable', status: 503 });
    expect(server.requests.map((r) => [r.url, r.headers.cookie])).toEqual(
      Array.from({ length: 5 }, () => ['/', `PHPSESSID=${sid}`]),
    );
  });
});
