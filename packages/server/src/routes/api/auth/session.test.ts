import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { SESSION_ERRORS } from './index.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const login = (payload: object, server = t) =>
  server.app.inject({ method: 'POST', url: '/api/auth/session', payload });

describe('POST /api/auth/session', () => {
  it('reads the user and the CSRF token from the www page of the session', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const res = await login({ session: demo.phpsessid });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        user: {
          id: demo.userId,
          pixivId: demo.account,
          name: demo.name,
          profileImg: 'https://s.pximg.net/common/images/no_profile_s.png',
          profileImgBig: 'https://s.pximg.net/common/images/no_profile.png',
          premium: demo.isPremium,
          xRestrict: demo.xRestrict,
        },
        csrf_token: demo.csrfToken,
      });
      expect(res.body).not.toContain(demo.phpsessid);
    }
  });

  it("refuses what is not <userId>_<32 alphanumerics> with 'Session ID 格式不正确'", async () => {
    const demo = DEMO_ACCOUNTS[0]!;
    for (const session of [
      '',
      'abc',
      demo.phpsessid.slice(0, -1),
      `${demo.phpsessid}x`,
      demo.phpsessid.replace('_', '-'),
      `x${demo.phpsessid}`,
      `${demo.phpsessid.slice(0, -1)}!`,
    ]) {
      const res = await login({ session });
      expect(res.statusCode, session).toBe(400);
      expect(res.json()).toEqual({
        error: 'login.session_format',
        message: 'Session ID 格式不正确',
      });
    }
    expect((await login({})).json()).toEqual(SESSION_ERRORS.format);
    expect((await login({ session: 42 })).statusCode).toBe(400);
  });

  it("answers 'invalid session ID' when pixiv does not know the session", async () => {
    const before = t.sandbox.state.faults.count('/www.pixiv.net/');
    const res = await login({ session: `${DEMO_ACCOUNTS[0]!.userId}_${'Q'.repeat(32)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'login.session_invalid', message: 'invalid session ID' });
    expect(t.sandbox.state.faults.count('/www.pixiv.net/')).toBe(before + 1);
    // a known session under another user's id is not that user's
    const other = DEMO_ACCOUNTS[1]!.phpsessid.replace(/^\d+_/, `${DEMO_ACCOUNTS[0]!.userId}_`);
    expect((await login({ session: other })).json()).toEqual(SESSION_ERRORS.invalid);
  });

  it('answers 502 when www fails, and never writes the session to the log', async () => {
    const demo = DEMO_ACCOUNTS[2]!;
    t.sandbox.state.faults.add({ pathPrefix: '/www.pixiv.net/', status: 500, times: 1 });
    const failed = await login({ session: demo.phpsessid });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'tip.unknown_err' });
    t.sandbox.state.faults.add({ pathPrefix: '/www.pixiv.net/', drop: true, times: 1 });
    expect((await login({ session: demo.phpsessid })).statusCode).toBe(502);
    expect((await login({ session: demo.phpsessid })).statusCode).toBe(200);
    expect(t.logs()).toContain('/api/auth/session');
    expect(t.logs()).not.toContain(demo.phpsessid);
    expect(t.logs()).not.toContain(demo.csrfToken);
  });
});

describe("the page's token", () => {
  let www: Server;
  let server: TestServer;
  const demo = DEMO_ACCOUNTS[0]!;
  let page = '';

  beforeAll(async () => {
    www = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
    });
    await new Promise<void>((resolve) => www.listen(0, '127.0.0.1', resolve));
    const { port } = www.address() as AddressInfo;
    server = await startTestServer({ hosts: { www: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => www.close(resolve));
  });

  const pageWith = (token: string | undefined) => {
    const state = JSON.stringify({
      api: token === undefined ? {} : { token },
      userData: { self: { id: String(demo.userId), name: demo.name } },
    });
    const next = JSON.stringify({
      props: { pageProps: { serverSerializedPreloadedState: state } },
    });
    return `<script id="__NEXT_DATA__" type="application/json">${next}</script>`;
  };

  it("answers 'access token format error' when the page has no well-formed token", async () => {
    for (const token of [undefined, '', 'not-a-token']) {
      page = pageWith(token);
      const res = await login({ session: demo.phpsessid }, server);
      expect(res.statusCode, String(token)).toBe(502);
      expect(res.json()).toEqual({
        error: 'login.session_token',
        message: 'access token format error',
      });
    }
    page = pageWith('0123456789abcdef0123456789abcdef');
    const ok = await login({ session: demo.phpsessid }, server);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ csrf_token: '0123456789abcdef0123456789abcdef' });
  });
});
