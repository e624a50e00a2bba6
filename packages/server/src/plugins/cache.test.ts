import { describe, expect, it } from 'vitest';
import { MemoryCacheStore, ResponseCache } from './cache.ts';

describe('ResponseCache', () => {
  it('coalesces concurrent identical loads into one', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(10));
    let calls = 0;
    const load = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
      return { body: '{"a":1}', cacheable: true };
    };
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => cache.fetch('k', 60, 'default', load)),
    );
    expect(calls).toBe(1);
    expect(results.every((r) => r.value === '{"a":1}')).toBe(true);
  });

  it('expires entries after their lifetime and serves stale ones when upstream fails', async () => {
    let now = 0;
    const cache = new ResponseCache(new MemoryCacheStore(10), () => now);
    await cache.fetch('k', 60, 'default', async () => ({ body: 'v1', cacheable: true }));
    now = 59_000;
    expect(
      (await cache.fetch('k', 60, 'default', async () => ({ body: 'v2', cacheable: true }))).source,
    ).toBe('hit');
    now = 60_000;
    const failed = await cache.fetch('k', 60, 'default', async () => {
      throw new Error('down');
    });
    expect(failed).toEqual({ value: 'v1', source: 'stale', maxAge: 0 });
    const fresh = await cache.fetch('k', 60, 'default', async () => ({
      body: 'v2',
      cacheable: true,
    }));
    expect(fresh.value).toBe('v2');
  });

  it('refresh ignores the entry; bypass neither reads nor writes', async () => {
    const cache = new ResponseCache(new MemoryCacheStore(10));
    await cache.fetch('k', 60, 'default', async () => ({ body: 'v1', cacheable: true }));
    expect(
      (await cache.fetch('k', 60, 'refresh', async () => ({ body: 'v2', cacheable: true }))).value,
    ).toBe('v2');
    expect(
      (await cache.fetch('k', 60, 'bypass', async () => ({ body: 'v3', cacheable: true }))).value,
    ).toBe('v3');
    expect(
      (await cache.fetch('k', 60, 'default', async () => ({ body: 'v4', cacheable: true }))).value,
    ).toBe('v2');
  });

  it('bounds the memory store, evicting the least recently used', async () => {
    const store = new MemoryCacheStore(2);
    await store.set('a', { body: 'a', expires: Infinity });
    await store.set('b', { body: 'b', expires: Infinity });
    await store.get('a');
    await store.set('c', { body: 'c', expires: Infinity });
    expect(store.size).toBe(2);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
  });
});
