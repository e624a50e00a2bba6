import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('POST /api/auth/token', () => {
  it('checks the refresh token against pixiv and answers the account', async () => {
    const demo = DEMO_ACCOUNTS[1]!;
    const res = await post('/api/auth/token', { refresh_token: demo.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({
        id: demo.userId,
        account: demo.account,
        x_restrict: demo.xRestrict,
      }),
    });
    expect(res.body).not.toContain(demo.refreshToken);
  });

  it('refuses anything but 43 characters with the format message, and unknown tokens', async () => {
    for (const refresh_token of ['short', 'x'.repeat(44), `${'x'.repeat(42)}!`]) {
      const res = await post('/api/auth/token', { refresh_token });
      expect(res.statusCode, refresh_token).toBe(400);
      expect(res.json()).toEqual({
        error: 'login.token_format',
        message: 'RefreshToken 格式不正确',
      });
    }
    // no token at all: the spec's rejection of an absent one (spec 001 §5.4)
    for (const body of [{}, { refresh_token: '' }, { refresh_token: '   ' }]) {
      const res = await post('/api/auth/token', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'login.token_format',
        message: 'refresh_token required',
      });
    }
    const unknown = await post('/api/auth/token', { refresh_token: 'y'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'login.token_invalid' });
  });

  it('never writes a token to the log', async () => {
    await post('/api/auth/token', { refresh_token: DEMO_ACCOUNTS[2]!.refreshToken });
    expect(t.logs()).not.toContain(DEMO_ACCOUNTS[2]!.refreshToken);
  });
});

describe('PKCE login through the server', () => {
  it('gives a login URL and verifier; the sandbox sign-in code trades for the refresh token', async () => {
    const start = (await t.app.inject({ url: '/api/auth/login' })).json() as {
      url: string;
      code_verifier: string;
      expires_in: number;
    };
    expect(start.expires_in).toBe(600);
    expect(start.code_verifier.length).toBeGreaterThanOrEqual(43);
    expect(start.code_verifier.length).toBeLessThanOrEqual(128);
    const url = new URL(start.url);
    expect(url.pathname.endsWith('/web/v1/login')).toBe(true);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // the user signs in on the (sandbox) login page
    const demo = DEMO_ACCOUNTS[0]!;
    const signIn = await fetch(new URL('login', start.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code_challenge: url.searchParams.get('code_challenge')!,
        account: demo.account,
        password: demo.password,
      }),
    });
    expect(signIn.status).toBe(302);
    const code = new URL(signIn.headers.get('location')!).searchParams.get('code')!;
    const res = await post('/api/auth/code', { code, code_verifier: start.code_verifier });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      refresh_token: demo.refreshToken,
      user: { account: demo.account },
    });
    const reused = await post('/api/auth/code', { code, code_verifier: start.code_verifier });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: 'login.code_invalid' });
    expect(t.logs()).not.toContain(code);
  });

  it('refuses a verifier of the wrong length', async () => {
    const res = await post('/api/auth/code', { code: 'abc', code_verifier: 'short' });
    expect(res.json()).toEqual({ error: 'login.code_invalid' });
  });
});
