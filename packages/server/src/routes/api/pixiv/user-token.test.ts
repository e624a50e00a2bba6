import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { RawIllustListResponse } from '@pv/core';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { refreshTokenKey } from '@pv/pixiv';
import { USER_TOKEN_HEADER } from './index.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
const R18 = '/api/pixiv/rank?mode=day_r18&date=2026-11-19';

describe("a user's own refresh token (local-app mode)", () => {
  it('acts as that user upstream: a safe account sees R-18 works withheld', async () => {
    const server = (await t.app.inject({ url: R18 })).json() as RawIllustListResponse;
    const asSafe = (
      await t.app.inject({ url: R18, headers: { [USER_TOKEN_HEADER]: safe.refreshToken } })
    ).json() as RawIllustListResponse;
    expect(server.illusts[0]!.image_urls.medium).toMatch(/img-master/);
    expect(asSafe.illusts[0]!.id).toBe(server.illusts[0]!.id);
    expect(asSafe.illusts[0]!.image_urls.medium).toMatch(/limit_r18/);
  });

  it("caches per user: another user's answer is never served, and it is private", async () => {
    const url = '/api/pixiv/rank?mode=week_r18&date=2026-11-18';
    const a = await t.app.inject({ url, headers: { [USER_TOKEN_HEADER]: safe.refreshToken } });
    expect(a.headers['cache-control']).toMatch(/^private, max-age=/);
    const again = await t.app.inject({ url, headers: { [USER_TOKEN_HEADER]: safe.refreshToken } });
    expect(again.headers['x-cache-hit']).toBe('true');
    const other = await t.app.inject({ url, headers: { [USER_TOKEN_HEADER]: demo.refreshToken } });
    expect(other.headers['x-cache-hit']).toBeUndefined();
    expect(other.body).not.toBe(a.body);
    const server = await t.app.inject({ url });
    expect(server.headers['x-cache-hit']).toBeUndefined();
  });

  it('refuses a malformed or unknown token with a clear error, and never logs a token', async () => {
    const bad = await t.app.inject({ url: R18, headers: { [USER_TOKEN_HEADER]: 'short' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ detail: 'login.token_format' });
    const unknown = await t.app.inject({
      url: R18,
      headers: { [USER_TOKEN_HEADER]: 'z'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ detail: 'login.token_invalid' });
    expect(t.logs()).not.toContain(safe.refreshToken);
    expect(t.logs()).not.toContain('z'.repeat(43));
  });

  it('keeps only hash → access token: the serialised token cache holds no refresh token', async () => {
    const r18 = DEMO_ACCOUNTS[2]!;
    for (const account of [demo, safe, r18]) {
      const res = await t.app.inject({
        url: '/api/pixiv/rank?mode=day&date=2026-11-18',
        headers: { [USER_TOKEN_HEADER]: account.refreshToken },
      });
      expect(res.statusCode).toBe(200);
    }
    const me = await t.app.inject({
      url: '/api/pixiv/me',
      headers: { [USER_TOKEN_HEADER]: r18.refreshToken },
    });
    expect(me.json().user.id).toBe(r18.userId);
    const entries = t.app.upstream.userTokens.entries();
    const dump = JSON.stringify(entries);
    for (const account of DEMO_ACCOUNTS) {
      expect(dump).not.toContain(account.refreshToken);
      // nor a part of one long enough to matter
      expect(dump).not.toContain(account.refreshToken.slice(0, 20));
    }
    const keys = new Map(entries);
    for (const account of [demo, safe, r18]) {
      const entry = keys.get(refreshTokenKey(account.refreshToken));
      expect(entry, account.account).toBeDefined();
      // the kept access token is one the sandbox issued to this very account
      expect(t.sandbox.state.tokens.resolve(entry!.accessToken)?.userId).toBe(account.userId);
      expect(entry!.userId).toBe(String(account.userId));
    }
  });

  it('refreshes with the token the request carries when pixiv calls the kept access token invalid', async () => {
    const url = '/api/pixiv/rank?mode=day_male&date=2026-11-18';
    const headers = { [USER_TOKEN_HEADER]: safe.refreshToken, 'cache-control': 'no-store' };
    expect((await t.app.inject({ url, headers })).statusCode).toBe(200);
    const key = refreshTokenKey(safe.refreshToken);
    const before = new Map(t.app.upstream.userTokens.entries()).get(key)!.accessToken;
    // pixiv forgets every access token (revoked, restarted): 400 invalid_grant on the next call
    t.sandbox.state.tokens.expireAll();
    const from = t.sandbox.state.faults.log.length;
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().illusts.length).toBeGreaterThan(0);
    const seen = t.sandbox.state.faults.log.slice(from).map((u) => u.split('?')[0]);
    expect(seen).toEqual([
      '/app-api.pixiv.net/v1/illust/ranking',
      '/oauth.secure.pixiv.net/auth/token',
      '/app-api.pixiv.net/v1/illust/ranking',
    ]);
    const after = new Map(t.app.upstream.userTokens.entries()).get(key)!.accessToken;
    expect(after).not.toBe(before);
    expect(t.sandbox.state.tokens.resolve(after)?.userId).toBe(safe.userId);
  });
});
