/**
 * Issue 4, Safety: the logs after real calls of every login bridge and every `/api/web` route
 * hold no token, cookie, session or CSRF value; request size limits; graceful shutdown (a request
 * in flight completes when the server closes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from './test-helpers.ts';
import { WEB_POSTS, WEB_ROUTES } from './routes/api/web/index.ts';
import { REDIRECTOR_PATH } from './routes/api/auth/redirector.ts';
import type { Field } from './routes/api/pixiv/params.ts';

let t: TestServer;
/** Every access token the sandbox issued while this file ran. */
const issued: string[] = [];
beforeAll(async () => {
  // trace: whatever any route logs at any level is read below
  t = await startTestServer({ logLevel: 'trace' });
  const tokens = t.sandbox.state.tokens;
  const issue = tokens.issue.bind(tokens);
  tokens.issue = (account) => {
    const token = issue(account);
    issued.push(token);
    return token;
  };
});
afterAll(() => t?.close());

const [demo, safe, r18] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!, DEMO_ACCOUNTS[2]!];
const sessionOf = (a = demo) => ({ 'x-pixiv-session': a.phpsessid, 'x-csrf-token': a.csrfToken });

/** A valid value for each field of a `/api/web` route, from the dataset. */
function argsFor(fields: Record<string, Field>): Record<string, string> {
  const { data } = t.sandbox.state;
  const args: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.type === 'int' && field.required) {
      args[name] = String(/user/.test(name) ? data.allUsers[0]!.id : data.ids[0]!);
    } else if (field.type === 'int' && name === 'id') {
      args[name] = String(data.allUsers[0]!.id);
    } else if (field.type === 'string' && field.required) {
      args[name] = 'オリジナル';
    }
  }
  return args;
}

