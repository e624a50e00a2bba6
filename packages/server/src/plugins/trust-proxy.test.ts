import { afterEach, describe, expect, it } from 'vitest';
import { trustProxy } from '../config.ts';
import { startTestServer, type TestServer } from '../test-helpers.ts';

describe('TRUST_PROXY', () => {
  it('reads true, a hop count, or a list of addresses; none by default', () => {
    expect(trustProxy({})).toBe(false);
    expect(trustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(trustProxy({ TRUST_PROXY: 'true' })).toBe(true);
    const hops = trustProxy({ TRUST_PROXY: '2' }) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxy({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' })).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  let t: TestServer | undefined;
  afterEach(() => t?.close());

  /** Two calls from each of two forwarded clients through one proxy, with a budget of 2. */
  async function statuses(trust: boolean | string[]): Promise<number[]> {
    t = await startTestServer({ rateLimitPerMinute: 2, trustProxy: trust });
    const out: number[] = [];
    for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2']) {
      const res = await t.app.inject({
        url: '/api/pixiv/rank?mode=day&date=2026-11-19',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
      out.push(res.statusCode);
    }
    return out;
  }

  it('gives each forwarded client its own rate-limit budget when the proxy is trusted', async () => {
    expect(await statuses(['127.0.0.1'])).toEqual([200, 200, 200, 200]);
  });

  it('counts the proxy as one client when it is not', async () => {
    expect(await statuses(false)).toEqual([200, 200, 429, 429]);
  });
});
