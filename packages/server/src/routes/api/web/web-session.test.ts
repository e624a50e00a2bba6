import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { SECRET_HEADERS } from '../../../lib/log.ts';
import { WEB_PAGE_SIZES } from './routes.ts';
import { CSRF_HEADER, NEW_CSRF_HEADER, SESSION_HEADER } from './session.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
const as = (a = demo) => ({ 'x-pixiv-session': a.phpsessid, 'x-csrf-token': a.csrfToken });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const post = (name: string, payload: object, headers: Record<string, string> = as()) =>
  t.app.inject({ method: 'POST', url: `/api/web/${name}`, payload, headers });
const www = async (path: string) => (await fetch(`${t.sandbox.hosts.www}${path}`)).json();

/** The most prolific user of the dataset, who has a full first page of works. */
function prolificUser() {
  const { data, indexes } = t.sandbox.state;
  return data.allUsers
    .map((u) => ({ u, n: indexes.worksOf(u.index).length }))
    .sort((a, b) => b.n - a.n)[0]!.u;
}

interface Envelope<T = Record<string, unknown>> {
  error: boolean;
  message: string;
  body: T;
}

describe('GET /api/web with the browser session', () => {
  it('sends the session to www: follow_latest is the account own feed, never cached', async () => {
    const user = prolificUser();
    const follow = await post('follow_add', { user_id: user.id, restrict: 'public' });
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toEqual({ error: false, message: '', body: [] });
    const res = await get('/api/web/follow_latest?p=1', as());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // the answer depends on the session (and on Accept-Encoding, as every compressible answer)
    expect(String(res.headers.vary).split(', ')).toContain('x-pixiv-session');
    const feed = res.json() as Envelope<{ page: { ids: number[] } }>;
    expect(feed.body.page.ids).toHaveLength(WEB_PAGE_SIZES.followLatest);
    const own = Array.from(t.sandbox.state.indexes.worksOf(user.index))
      .reverse()
      .map((i) => t.sandbox.state.data.ids[i]!);
    expect(feed.body.page.ids).toEqual(own.slice(0, WEB_PAGE_SIZES.followLatest));
    // another session is another user: nothing of the first one's answer is shared
    const other = (await get('/api/web/follow_latest?p=1', as(safe))).json() as Envelope<{
      page: { ids: number[] };
    }>;
    expect(other.body.page.ids).toEqual([]);
    const del = await post('follow_delete', { user_id: user.id });
    expect(del.json()).toEqual({
      error: false,
      message: '',
      body: { type: 'bookuser', id: String(user.id) },
    });
    const after = (await get('/api/web/follow_latest?p=1', as())).json() as Envelope<{
      page: { ids: number[] };
    }>;
    expect(after.body.page.ids).toEqual([]);
  });

  it('answers the account-only routes 401 without a session and 400 for a malformed one', async () => {
    for (const url of [
      '/api/web/follow_latest',
      `/api/web/user_following?id=${demo.userId}`,
      `/api/web/bookmarks?id=${demo.userId}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'login.required' });
    }
    for (const headers of [
      { 'x-pixiv-session': 'abc' } as Record<string, string>,
      { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': 'not hex' },
      { 'x-csrf-token': demo.csrfToken },
    ]) {
      const res = await get('/api/web/illust_new', headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'login.session_format' });
    }
  });

  it('lists following (24) and bookmarks (48) of the account', async () => {
    const { data } = t.sandbox.state;
    const ids = Array.from({ length: 50 }, (_, k) => data.ids[40_000 + k]!);
    for (const id of ids) {
      const res = await post('bookmark_add', { illust_id: id, restrict: 'public', tags: ['好き'] });
      expect(res.statusCode).toBe(200);
    }
    const page = (
      await get(`/api/web/bookmarks?id=${demo.userId}&rest=show`, as())
    ).json() as Envelope<{ works: { id: string; bookmarkData: { id: string } }[]; total: number }>;
    expect(page.body.total).toBe(50);
    expect(page.body.works).toHaveLength(WEB_PAGE_SIZES.bookmarks);
    expect(page.body.works[0]!.id).toBe(String(ids.at(-1)));
    // the app API sees the same bookmark
    expect(t.sandbox.state.social.of(demo.userId).bookmarks.has(ids[0]!)).toBe(true);
    const mark = page.body.works[0]!.bookmarkData.id;
    const del = await post('bookmark_delete', { bookmark_id: mark });
    expect(del.statusCode).toBe(200);
    expect(t.sandbox.state.social.of(demo.userId).bookmarks.has(ids.at(-1)!)).toBe(false);

    const users = data.allUsers.slice(0, 30);
    for (const u of users) await post('follow_add', { user_id: u.id });
    const following = (
      await get(`/api/web/user_following?id=${demo.userId}`, as())
    ).json() as Envelope<{ users: unknown[]; total: number }>;
    expect(following.body.total).toBe(30);
    expect(following.body.users).toHaveLength(WEB_PAGE_SIZES.following);
    for (const u of users) await post('follow_delete', { user_id: u.id });
  });

  it('serves the ajax illust and pages: anonymous answers cached, session answers private', async () => {
    const { data } = t.sandbox.state;
    const id = data.ids[30_000]!;
    const anon = await get(`/api/web/illust?id=${id}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual(await www(`/ajax/illust/${id}`));
    expect((await get(`/api/web/illust?id=${id}`)).headers['x-cache-hit']).toBe('true');
    const pages = await get(`/api/web/illust_pages?id=${id}`);
    expect(pages.json()).toEqual(await www(`/ajax/illust/${id}/pages`));
    await post('bookmark_add', { illust_id: id, restrict: 'private' });
    const mine = await get(`/api/web/illust?id=${id}`, as());
    expect(mine.headers['x-cache-hit']).toBeUndefined();
    expect((mine.json() as Envelope).body.bookmarkData).toMatchObject({ private: true });
    // the anonymous cached copy never carries the account's bookmark
    expect(
      ((await get(`/api/web/illust?id=${id}`)).json() as Envelope).body.bookmarkData,
    ).toBeNull();
  });
});

describe('GET /api/web routes of spec 000 §7', () => {
  it('proxies new illusts, discovery, discovery users, user tags and tag works', async () => {
    const fresh = (await get('/api/web/illust_new')).json() as Envelope<{ illusts: unknown[] }>;
    expect(fresh.body.illusts).toHaveLength(WEB_PAGE_SIZES.newIllusts);
    const disc = (await get('/api/web/illust_discovery')).json() as Envelope<{
      illusts: { xRestrict: number }[];
    }>;
    expect(disc.body.illusts).toHaveLength(WEB_PAGE_SIZES.discoveryRequest);
    expect(disc.body.illusts.every((i) => i.xRestrict === 0)).toBe(true);
    const users = (await get('/api/web/discovery_users?limit=4')).json() as Envelope<{
      users: unknown[];
    }>;
    expect(users.body.users).toHaveLength(4);
    const user = prolificUser();
    const tags = (await get(`/api/web/user_tags?id=${user.id}`)).json() as Envelope<
      { tag: string; cnt: number }[]
    >;
    const top = tags.body[0]!;
    const works = (
      await get(`/api/web/user_tag_works?id=${user.id}&tag=${encodeURIComponent(top.tag)}`)
    ).json() as Envelope<{ works: unknown[]; total: number }>;
    expect(works.body.total).toBe(top.cnt);
    expect(works.body.works).toHaveLength(Math.min(top.cnt, WEB_PAGE_SIZES.tagWorks));
  });

  it('validates with the 422 body', async () => {
    for (const url of [
      '/api/web/illust_new?limit=21',
      '/api/web/illust_new?type=novel',
      '/api/web/illust_new?r18=maybe',
      '/api/web/follow_latest?p=35',
      '/api/web/follow_latest?mode=safe',
      '/api/web/user_following?id=0',
      '/api/web/user_following?id=1&limit=101',
      '/api/web/user_following?id=1&rest=all',
      '/api/web/bookmarks',
      '/api/web/user_tag_works?id=1',
      '/api/web/illust?id=..%2f..%2fetc',
      '/api/web/illust_pages?id=-1',
      '/api/web/illust_discovery?max=101',
      '/api/web/discovery_users?limit=0',
    ]) {
      const res = await get(url, as());
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('validation');
    }
  });

  it('swallows upstream failures into empty data the app can render', async () => {
    const unknown = { 'x-pixiv-session': `${demo.userId}_${'Z'.repeat(32)}` };
    const refused = await get('/api/web/follow_latest', unknown);
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['x-web-error']).toBe('upstream 400');
    expect(refused.json()).toEqual({
      error: false,
      message: '不正なリクエストです。',
      body: {
        page: { ids: [], isLastPage: true, tags: [] },
        thumbnails: expect.any(Object),
        users: [],
      },
    });
    t.sandbox.state.faults.add({
      pathPrefix: '/www.pixiv.net/ajax/illust/new',
      status: 500,
      times: 1,
    });
    const failed = await get('/api/web/illust_new?limit=3', { 'cache-control': 'no-cache' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({
      error: false,
      message: '',
      body: { illusts: [], lastId: '0' },
    });
    t.sandbox.state.faults.add({
      pathPrefix: '/www.pixiv.net/ajax/illust/1',
      drop: true,
      times: 1,
    });
    const dropped = await get('/api/web/illust?id=1');
    expect(dropped.json()).toEqual({ error: false, message: '', body: null });
    const missing = await get('/api/web/illust?id=1');
    expect(missing.headers['x-web-error']).toBe('upstream error');
    expect(missing.json()).toEqual({ error: false, message: '', body: null });
  });
});

describe('POST /api/web form posts', () => {
  it('need the session and its CSRF token', async () => {
    const id = t.sandbox.state.data.ids[100]!;
    const none = await post('bookmark_add', { illust_id: id }, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'login.required' });
    const noToken = await post(
      'bookmark_add',
      { illust_id: id },
      { 'x-pixiv-session': demo.phpsessid },
    );
    expect(noToken.statusCode).toBe(401);
    expect(t.sandbox.state.social.of(demo.userId).bookmarks.has(id)).toBe(false);
  });
  it("rejects bad bodies with the wrapper's messages", async () => {
    for (const [name, payload, detail] of [
      ['bookmark_add', {}, 'illust_id required'],
      ['bookmark_add', { illust_id: 'x' }, 'illust_id required'],
      ['bookmark_add', { illust_id: 1, restrict: 'friends' }, 'invalid restrict value'],
      ['bookmark_add', { illust_id: 1, tags: 'a b' }, 'invalid tags value'],
      [
        'bookmark_add',
        { illust_id: 1, tags: Array.from({ length: 11 }, (_, k) => `t${k}`) },
        'invalid tags value',
      ],
      ['bookmark_add', { illust_id: 1, comment: 'x'.repeat(141) }, 'comment required'],
      ['bookmark_delete', {}, 'bookmark_id required'],
      ['follow_add', { restrict: 'public' }, 'user_id required'],
      ['follow_add', { user_id: 1, restrict: 1 }, 'invalid restrict value'],
      ['follow_delete', { user_id: 0 }, 'user_id required'],
    ] as const) {
      const res = await post(name, payload);
      expect(res.statusCode, `${name} ${JSON.stringify(payload).slice(0, 40)}`).toBe(422);
      expect((res.json() as { detail: string }).detail).toBe(detail);
    }
  });

  it('knows no other path, for any method', async () => {
    for (const [method, url] of [
      ['POST', '/api/web/rpc/index.php'],
      ['POST', '/api/web/bookmark_add.php'],
      ['GET', '/api/web/bookmark_add'],
      ['POST', '/api/web/illust'],
      ['PUT', '/api/web/follow_add'],
      ['GET', '/api/web/ajax/user/1/following'],
      ['POST', '/api/web/https://evil.example/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: as(), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('never writes the session or the token to the log', async () => {
    const r18 = DEMO_ACCOUNTS[2]!;
    await get('/api/web/follow_latest', as(r18));
    await post('follow_add', { user_id: 1 }, as(r18));
    t.sandbox.state.faults.add({
      pathPrefix: '/www.pixiv.net/ajax/follow_latest',
      drop: true,
      times: 1,
    });
    await get('/api/web/follow_latest', as(r18));
    // should request headers ever be logged (a debug serializer), both are redacted
    for (const header of [SESSION_HEADER, CSRF_HEADER]) {
      expect(SECRET_HEADERS).toContain(header);
    }
    const logs = t.logs();
    expect(logs).toContain('/api/web/follow_latest');
    expect(logs).toContain('answering empty data');
    expect(logs).not.toContain(r18.phpsessid);
    expect(logs).not.toContain(r18.csrfToken);
  });
});

describe('a stale CSRF token', () => {
  const WWW = '/www.pixiv.net';
  /** What the sandbox's www saw from index `from` on: method-less paths, query dropped. */
  const wwwSeen = (from: number) =>
    t.sandbox.state.faults.log
      .slice(from)
      .filter((u) => u.startsWith(WWW))
      .map((u) => u.slice(WWW.length).split('?')[0]);
  const stale = 'deadbeef'.repeat(4);

  it('is replaced: pixiv refuses it, the server reads the current one from www, posts once more and hands it back', async () => {
    const id = t.sandbox.state.data.ids[101]!;
    const from = t.sandbox.state.faults.log.length;
    const res = await post(
      'bookmark_add',
      { illust_id: id, restrict: 'private' },
      { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': stale },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[NEW_CSRF_HEADER]).toBe(demo.csrfToken);
    expect(res.json()).toMatchObject({
      error: false,
      body: { last_bookmark_id: expect.any(String) },
    });
    expect(wwwSeen(from)).toEqual([
      '/ajax/illusts/bookmarks/add',
      '/',
      '/ajax/illusts/bookmarks/add',
    ]);
    expect(t.sandbox.state.social.of(demo.userId).bookmarks.get(id)?.restrict).toBe('private');
    // with the token handed back, the next post goes through at once
    const again = await post(
      'follow_add',
      { user_id: t.sandbox.state.data.allUsers[3]!.id },
      { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': String(res.headers[NEW_CSRF_HEADER]) },
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers[NEW_CSRF_HEADER]).toBeUndefined();
  });

  it('is replaced on every post: bookmark delete, follow and unfollow', async () => {
    const user = t.sandbox.state.data.allUsers[4]!.id;
    const work = t.sandbox.state.data.ids[102]!;
    t.sandbox.state.social.bookmark(demo.userId, work, 'public');
    const mark = t.sandbox.state.social.of(demo.userId).bookmarks.get(work)!.id;
    const staleSession = { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': stale };
    for (const [name, payload] of [
      ['bookmark_delete', { bookmark_id: mark }],
      ['follow_add', { user_id: user }],
      ['follow_delete', { user_id: user }],
    ] as const) {
      const res = await post(name, payload, staleSession);
      expect([res.statusCode, res.headers[NEW_CSRF_HEADER]], name).toEqual([200, demo.csrfToken]);
      expect(res.json(), name).toMatchObject({ error: false });
    }
    expect(t.sandbox.state.social.of(demo.userId).bookmarks.has(work)).toBe(false);
  });

  it('is not retried when the page cannot give a new one: a dead session, www failing', async () => {
    const id = t.sandbox.state.data.ids[103]!;
    // a session pixiv does not know: the post is refused as anonymous (400), not for its token
    const dead = { 'x-pixiv-session': `${demo.userId}_${'Q'.repeat(32)}`, 'x-csrf-token': stale };
    let from = t.sandbox.state.faults.log.length;
    const refused = await post('bookmark_add', { illust_id: id }, dead);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers[NEW_CSRF_HEADER]).toBeUndefined();
    expect(wwwSeen(from)).toEqual(['/ajax/illusts/bookmarks/add']);
    // www's top page failing: pixiv's 403 comes back as it was, once
    // (a rule that only waits a millisecond lets the post itself through first)
    t.sandbox.state.faults.add({ pathPrefix: `${WWW}/ajax/`, latencyMs: 1, times: 1 });
    t.sandbox.state.faults.add({ pathPrefix: `${WWW}/`, status: 500, times: 1 });
    from = t.sandbox.state.faults.log.length;
    const foreign = await post(
      'bookmark_add',
      { illust_id: id },
      { 'x-pixiv-session': demo.phpsessid, 'x-csrf-token': safe.csrfToken },
    );
    t.sandbox.state.faults.clear();
    expect(wwwSeen(from)).toEqual(['/ajax/illusts/bookmarks/add', '/']);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: true });
    expect(foreign.headers[NEW_CSRF_HEADER]).toBeUndefined();
    expect(t.sandbox.state.social.of(demo.userId).bookmarks.has(id)).toBe(false);
  });
});
