import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RawAuthTokenResponse } from '@pv/core';
import { CODE_SECONDS, DEMO_ACCOUNTS, TokenStore } from '../accounts.ts';
import { buildSandboxApp } from '../app.ts';
import { TEST_NOW } from '../test-helpers.ts';
import { Rng } from '../rng.ts';

let app: FastifyInstance;
beforeAll(() => {
  app = buildSandboxApp({ now: TEST_NOW }).app;
});
afterAll(() => app.close());

function token(form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/oauth.secure.pixiv.net/auth/token',
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}
const client = {
  client_id: 'MOBrBDS8blbauoSck0ZfDbtuzpyT',
  client_secret: 'secret',
  get_secure_url: '1',
};

describe('POST /auth/token', () => {
  it('every demo refresh token is 43 characters, like pixiv’s', () => {
    for (const a of DEMO_ACCOUNTS) expect(a.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the refresh grant with the fields at the top level and under response', async () => {
    const res = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: DEMO_ACCOUNTS[0]!.refreshToken,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as RawAuthTokenResponse;
    expect(body.expires_in).toBe(3600);
    expect(body.token_type).toBe('bearer');
    expect(body.refresh_token).toBe(DEMO_ACCOUNTS[0]!.refreshToken);
    expect(body.user.id).toBe(String(DEMO_ACCOUNTS[0]!.userId));
    expect(typeof body.user.id).toBe('string');
    expect(body.response).toEqual({ ...body, response: undefined, ...body.response });
    expect(body.response.access_token).toBe(body.access_token);
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'account',
        'id',
        'is_mail_authorized',
        'is_premium',
        'mail_address',
        'name',
        'profile_image_urls',
        'require_policy_agreement',
        'x_restrict',
      ].sort(),
    );
  });

  it('issues a new access token per grant', async () => {
    const form = {
      ...client,
      grant_type: 'refresh_token',
      refresh_token: DEMO_ACCOUNTS[0]!.refreshToken,
    };
    const a = (await token(form)).json().access_token;
    const b = (await token(form)).json().access_token;
    expect(a).not.toBe(b);
  });

  it('answers 400 invalid_grant with pixiv’s error body for a bad refresh token', async () => {
    const res = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: 'x'.repeat(43),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      has_error: true,
      errors: { system: { message: 'Invalid refresh token', code: 1508 } },
      error: 'invalid_grant',
    });
  });

  it('rejects the retired password grant', async () => {
    const res = await token({ ...client, grant_type: 'password', username: 'a', password: 'b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.system.message).toBe(
      'Invalid grant_type parameter or parameter missing',
    );
  });
});

describe('PKCE login and the code grant', () => {
  const verifier = 'v'.repeat(20) + 'erifier-0123456789abcdefghijk';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const CALLBACK = 'https://app-api.pixiv.net/web/v1/users/auth/pixiv/callback';

  async function signIn(account: string, password: string) {
    return app.inject({
      method: 'POST',
      url: '/app-api.pixiv.net/web/v1/login',
      payload: new URLSearchParams({ code_challenge: challenge, account, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  it('shows a sign-in page for an S256 challenge, without a token', async () => {
    const page = await app.inject({
      url: `/app-api.pixiv.net/web/v1/login?code_challenge=${challenge}&code_challenge_method=S256&client=pixiv-android`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="password"');
    const plain = await app.inject({
      url: `/app-api.pixiv.net/web/v1/login?code_challenge=${challenge}&code_challenge_method=plain`,
    });
    expect(plain.statusCode).toBe(400);
  });

  it('redirects a signed-in account to pixiv:// with a one-use code that the verifier redeems', async () => {
    const demo = DEMO_ACCOUNTS[1]!;
    const wrong = await signIn(demo.account, 'nope');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('incorrect');
    const res = await signIn(demo.account, demo.password);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.protocol).toBe('pixiv:');
    const code = location.searchParams.get('code')!;
    const ok = await token({
      ...client,
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
      include_policy: 'true',
    });
    expect(ok.statusCode).toBe(200);
    const body = ok.json() as RawAuthTokenResponse;
    expect(body.refresh_token).toBe(demo.refreshToken);
    expect(body.user.account).toBe(demo.account);
    // used up
    const again = await token({
      ...client,
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ has_error: true, error: 'invalid_grant' });
  });

  it('refuses a wrong verifier and a wrong redirect_uri', async () => {
    const demo = DEMO_ACCOUNTS[0]!;
    const code = new URL(
      (await signIn(demo.account, demo.password)).headers.location as string,
    ).searchParams.get('code')!;
    const bad = await token({
      ...client,
      grant_type: 'authorization_code',
      code,
      code_verifier: 'x'.repeat(43),
      redirect_uri: CALLBACK,
    });
    expect(bad.statusCode).toBe(400);
    const code2 = new URL(
      (await signIn(demo.account, demo.password)).headers.location as string,
    ).searchParams.get('code')!;
    const elsewhere = await token({
      ...client,
      grant_type: 'authorization_code',
      code: code2,
      code_verifier: verifier,
      redirect_uri: 'https://evil.example/callback',
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('authorization codes', () => {
  it('expire after 60 seconds', () => {
    let now = 1_000_000;
    let draws = 0;
    const store = new TokenStore(
      () => now,
      (name) => Rng.of(1, `${name}#${draws++}`),
    );
    const verifier = 'a'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const fresh = store.issueCode(DEMO_ACCOUNTS[0]!, challenge);
    now += (CODE_SECONDS - 1) * 1000;
    expect(store.redeemCode(fresh, verifier)).toBe(DEMO_ACCOUNTS[0]);
    const stale = store.issueCode(DEMO_ACCOUNTS[0]!, challenge);
    now += CODE_SECONDS * 1000;
    expect(store.redeemCode(stale, verifier)).toBe('expired');
    expect(CODE_SECONDS).toBe(60);
  });
});
