import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RawAuthTokenResponse } from '@pv/core';
import { DEMO_ACCOUNTS } from '../accounts.ts';
import { buildSandboxApp } from '../app.ts';
import { TEST_NOW } from '../test-helpers.ts';

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