describe('the logs after every login bridge and every web route', () => {
  it('hold no refresh or access token, PHPSESSID, CSRF token, PKCE code, verifier or password', async () => {
    const secrets: string[] = [];
    const keep = (...values: string[]) => secrets.push(...values);

    // refresh-token check
    keep(demo.refreshToken);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { refresh_token: demo.refreshToken },
    });
    expect(token.statusCode).toBe(200);

    // PKCE login through the redirector, then the code exchange
    const login = (await t.app.inject({ url: '/api/auth/login' })).json() as {
      url: string;
      code_verifier: string;
    };
    keep(login.code_verifier, safe.password, safe.refreshToken);
    const challenge = new URL(login.url).searchParams.get('code_challenge')!;
    const signIn = await t.app.inject({
      method: 'POST',
      url: REDIRECTOR_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code_challenge: challenge,
        account: safe.account,
        password: safe.password,
      }).toString(),
    });
    expect(signIn.statusCode).toBe(302);
    const code = new URL(signIn.headers.location as string, 'http://x').searchParams.get('code')!;
    keep(code);
    const traded = await t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      payload: { code, code_verifier: login.code_verifier },
    });
    expect(traded.statusCode).toBe(200);

    // session-cookie login
    keep(demo.phpsessid, demo.csrfToken);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      payload: { session: demo.phpsessid },
    });
    expect(session.statusCode).toBe(200);
    const csrf = (session.json() as { csrf_token: string }).csrf_token;
    keep(csrf);

    // every /api/web read with the session, once answered and once with upstream gone
    const names = Object.keys(WEB_ROUTES);
    expect(names.length).toBeGreaterThanOrEqual(16);
    for (const name of names) {
      const query = new URLSearchParams(argsFor(WEB_ROUTES[name]!.fields)).toString();
      const url = `/api/web/${name}?${query}`;
      const ok = await t.app.inject({ url, headers: sessionOf() });
      expect(ok.statusCode, `${url}: ${ok.body}`).toBe(200);
      t.sandbox.state.faults.add({ pathPrefix: '/www.pixiv.net/', drop: true, times: 1 });
      const dropped = await t.app.inject({
        url,
        headers: { ...sessionOf(), 'cache-control': 'no-store' },
      });
      // the reads that swallow failures answer their empty data (spec 000 §8); the others 502
      const empty = WEB_ROUTES[name]!.empty;
      if (empty) {
        expect([dropped.statusCode, dropped.headers['x-web-error']], url).toEqual([200, 'network']);
        expect(dropped.json(), url).toEqual({ error: false, message: '', body: empty() });
      } else {
        expect(dropped.statusCode, url).toBe(502);
        expect(dropped.json(), url).toMatchObject({
          code: 502,
          detail: 'Upstram API request failed',
        });
      }
    }
    t.sandbox.state.faults.add({ pathPrefix: '/www.pixiv.net/ajax/follow_latest', drop: true });
    await t.app.inject({ url: '/api/web/follow_latest', headers: sessionOf(r18) });
    t.sandbox.state.faults.clear();
    keep(r18.phpsessid, r18.csrfToken);

    // every /api/web form post with the session, each answered as pixiv answers it
    const user = t.sandbox.state.data.allUsers[1]!.id;
    const work = t.sandbox.state.data.ids[1]!;
    const post = (name: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/web/${name}`, headers: sessionOf(), payload });
    const added = await post('bookmark_add', { illust_id: work, restrict: 'public' });
    expect(added.statusCode, added.body).toBe(200);
    const mark = t.sandbox.state.social.of(demo.userId).bookmarks.get(work)!.id;
    expect(added.json()).toEqual({
      error: false,
      message: '',
      body: { last_bookmark_id: String(mark), stacc_status_id: null },
    });
    const deleted = await post('bookmark_delete', { bookmark_id: mark });
    expect([deleted.statusCode, deleted.json()]).toEqual([
      200,
      { error: false, message: '', body: [] },
    ]);
    const followed = await post('follow_add', { user_id: user, restrict: 'public' });
    expect([followed.statusCode, followed.json()]).toEqual([
      200,
      { error: false, message: '', body: [] },
    ]);
    const unfollowed = await post('follow_delete', { user_id: user });
    expect([unfollowed.statusCode, unfollowed.json()]).toEqual([
      200,
      { error: false, message: '', body: { type: 'bookuser', id: String(user) } },
    ]);
    const payloads = { bookmark_add: 1, bookmark_delete: 1, follow_add: 1, follow_delete: 1 };
    expect(Object.keys(WEB_POSTS).sort()).toEqual(Object.keys(payloads).sort());
    // a post whose upstream drops the connection logs its failure
    t.sandbox.state.faults.add({ pathPrefix: '/www.pixiv.net/', drop: true, times: 1 });
    await t.app.inject({
      method: 'POST',
      url: '/api/web/follow_add',
      headers: sessionOf(),
      payload: { user_id: user },
    });

    // the user's own token on the mirror and req_get / req_post, also failing
    const own = { 'x-pixiv-refresh-token': r18.refreshToken };
    keep(r18.refreshToken);
    expect((await t.app.inject({ url: '/api/pixiv/rank?mode=day', headers: own })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: '/api/pixiv/req_get?path=v2/illust/follow', headers: own }))
        .statusCode,
    ).toBe(200);
    t.sandbox.state.faults.add({ pathPrefix: '/app-api.pixiv.net/', drop: true, times: 1 });
    await t.app.inject({ url: '/api/pixiv/req_get?path=v1/novel/follow', headers: own });
    t.sandbox.state.faults.add({ pathPrefix: '/app-api.pixiv.net/', drop: true, times: 1 });
    await t.app.inject({
      url: `/api/pixiv/req_post?path=v1/user/follow/add&data=${encodeURIComponent(`{"user_id":${user}}`)}`,
      headers: own,
    });

    keep(...issued);
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const logs = t.logs();
    // the log is real: it saw these requests
    for (const name of [...names, ...Object.keys(payloads), 'auth/session', 'req_get']) {
      expect(logs, name).toContain(name);
    }
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(logs.includes(secret), `a secret (${secret.slice(0, 4)}…) in the log`).toBe(false);
    }
    expect(logs).not.toMatch(/PHPSESSID=|Bearer /);
  });
});

describe('request size limits', () => {
  it('refuses a JSON body over 1 MiB with 413, before any route runs', async () => {
    const before = t.sandbox.state.faults.log.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      payload: JSON.stringify({ session: 'x'.repeat(1024 * 1024 + 1) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/web/follow_add',
      headers: { ...sessionOf(), 'content-type': 'application/json' },
      payload: JSON.stringify({ user_id: 1, pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(posted.statusCode).toBe(413);
    expect(t.sandbox.state.faults.log.length).toBe(before);
    // just under the limit is read (and then refused for its content)
    const under = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      payload: JSON.stringify({ session: 'x'.repeat(1024 * 1024 - 100) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(under.statusCode).toBe(400);
  });

  it('refuses query values over their limits with 422 and a URL over 4096 characters with 414', async () => {
    const long = await t.app.inject({
      url: `/api/pixiv/search?word=${'a'.repeat(201)}`,
    });
    expect(long.statusCode).toBe(422);
    const fits = await t.app.inject({ url: `/api/pixiv/search?word=${'a'.repeat(200)}` });
    expect(fits.statusCode).toBe(200);
    const tag = await t.app.inject({
      url: `/api/web/user_tag_works?id=1&tag=${'a'.repeat(101)}`,
    });
    expect(tag.statusCode).toBe(422);
    const huge = await t.app.inject({ url: `/api/pixiv/rank?mode=day&x=${'a'.repeat(4096)}` });
    expect(huge.statusCode).toBe(414);
  });
});

describe('graceful shutdown', () => {
  it('lets a request in flight complete when the server closes, and takes no new ones', async () => {
    const own = await startTestServer();
    try {
      const base = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const id = own.sandbox.state.data.ids[2]!;
      // the upstream takes 800 ms to answer this one
      own.sandbox.state.faults.add({
        pathPrefix: '/app-api.pixiv.net/v1/illust/detail',
        latencyMs: 800,
        times: 1,
      });
      const inFlight = fetch(`${base}/api/pixiv/illust?id=${id}`);
      // the request has reached the sandbox before the close starts
      for (
        let i = 0;
        i < 100 && own.sandbox.state.faults.count('/app-api.pixiv.net/v1/illust/detail') === 0;
        i++
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(own.sandbox.state.faults.count('/app-api.pixiv.net/v1/illust/detail')).toBe(1);
      const closing = own.app.close();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { illust: { id: number } }).illust.id).toBe(id);
      // its keep-alive connection ends with it, so close() does not wait for an idle client
      expect(res.headers.get('connection')).toBe('close');
      const closedBy = Date.now() + 3000;
      await closing;
      expect(Date.now()).toBeLessThan(closedBy);
      await expect(fetch(`${base}/api/config`)).rejects.toThrow();
    } finally {
      await own.sandbox.close();
    }
  });
});
