import { describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../app.ts';
import { SMALL_WORLD, TEST_NOW, demoAccessToken, testSandbox } from '../test-helpers.ts';
import { RATE_LIMIT_BODY } from './faults.ts';
import { TokenBudget, parseRateLimit } from './token-budget.ts';

const RANKING = '/app-api.pixiv.net/v1/illust/ranking?mode=day';
const WALK = '/app-api.pixiv.net/v1/walkthrough/illusts';
const WINDOW_MS = 600;

describe('the per-account "Rate Limit" budget', () => {
  const sb = testSandbox({ ...SMALL_WORLD, rateLimit: { calls: 3, windowMs: WINDOW_MS } });
  const call = (token: string, url = RANKING) =>
    sb.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  it('answers the real "Rate Limit" body once an account spent its calls, until the window moves on', async () => {
    const token = await demoAccessToken(sb.app, 0);
    for (let i = 0; i < 3; i++) expect((await call(token)).statusCode).toBe(200);
    const limited = await call(token);
    expect(limited.statusCode).toBe(403);
    expect(limited.json()).toEqual(RATE_LIMIT_BODY);
    expect(limited.json()).toEqual({
      error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
    });
    // a new access token of the same account does not reset the budget
    const refreshed = await demoAccessToken(sb.app, 0);
    expect((await call(refreshed)).statusCode).toBe(403);
    // another account has its own budget; public calls are not counted
    const other = await demoAccessToken(sb.app, 1);
    expect((await call(other)).statusCode).toBe(200);
    expect((await sb.app.inject({ url: WALK })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 50));
    expect((await call(token)).statusCode).toBe(200);
  });

  it('does not count refused bearers', async () => {
    const res = await call('not-a-token');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('invalid_grant');
  });
});

describe('without a budget', () => {
  const sb = testSandbox({ ...SMALL_WORLD, rateLimit: undefined });
  it('never answers "Rate Limit"', async () => {
    const token = await demoAccessToken(sb.app, 0);
    for (let i = 0; i < 40; i++) {
      const res = await sb.app.inject({
        url: `${RANKING}&offset=${i}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('the budget', () => {
  it('is a sliding window per account', () => {
    let now = 0;
    const budget = new TokenBudget({ calls: 2, windowMs: 1000 }, () => now);
    expect([budget.take(1), budget.take(1), budget.take(1), budget.take(2)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    now = 999;
    expect(budget.take(1)).toBe(false);
    // both calls of t=0 have left the window; refused calls took no room
    now = 1001;
    expect([budget.take(1), budget.take(1), budget.take(1)]).toEqual([true, true, false]);
  });

  it('reads SANDBOX_RATE_LIMIT as calls/seconds', () => {
    expect(parseRateLimit('120/60')).toEqual({ calls: 120, windowMs: 60_000 });
    expect(parseRateLimit(' 5 / 1 ')).toEqual({ calls: 5, windowMs: 1000 });
    expect(parseRateLimit(undefined)).toBeUndefined();
    expect(parseRateLimit('')).toBeUndefined();
    for (const bad of ['120', '0/60', '5/0', 'a/b', '5/60/1']) {
      expect(() => parseRateLimit(bad), bad).toThrow(/calls\/seconds/);
    }
  });

  it('comes from the environment when the options leave it out', async () => {
    const saved = process.env.SANDBOX_RATE_LIMIT;
    process.env.SANDBOX_RATE_LIMIT = '1/60';
    const built = buildSandboxApp({ now: TEST_NOW, ...SMALL_WORLD });
    try {
      await built.app.ready();
      const token = await demoAccessToken(built.app, 0);
      const headers = { authorization: `Bearer ${token}` };
      expect((await built.app.inject({ url: RANKING, headers })).statusCode).toBe(200);
      expect((await built.app.inject({ url: RANKING, headers })).statusCode).toBe(403);
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_RATE_LIMIT;
      else process.env.SANDBOX_RATE_LIMIT = saved;
      await built.app.close();
    }
  });
});
