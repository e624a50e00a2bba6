/**
 * Issue 4, "Done when": attempts to reach any other host through `/i/*`, `/s/*`, `/sk/*`,
 * `req_get`, `req_post`, `/api/web/*` (reads, form posts, comments), the login bridges or a
 * crafted `next_url` are refused, and this file lists them. A real listener on loopback stands
 * for the other host: it must never see a request, and the sandbox (the only upstream) must never
 * see the trick either. The one parameter that names a URL to fetch, `related`'s `nextUrl`,
 * takes only a next_url of that very list. A second server whose upstream answers every call with
 * a redirect to that listener proves that no redirect is followed off the upstream hosts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import {
  PixivError,
  createAppApiClient,
  createOAuthClient,
  createRefreshTokenProvider,
  createWebClient,
} from '@pv/pixiv';
import { startTestServer, type TestServer } from './test-helpers.ts';

const demo = DEMO_ACCOUNTS[0]!;
const userToken = { 'x-pixiv-refresh-token': demo.refreshToken };
const session = { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': demo.csrfToken };

/** Every request a loopback server saw, as `METHOD host/path`. */
async function listen(
  answer: (url: string) => { status: number; headers: Record<string, string> },
) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host}${req.url}`);
    const { status, headers } = answer(req.url ?? '/');
    res.writeHead(status, headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Listener = Awaited<ReturnType<typeof listen>>;
let evil: Listener;
let hostile: Listener;
let t: TestServer;
let h: TestServer;

beforeAll(async () => {
  evil = await listen(() => ({ status: 200, headers: { 'content-type': 'application/json' } }));
  // An upstream that sends every call off to the other host.
  hostile = await listen((url) => ({
    status: 302,
    headers: { location: `${evil.origin}/stolen${url}` },
  }));
  t = await startTestServer();
  const off = `${hostile.origin}`;
  h = await startTestServer({
    hosts: { appApi: off, www: off, pximg: off, spximg: off, sketchImg: off },
  });
});

afterAll(async () => {
  await Promise.all([t?.close(), h?.close(), evil?.close(), hostile?.close()]);
});

interface Attempt {
  /** The entry point the attempt goes through. */
  via: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The refusal's status. */
  status: number;
}

/** The attempts, built once the other host's address is known. */
function attempts(): Attempt[] {
  const e = `127.0.0.1:${evil.port}`;
  const abs = `http://${e}`;
  const q = encodeURIComponent;
  const get = (via: string, url: string, status: number, headers?: Record<string, string>) => ({
    via,
    method: 'GET' as const,
    url,
    status,
    ...(headers ? { headers } : {}),
  });
  const post = (
    via: string,
    url: string,
    payload: Record<string, unknown>,
    status: number,
    headers?: Record<string, string>,
  ) => ({ via, method: 'POST' as const, url, payload, status, ...(headers ? { headers } : {}) });
  const images = (prefix: '/i' | '/s') => [
    get(prefix, `${prefix}/..%2f..%2fapp-api.pixiv.net%2fv1%2fillust%2fdetail.jpg`, 400),
    // the router resolves the dot segments, and no image route is left to match
    get(prefix, `${prefix}/%2e%2e/%2e%2e/www.pixiv.net/x.jpg`, 404),
    get(prefix, `${prefix}/img-master/../../../x.jpg`, 404),
    get(prefix, `${prefix}//evil.example/x.jpg`, 400),
    get(prefix, `${prefix}/@evil.example/x.jpg`, 400),
    get(prefix, `${prefix}/%40${e}/x.jpg`, 400),
    get(prefix, `${prefix}/%5c%5cevil.example/x.jpg`, 400),
    get(prefix, `${prefix}/\\\\evil.example\\x.jpg`, 400),
    get(prefix, `${prefix}/${abs}/x.jpg`, 400),
    get(prefix, `${prefix}/http:%2f%2f${e}%2fx.jpg`, 400),
    get(prefix, `${prefix}/http://[::1]:${evil.port}/x.jpg`, 400),
    get(prefix, `${prefix}/http://2130706433:${evil.port}/x.jpg`, 400),
    get(prefix, `${prefix}/http://0x7f000001:${evil.port}/x.jpg`, 400),
  ];
  const reqPaths = [
    `${abs}/v2/illust/follow`,
    `//${e}/v2/illust/follow`,
    `@${e}/v2/illust/follow`,
    `v2/illust/follow@${e}`,
    `v2/illust/follow/../../../${e}`,
    'v2/illust/%2e%2e/%2e%2e/follow',
    'v2\\illust\\follow',
    `http://[::1]:${evil.port}/v2/illust/follow`,
    `http://2130706433:${evil.port}/v2/illust/follow`,
    `https://app-api.pixiv.net.evil.example/v2/illust/follow`,
  ];
  return [
    ...images('/i'),
    ...images('/s'),
    get('/sk', `/sk/${abs}/uploads/live/file/1/a.jpg`, 400),
    get('/sk', `/sk/c!/w=400,f=webp:jpeg/uploads/live/file/1/..%2f..%2fa.jpg`, 400),
    get('/sk', `/sk//evil.example/uploads/live/file/1/a.jpg`, 400),
    ...reqPaths.map((p) =>
      get('req_get', `/api/pixiv/req_get?path=${q(p)}&params=%7B%7D`, 400, userToken),
    ),
    ...reqPaths.map((p) =>
      get(
        'req_post',
        `/api/pixiv/req_post?path=${q(p.replace('v2/illust/follow', 'v1/user/follow/add'))}` +
          `&data=${q('{"user_id":1}')}`,
        400,
        userToken,
      ),
    ),
    get(
      'req_get',
      `/api/pixiv/req_get?path=v2/illust/follow&params=${q(`{"offset":"${abs}/"}`)}`,
      400,
      userToken,
    ),
    get(
      'req_get',
      `/api/pixiv/req_get?path=v2/illust/follow&params=${q(`{"restrict":"//${e}"}`)}`,
      400,
      userToken,
    ),
    get(
      'req_post',
      `/api/pixiv/req_post?path=v2/illust/bookmark/add&data=${q(`{"illust_id":"1@${e}"}`)}`,
      400,
      userToken,
    ),
    get(
      'req_post',
      `/api/pixiv/req_post?path=v1/user/follow/add&data=${q(`{"user_id":"${abs}"}`)}`,
      400,
      userToken,
    ),
    get('mirror', `/api/pixiv/${q(abs)}`, 404),
    get('mirror', `/api/pixiv/..%2f..%2f${e}`, 404),
    get('mirror', `/api/pixiv/illust?id=${q(abs)}`, 422),
    get('mirror', `/api/pixiv/member_illust?id=1&illust_type=${q(`//${e}`)}`, 422),
    get('/api/web', `/api/web/${abs}/`, 404),
    get('/api/web', `/api/web//${e}/ajax/illust/1`, 404),
    get('/api/web', `/api/web/%2e%2e%2f%2e%2e%2f${e}`, 404),
    get('/api/web', `/api/web/ajax/illust/1`, 404),
    get('/api/web', `/api/web/illust?id=${q(`1@${e}`)}`, 422),
    get('/api/web', `/api/web/illust_pages?id=..%2f..%2f1`, 422),
    get('/api/web', `/api/web/user_following?id=${q(abs)}`, 422),
    get('/api/web', `/api/web/bookmarks?id=${q(`//${e}`)}`, 422),
    get('/api/web', `/api/web/user_tags?id=1%5c%5cevil`, 422),
    get('/api/web', `/api/web/illust_comment_roots?illust_id=${q(abs)}`, 422),
    get('/api/web', `/api/web/novel_comment_replies?comment_id=${q(`@${e}`)}`, 422),
    get('/api/web', `/api/web/follow_latest`, 400, {
      'x-pixiv-session': `${abs}/`,
      'x-csrf-token': demo.csrfToken,
    }),
    get('/api/web', `/api/web/follow_latest`, 400, {
      'x-pixiv-session': demo.phpsessid,
      'x-csrf-token': `${e}`,
    }),
    post('/api/web', '/api/web/bookmark_add', { illust_id: `${abs}/` }, 422, session),
    post('/api/web', '/api/web/bookmark_delete', { bookmark_id: `1/../${e}` }, 422, session),
    post('/api/web', '/api/web/follow_add', { user_id: `//${e}` }, 422, session),
    post('/api/web', '/api/web/follow_delete', { user_id: `1@${e}` }, 422, session),
    post('/api/web', `/api/web/${q(abs)}`, {}, 404, session),
    post('/api/auth', '/api/auth/session', { session: `${abs}/` }, 400),
    post('/api/auth', '/api/auth/session', { session: `11000001_x@${e}` }, 400),
    post('/api/auth', '/api/auth/session', { session: `11000001_..\\..\\${e}` }, 400),
    post('/api/auth', '/api/auth/token', { refresh_token: `${abs}/`.padEnd(43, 'a') }, 400),
    post(
      '/api/auth',
      '/api/auth/code',
      { code: `${abs}/`, code_verifier: 'v'.repeat(43), redirect_uri: `${abs}/` },
      401,
    ),
  ];
}

/** The requests the sandbox saw from index `from` on that carry the trick. */
function tricksSeen(sandboxLog: readonly string[], from: number): string[] {
  return sandboxLog
    .slice(from)
    .filter((p) =>
      /evil|127\.0\.0\.1|2130706433|0x7f|\[::1\]|\.\.|%2e|%40|@|\\|%5c/i.test(decodeURI(p)),
    );
}

describe('every way to make the server fetch another host', () => {
  it('is refused, and neither the other host nor the sandbox sees it', async () => {
    const before = t.sandbox.state.faults.log.length;
    const list = attempts();
    const answers: string[] = [];
    for (const a of list) {
      const res = await t.app.inject({
        method: a.method,
        url: a.url,
        headers: a.headers ?? {},
        ...(a.payload ? { payload: a.payload } : {}),
      });
      answers.push(`${a.via} ${a.method} ${a.url} → ${res.statusCode}`);
    }
    expect(answers).toEqual(list.map((a) => `${a.via} ${a.method} ${a.url} → ${a.status}`));
    // every entry point is in the list
    expect(new Set(list.map((a) => a.via))).toEqual(
      new Set(['/i', '/s', '/sk', 'req_get', 'req_post', 'mirror', '/api/web', '/api/auth']),
    );
    expect(answers.length).toBeGreaterThan(70);
    expect(evil.seen).toEqual([]);
    expect(tricksSeen(t.sandbox.state.faults.log, before)).toEqual([]);
  });

  it('follows a genuine related nextUrl (spec 000 §7) and refuses every crafted one before upstream', async () => {
    const e = `127.0.0.1:${evil.port}`;
    const id = t.sandbox.state.data.ids[0]!;
    const first = (await t.app.inject({ url: `/api/pixiv/related?id=${id}` })).json() as {
      next_url: string;
    };
    const genuine = first.next_url;
    expect(genuine).toMatch(/^https:\/\/app-api\.pixiv\.net\/v2\/illust\/related\?/);
    const tail = new URL(genuine).search;
    const crafted = [
      `http://${e}/v2/illust/related${tail}`,
      `https://${e}/v2/illust/related${tail}`,
      `//${e}/v2/illust/related${tail}`,
      `http://app-api.pixiv.net/v2/illust/related${tail}`,
      `ftp://app-api.pixiv.net/v2/illust/related${tail}`,
      `https://app-api.pixiv.net@${e}/v2/illust/related${tail}`,
      `https://user:pass@app-api.pixiv.net/v2/illust/related${tail}`,
      `https://app-api.pixiv.net%40${e}/v2/illust/related${tail}`,
      `https://app-api.pixiv.net%2Eevil.example/v2/illust/related${tail}`,
      `https://evil%2Eexample/v2/illust/related${tail}`,
      `https://app-api.pixiv.net.evil.example/v2/illust/related${tail}`,
      `https://app-api.pixiv.net:8443/v2/illust/related${tail}`,
      `https://2130706433/v2/illust/related${tail}`,
      `https://[::1]:${evil.port}/v2/illust/related${tail}`,
      // the app API, but not the related list: the server's account must not answer these
      'https://app-api.pixiv.net/v1/user/me/state',
      `https://app-api.pixiv.net/v1/user/bookmarks/illust?user_id=${demo.userId}&restrict=private`,
      `https://app-api.pixiv.net/v2/illust/related/../../v1/user/me/state${tail}`,
      `https://app-api.pixiv.net/v2/illust/related%2f..%2f..%2fv1/user/me/state${tail}`,
      `https://app-api.pixiv.net/v2/illust/related/${tail}`,
      `https://app-api.pixiv.net/web/v1/login${tail}`,
      `/v2/illust/related${tail}`,
      'javascript:alert(1)',
      `https://app-api.pixiv.net/v2/illust/related?x=${'a'.repeat(2048)}`,
    ];
    const before = t.sandbox.state.faults.log.length;
    for (const next of crafted) {
      const res = await t.app.inject({
        url: `/api/pixiv/related?id=${id}&nextUrl=${encodeURIComponent(next)}`,
      });
      expect(res.statusCode, next).toBe(422);
      expect(res.json().validation, next).toEqual([
        {
          loc: ['query', 'nextUrl'],
          msg: 'not a next_url of /v2/illust/related',
          type: 'value_error.next_url',
        },
      ]);
    }
    expect(evil.seen).toEqual([]);
    expect(t.sandbox.state.faults.log.length).toBe(before);

    // the genuine one is followed: upstream gets its query on the related path
    const res = await t.app.inject({
      url: `/api/pixiv/related?id=${id}&nextUrl=${encodeURIComponent(genuine)}`,
    });
    expect(res.statusCode).toBe(200);
    const seen = t.sandbox.state.faults.log.slice(before);
    expect(seen).toEqual([`/app-api.pixiv.net/v2/illust/related${tail}`]);
    const direct = createAppApiClient({
      hosts: { appApi: t.sandbox.hosts.appApi },
      auth: createRefreshTokenProvider({
        oauth: createOAuthClient({ oauthBase: t.sandbox.hosts.oauth }),
        refreshToken: demo.refreshToken,
      }),
    });
    const expected = await direct.getNext(genuine);
    expect(res.json()).toEqual(expected.body);
    const page2 = (
      await t.app.inject({ url: `/api/pixiv/related?id=${id}&page=2` })
    ).json() as unknown;
    // the next_url's page is the second page of the list
    expect(res.json()).toEqual(page2);
  });

  it('refuses crafted next_url values before any request', async () => {
    const before = t.sandbox.state.faults.log.length;
    const client = createAppApiClient({ hosts: { appApi: t.sandbox.hosts.appApi } });
    const e = `127.0.0.1:${evil.port}`;
    const crafted = [
      `http://${e}/v1/illust/ranking`,
      `https://${e}/v1/illust/ranking`,
      `//${e}/v1/illust/ranking`,
      `https://app-api.pixiv.net@${e}/v1/illust/ranking`,
      `https://app-api.pixiv.net%40${e}/v1/illust/ranking`,
      `https://app-api.pixiv.net\\@${e}/v1/illust/ranking`,
      'https://app-api.pixiv.net.evil.example/v1/illust/ranking',
      'https://app-api.pixiv.net:8443/v1/illust/ranking',
      'https://app-api.pixiv.net/v1/%2e%2e/%2e%2e/admin',
      'https://app-api.pixiv.net/v1/../../admin',
      `https://[::1]:${evil.port}/v1/illust/ranking`,
      `https://2130706433/v1/illust/ranking`,
      `https://0x7f000001/v1/illust/ranking`,
      'javascript:alert(1)',
      '/v1/illust/ranking',
    ];
    for (const next of crafted) {
      const error = await client.getNext(next).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, next).toBeInstanceOf(PixivError);
      expect((error as PixivError).kind, next).toBe('forbidden_url');
    }
    expect(evil.seen).toEqual([]);
    expect(t.sandbox.state.faults.log.length).toBe(before);
  });
});

