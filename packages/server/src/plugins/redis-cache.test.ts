import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../test-redis.ts';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { ResponseCache } from './cache.ts';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import { USER_TOKEN_HEADER } from '../lib/log.ts';
import { NEAR_WINDOW_MS } from './near-cache.ts';
import { RedisCacheStore, STALE_KEEP_MS } from './redis-cache.ts';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

describe('RedisCacheStore', () => {
  it('stores entries with their expiry, keeping expired ones for stale serving', async () => {
    const store = await RedisCacheStore.connect(redis.url);
    try {
      await store.set('a', { body: '{"x":1}', expires: Date.now() + 60_000 });
      await store.set('forever', { body: '{"y":2}', expires: Infinity });
      expect(await store.get('a')).toMatchObject({ body: '{"x":1}' });
      expect((await store.get('forever'))?.expires).toBe(Infinity);
      expect(await store.get('missing')).toBeUndefined();
      // an expired entry is still there (stale), until the keep time ends
      await store.set('old', { body: 'old', expires: Date.now() - 1_000 });
      expect((await store.get('old'))?.body).toBe('old');
      await store.set('gone', { body: 'gone', expires: Date.now() - STALE_KEEP_MS - 1_000 });
      await new Promise((r) => setTimeout(r, 20));
      expect(await store.get('gone')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('coalesces loads across two caches sharing Redis, and hands over failed loads', async () => {
    const [s1, s2] = await Promise.all([
      RedisCacheStore.connect(redis.url),
      RedisCacheStore.connect(redis.url),
    ]);
    try {
      const c1 = new ResponseCache(s1);
      const c2 = new ResponseCache(s2);
      let calls = 0;
      const load = async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 100));
        return { body: '{"v":1}', cacheable: true };
      };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? c1 : c2).fetch('shared', 60, 'default', load),
        ),
      );
      expect(calls).toBe(1);
      expect(new Set(results.map((r) => r.value))).toEqual(new Set(['{"v":1}']));

      // The loader fails: the waiting instance loads itself (and succeeds).
      let attempts = 0;
      const flaky = async () => {
        attempts++;
        await new Promise((r) => setTimeout(r, 50));
        if (attempts === 1) throw new Error('upstream down');
        return { body: '{"v":2}', cacheable: true };
      };
      const [first, second] = await Promise.allSettled([
        c1.fetch('flaky', 60, 'default', flaky),
        c2.fetch('flaky', 60, 'default', flaky),
      ]);
      // whichever instance claimed first failed; the other then loaded by itself
      const outcomes = [first, second].map((r) => r.status).sort();
      expect(outcomes).toEqual(['fulfilled', 'rejected']);
      const ok = [first, second].find((r) => r.status === 'fulfilled');
      expect(ok).toMatchObject({ value: { value: '{"v":2}' } });
      expect(attempts).toBe(2);
    } finally {
      await Promise.all([s1.close(), s2.close()]);
    }
  });
});

describe('claims are leases', () => {
  it('a live loader keeps its claim past the lease; a vanished one frees the waiters within one', async () => {
    const options = { leaseMs: 300, lockMs: 20_000 };
    const [s1, s2] = await Promise.all([
      RedisCacheStore.connect(redis.url, options),
      RedisCacheStore.connect(redis.url, options),
    ]);
    try {
      const c1 = new ResponseCache(s1);
      const c2 = new ResponseCache(s2);
      // a load four leases long: the other instance waits for it instead of loading again
      let calls = 0;
      const slow = async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 1_200));
        return { body: '{"slow":1}', cacheable: true };
      };
      const first = c1.fetch('lease-slow', 60, 'default', slow);
      await new Promise((r) => setTimeout(r, 50));
      const [a, b] = await Promise.all([first, c2.fetch('lease-slow', 60, 'default', slow)]);
      expect(calls).toBe(1);
      expect([a.value, b.value]).toEqual(['{"slow":1}', '{"slow":1}']);

      // an instance claims and dies without a word: the waiter loads itself after about a lease
      expect(await s1.claim('lease-dead')).toBe(true);
      await s1.close();
      const started = Date.now();
      let loads = 0;
      const result = await c2.fetch('lease-dead', 60, 'default', async () => {
        loads++;
        return { body: '{"dead":0}', cacheable: true };
      });
      expect(result.value).toBe('{"dead":0}');
      expect(loads).toBe(1);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await Promise.all([s1.close(), s2.close()]);
    }
  });
});

