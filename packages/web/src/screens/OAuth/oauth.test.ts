import { describe, expect, it } from 'vitest';
import { OAUTH_SUCCESS_RELOAD_MS, oauthCodeFrom } from './oauth.ts';

const CODE = 'Zb0x3_K-jQe1tYq9LmNoPQrsTUvwXyz0';

describe('oauthCodeFrom', () => {
  it('reads the code of the pixiv://account/login address pixiv ends the login at', () => {
    expect(oauthCodeFrom(`pixiv://account/login?code=${CODE}&via=login`)).toBe(CODE);
    expect(oauthCodeFrom(`  pixiv://account/login?via=login&code=${CODE}\n`)).toBe(CODE);
  });

  it("reads pixiv's older https callback and a bare code", () => {
    expect(
      oauthCodeFrom(`https://app-api.pixiv.net/web/v1/users/auth/pixiv/callback?code=${CODE}`),
    ).toBe(CODE);
    expect(oauthCodeFrom(` ${CODE} `)).toBe(CODE);
  });

  it('finds nothing in other addresses or text', () => {
    expect(oauthCodeFrom('')).toBeNull();
    expect(oauthCodeFrom('pixiv://account/login?via=login')).toBeNull();
    expect(oauthCodeFrom(`pixiv://illusts/1?code=${CODE}`)).toBeNull();
    expect(oauthCodeFrom(`https://evil.example/callback?code=${CODE}`)).toBeNull();
    expect(oauthCodeFrom(`https://app-api.pixiv.net/other?code=${CODE}`)).toBeNull();
    expect(oauthCodeFrom('pixiv://account/login?code=a b')).toBeNull();
    expect(oauthCodeFrom('two words')).toBeNull();
    expect(oauthCodeFrom('x'.repeat(513))).toBeNull();
  });
});

it('replaces the location 200 ms after an OAuth login (spec 001 §9)', () => {
  expect(OAUTH_SUCCESS_RELOAD_MS).toBe(200);
});
