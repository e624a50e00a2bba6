import { describe, expect, it } from 'vitest';
import { MemoryCacheStore, ResponseCache, entryBytes } from './cache.ts';

describe('ResponseCache', () => {
  it('coalesces concurrent identical loads into one', async () => {
    const cache = new ResponseCache(new MemoryCacheStore({ maxEntries: 10 }));
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
    const cache = new ResponseCache(new MemoryCacheStore({ maxEntries: 10 }), () => now);
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
    const cache = new ResponseCache(new MemoryCacheStore({ maxEntries: 10 }));
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
    const store = new MemoryCacheStore({ maxEntries: 2 });
    await store.set('a', { body: 'a', expires: Infinity });
    await store.set('b', { body: 'b', expires: Infinity });
    await store.get('a');
    await store.set('c', { body: 'c', expires: Infinity });
    expect(store.size).toBe(2);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
  });

  it('bounds the memory store by bytes, evicting the least recently used', async () => {
    const body = (c: string) => c.repeat(1000);
    const one = entryBytes('a', { body: body('a'), expires: Infinity });
    const store = new MemoryCacheStore({ maxEntries: 100, maxBytes: 3 * one });
    for (const k of ['a', 'b', 'c']) await store.set(k, { body: body(k), expires: Infinity });
    expect(store.size).toBe(3);
    await store.get('a');
    await store.set('d', { body: body('d'), expires: Infinity });
    expect(store.bytes).toBeLessThanOrEqual(3 * one);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('d')).toBeDefined();
    // one entry larger than the whole bound is not kept, and evicts nothing
    await store.set('huge', { body: body('h').repeat(4), expires: Infinity });
    expect(await store.get('huge')).toBeUndefined();
    expect(store.size).toBe(3);
  });

  it('counts the compressed forms of an entry in its bytes', () => {
    const plain = { body: 'x'.repeat(2000), expires: Infinity };
    const encoded = { ...plain, encoded: { br: Buffer.alloc(300), gzip: Buffer.alloc(400) } };
    expect(entryBytes('k', encoded) - entryBytes('k', plain)).toBe(700);
  });

  it('a hit is one store lookup that hands out the stored bytes themselves', async () => {
    const store = new MemoryCacheStore({ maxEntries: 10 });
    let lookups = 0;
    const get = store.get.bind(store);
    store.get = (key) => {
      lookups++;
      return get(key);
    };
    const cache = new ResponseCache(store);
    const body = JSON.stringify({ text: 'あ'.repeat(1000) });
    const miss = await cache.fetch('k', 60, 'default', async () => ({ body, cacheable: true }));
    expect(miss.bytes?.toString()).toBe(body);
    lookups = 0;
    const hit = await cache.fetch('k', 60, 'default', async () => ({ body: 'x', cacheable: true }));
    expect(lookups).toBe(1);
    expect(hit.source).toBe('hit');
    // the very buffers made when the entry was stored: nothing is encoded again per hit
    expect(hit.bytes).toBe(miss.bytes);
    expect(hit.encoded?.br).toBe(miss.encoded?.br);
    expect(entryBytes('k', (await get('k'))!)).toBeGreaterThan(
      3 * body.length + hit.encoded!.br!.length,
    );
  });

  it('a cache of 0 entries keeps nothing', async () => {
    const store = new MemoryCacheStore({ maxEntries: 0 });
    await store.set('a', { body: 'a', expires: Infinity });
    expect(await store.get('a')).toBeUndefined();
  });
});
