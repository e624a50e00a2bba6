import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { REDIRECTOR_PATH, codeFromAppRedirect } from './redirector.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface LoginStart {
  url: string;
  code_verifier: string;
  redirector_url: string | null;
}

const start = async () => (await t.app.inject({ url: '/api/auth/login' })).json() as LoginStart;

const signIn = (challenge: string, account: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: REDIRECTOR_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code_challenge: challenge, account, password }).toString(),
  });

describe('the sandbox login redirector', () => {
  it('serves the sandbox login page, and a sign-in comes back as /account/oauth?code= that trades once', async () => {
    const pair = await start();
    expect(pair.redirector_url).toBe(`${REDIRECTOR_PATH}${new URL(pair.url).search}`);
    const page = await t.app.inject({ url: pair.redirector_url! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // the page's form posts back to the redirector (a relative action on the same path)
    expect(page.body).toContain('<form method="post" action="login">');
    const challenge = new URL(pair.url).searchParams.get('code_challenge')!;
    expect(page.body).toContain(`value="${challenge}"`);

    const demo = DEMO_ACCOUNTS[1]!;
    const res = await signIn(challenge, demo.account, demo.password);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, 'http://app.test');
    expect(location.pathname).toBe('/account/oauth');
    const code = location.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(10);

    const traded = await t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      payload: { code, code_verifier: pair.code_verifier },
    });
    expect(traded.json()).toMatchObject({
      refresh_token: demo.refreshToken,
      user: { account: demo.account },
    });
    expect(t.logs()).not.toContain(demo.password);
    expect(t.logs()).not.toContain(code);
  });

  it('shows the login page again with its message for a wrong password', async () => {
    const pair = await start();
    const challenge = new URL(pair.url).searchParams.get('code_challenge')!;
    const res = await signIn(challenge, DEMO_ACCOUNTS[0]!.account, 'wrong-password');
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('The pixiv ID or password is incorrect.');
  });

  it('refuses malformed challenges and forms without fetching anything else', async () => {
    for (const url of [
      REDIRECTOR_PATH,
      `${REDIRECTOR_PATH}?code_challenge=short&code_challenge_method=S256`,
      `${REDIRECTOR_PATH}?code_challenge=${'a'.repeat(43)}&code_challenge_method=plain`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
    }
    const bad = await signIn('x', 'sandbox_demo', 'demo-password');
    expect(bad.statusCode).toBe(400);
    const other = await t.app.inject({ url: '/api/auth/redirector/v1/illust/ranking' });
    expect(other.statusCode).toBe(404);
  });

  it('never names the loopback sandbox to a visitor from another machine', async () => {
    const local = await start();
    // the test server's sandbox listens on loopback: this machine's own browser may open it
    expect(new URL(local.url).hostname).toBe('127.0.0.1');
    for (const remoteAddress of ['203.0.113.5', '2001:db8::5', '::ffff:198.51.100.7']) {
      const res = await t.app.inject({ url: '/api/auth/login', remoteAddress });
      const pair = res.json() as LoginStart;
      expect(res.body).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}\//);
      expect(pair.url).toBe(pair.redirector_url);
      expect(pair.url.startsWith(`${REDIRECTOR_PATH}?`)).toBe(true);
    }
  });

  it('is absent when the upstream is pixiv, and the login answers no redirector', async () => {
    const real = await startTestServer({ upstreamKind: 'pixiv' });
    try {
      const pair = (await real.app.inject({ url: '/api/auth/login' })).json() as LoginStart;
      expect(pair.redirector_url).toBeNull();
      const challenge = new URL(pair.url).searchParams.get('code_challenge')!;
      const page = await real.app.inject({
        url: `${REDIRECTOR_PATH}?code_challenge=${challenge}&code_challenge_method=S256`,
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});

describe('codeFromAppRedirect', () => {
  it("reads the code of pixiv's app redirect and nothing else", () => {
    expect(codeFromAppRedirect('pixiv://account/login?code=abc_DEF-1&via=login')).toBe('abc_DEF-1');
    expect(codeFromAppRedirect('https://evil.test/account/login?code=abc')).toBeNull();
    expect(codeFromAppRedirect('pixiv://account/logout?code=abc')).toBeNull();
    expect(codeFromAppRedirect('pixiv://account/login?via=login')).toBeNull();
    expect(codeFromAppRedirect('pixiv://account/login?code=a%20b')).toBeNull();
    expect(codeFromAppRedirect('not a url')).toBeNull();
    expect(codeFromAppRedirect(null)).toBeNull();
  });
});