describe('redirects off the upstream hosts', () => {
  it('are never followed, by any entry point', async () => {
    const id = h.sandbox.state.data.ids[0]!;
    const cases: [string, Record<string, string>, number][] = [
      ['/i/img-master/img/2026/11/20/00/00/00/1_p0_master1200.jpg', {}, 502],
      ['/s/common/images/no_profile.png', {}, 502],
      ['/sk/uploads/live/file/1/a.jpg', {}, 502],
      [`/api/pixiv/illust?id=${id}`, {}, 502],
      ['/api/pixiv/rank?mode=day', {}, 502],
      ['/api/pixiv/req_get?path=v2/illust/follow', userToken, 502],
      [`/api/pixiv/req_post?path=v1/user/follow/add&data=%7B%22user_id%22:1%7D`, userToken, 502],
      [`/api/web/illust?id=${id}`, {}, 502],
      ['/api/web/follow_latest', session, 502],
      [`/api/web/illust_comment_roots?illust_id=${id}`, {}, 502],
    ];
    const got: [string, Record<string, string>, number][] = [];
    for (const [url, headers] of cases) {
      const res = await h.app.inject({ url, headers });
      // the www reads that swallow failures answer the empty envelope, with the reason
      const status = res.headers['x-web-error'] ? 502 : res.statusCode;
      got.push([url, headers, status]);
    }
    expect(got).toEqual(cases);
    const follow = await h.app.inject({
      method: 'POST',
      url: '/api/web/follow_add',
      headers: session,
      payload: { user_id: 1 },
    });
    expect(follow.statusCode, follow.body).toBe(502);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      payload: { session: demo.phpsessid },
    });
    expect(login.statusCode, login.body).toBe(401);
    // the pixiv clients themselves, including the OAuth host
    const oauth = createOAuthClient({ oauthBase: hostile.origin });
    await expect(oauth.refresh(demo.refreshToken)).rejects.toBeInstanceOf(PixivError);
    const web = createWebClient({ hosts: { www: hostile.origin } });
    expect((await web.getText('/')).status).toBe(302);
    expect(hostile.seen.length).toBeGreaterThan(cases.length);
    expect(evil.seen).toEqual([]);
  });
});
