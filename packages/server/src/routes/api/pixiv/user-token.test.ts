import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { RawIllustListResponse } from '@pv/core';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
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
});
