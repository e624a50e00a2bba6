/**
 * Upstream faults injected in the sandbox: each gets one clean, consistent answer, a stale entry
 * is served where one exists, and nothing crashes the server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { RATE_LIMIT_BACKOFF_MS } from '../../../plugins/upstream.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ upstreamTimeoutMs: 600 });
});
afterAll(() => t.close());
afterEach(() => t.sandbox.state.faults.clear());

const RANKING = '/app-api.pixiv.net/v1/illust/ranking';
const fault = (spec: Parameters<TestServer['sandbox']['state']['faults']['add']>[0]) =>
  t.sandbox.state.faults.add(spec);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('without a cached entry', () => {
  it('latency beyond the upstream timeout answers 502', async () => {
    fault({ pathPrefix: RANKING, latencyMs: 1_500 });
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-01');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 502, detail: 'Upstram API request failed' });
  });

  it('a dropped connection answers 502', async () => {
    fault({ pathPrefix: RANKING, drop: true });
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-02');
    expect(res.statusCode).toBe(502);
  });

  it('a body that is not JSON answers 502 JSONDecodeError (the fault is upstream’s: never a 500)', async () => {
    fault({ pathPrefix: RANKING, malformed: true });
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-03');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 502, detail: 'JSONDecodeError' });
  });

  it('an upstream 500 goes back verbatim with 200 and is not cached', async () => {
    fault({ pathPrefix: RANKING, status: 500, times: 1 });
    const url = '/api/pixiv/rank?mode=day&date=2026-11-04';
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('error.message', 'sandbox fault 500');
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await get(url);
    expect(again.json()).toHaveProperty('illusts');
    expect(again.headers['x-cache-hit']).toBeUndefined();
  });

  it('"Rate Limit" goes back verbatim, so that the app shows tip.rate_limit', async () => {
    fault({ pathPrefix: RANKING, rateLimit: true });
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-05');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: { user_message: '', message: 'Rate Limit', reason: '', user_message_details: {} },
    });
  });

  it('the server is still healthy after all of them', async () => {
    const res = await get('/api/pixiv/rank?mode=day&date=2026-11-06');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('illusts');
  });
});

describe('with a cached entry', () => {
  const url = '/api/pixiv/rank?mode=week&date=2026-11-10';
  beforeAll(async () => {
    expect((await get(url)).json()).toHaveProperty('illusts');
  });

  for (const [name, spec] of [
    ['latency beyond the timeout', { latencyMs: 1_500 }],
    ['a dropped connection', { drop: true }],
    ['a body that is not JSON', { malformed: true }],
    ['an upstream 500', { status: 500 }],
    ['"Rate Limit"', { rateLimit: true }],
  ] as const) {
    it(`${name}: a refresh serves the stale entry, marked`, async () => {
      fault({ pathPrefix: RANKING, ...spec });
      const res = await get(url, { 'cache-control': 'no-cache' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache-stale']).toBe('true');
      expect(res.json()).toHaveProperty('illusts');
    });
  }
});

describe('the token pool and "Rate Limit"', () => {
  it('rests a rate-limited token and carries on with the next one', async () => {
    let now = Date.parse('2026-11-20T06:00:00Z');
    const two = await startTestServer({
      refreshTokens: [DEMO_ACCOUNTS[0]!.refreshToken, DEMO_ACCOUNTS[1]!.refreshToken],
      upstreamNow: () => now,
    });
    try {
      // The first request's token is limited once; the retry with the other token succeeds.
      two.sandbox.state.faults.add({ pathPrefix: RANKING, rateLimit: true, times: 1 });
      const before = two.sandbox.state.faults.count(RANKING);
      const res = await two.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-07' });
      expect(res.json()).toHaveProperty('illusts');
      expect(two.sandbox.state.faults.count(RANKING) - before).toBe(2);
      expect(two.app.upstream.available).toBe(1);
      now += RATE_LIMIT_BACKOFF_MS;
      expect(two.app.upstream.available).toBe(2);
    } finally {
      await two.close();
    }
  });

  it('takes the pool’s tokens round robin: two tokens, alternating accounts upstream', async () => {
    const [a, b] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
    const two = await startTestServer({ refreshTokens: [a.refreshToken, b.refreshToken] });
    try {
      // whose bearer token each app-API call carried, as the sandbox resolves it
      const accounts: number[] = [];
      const tokens = two.sandbox.state.tokens;
      const resolve = tokens.resolve.bind(tokens);
      tokens.resolve = (token) => {
        const account = resolve(token);
        if (account) accounts.push(account.userId);
        return account;
      };
      for (let i = 0; i < 6; i++) {
        const res = await two.app.inject({
          url: '/api/pixiv/rank?mode=day&date=2026-11-19',
          headers: { 'cache-control': 'no-store' },
        });
        expect(res.statusCode).toBe(200);
      }
      expect(accounts).toEqual([a, b, a, b, a, b].map((x) => x.userId));
    } finally {
      await two.close();
    }
  });
});