describe('two server instances sharing one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ redisUrl: redis.url });
    // b talks to a's sandbox, so that upstream calls of both are counted in one place
    b = await startTestServer({ redisUrl: redis.url, hosts: a.sandbox.hosts });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  const RANKING = '/app-api.pixiv.net/v1/illust/ranking';

  it('an entry filled through one instance is a hit on the other', async () => {
    const url = '/api/pixiv/rank?mode=week&date=2026-11-17';
    const before = a.sandbox.state.faults.count(RANKING);
    const first = await a.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache-hit']).toBeUndefined();
    const second = await b.app.inject({ url });
    expect(second.headers['x-cache-hit']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(a.sandbox.state.faults.count(RANKING) - before).toBe(1);
  });

  it('a bookmark through one instance shows through the other at once (its near copy dropped)', async () => {
    const ranked = (
      await a.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
    ).json() as { illusts: { id: number }[] };
    const id = ranked.illusts[9]!.id;
    const me = { [USER_TOKEN_HEADER]: DEMO_ACCOUNTS[2]!.refreshToken };
    const detail = () => b.app.inject({ url: `/api/pixiv/illust?id=${id}`, headers: me });
    expect((await detail()).json()).toHaveProperty('illust.is_bookmarked', false);
    // b now answers it from its near copy
    expect((await detail()).headers['x-cache-hit']).toBe('true');
    const post = await a.app.inject({
      url: `/api/pixiv/req_post?path=${encodeURIComponent('v2/illust/bookmark/add')}&data=${encodeURIComponent(JSON.stringify({ illust_id: id, restrict: 'public' }))}`,
      headers: me,
    });
    expect(post.statusCode).toBe(200);
    // a's change reaches b through Redis well before b's copy would run out (NEAR_WINDOW_MS)
    await expect
      .poll(async () => (await detail()).json(), { timeout: NEAR_WINDOW_MS / 2 })
      .toHaveProperty('illust.is_bookmarked', true);
  });

  it('answers the other instance’s entries on the fast-hit path', async () => {
    const base = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const url = '/api/pixiv/rank?mode=week&date=2026-11-10';
    expect((await a.app.inject({ url })).statusCode).toBe(200);
    // through Fastify once (a hit from Redis, now kept near), then from the raw request
    const viaFastify = await fetch(`${base}${url}`);
    expect(viaFastify.headers.get('x-cache-hit')).toBe('true');
    const answered = b.app.fastHits.answered;
    const fast = await fetch(`${base}${url}`);
    expect(fast.headers.get('x-cache-hit')).toBe('true');
    expect(await fast.text()).toBe(await viaFastify.text());
    expect(b.app.fastHits.answered).toBe(answered + 1);
  });

  it('50 concurrent identical cold requests spread over both make one upstream call', async () => {
    const url = '/api/pixiv/rank?mode=month&date=2026-11-16';
    const before = a.sandbox.state.faults.count(RANKING);
    // the upstream answer is slow, so every request arrives while the first load is running
    a.sandbox.state.faults.add({ pathPrefix: RANKING, latencyMs: 300, times: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).app.inject({ url })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(a.sandbox.state.faults.count(RANKING) - before).toBe(1);
  });

  it('serves a stale shared entry when upstream fails', async () => {
    const ranked = (
      await a.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
    ).json() as {
      illusts: { id: number }[];
    };
    const url = `/api/pixiv/illust?id=${ranked.illusts[0]!.id}`;
    const filled = await a.app.inject({ url });
    expect(filled.json()).toHaveProperty('illust.id', ranked.illusts[0]!.id);
    a.sandbox.state.faults.add({
      pathPrefix: '/app-api.pixiv.net/v1/illust/detail',
      status: 500,
      times: 5,
    });
    const refreshed = await b.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['x-cache-stale'], refreshed.body.slice(0, 300)).toBe('true');
    a.sandbox.state.faults.clear();
  });
});

describe('a server whose Redis goes away', () => {
  it('keeps answering from upstream', async () => {
    const own = await startRedis();
    const t = await startTestServer({ redisUrl: own.url });
    try {
      expect((await t.app.inject({ url: '/api/pixiv/illust?id=77' })).statusCode).toBe(200);
      await own.close();
      const res = await t.app.inject({ url: '/api/pixiv/illust?id=78' });
      expect(res.statusCode).toBe(200);
      expect(t.logs()).toContain('cache store failed');
    } finally {
      await t.close();
    }
  });
});
