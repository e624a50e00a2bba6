import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../test-redis.ts';
import type { CacheEntry } from './cache.ts';
import { NEAR_WINDOW_MS, NearCacheStore, type SharedStore } from './near-cache.ts';
import { RedisCacheStore, type ChangeListener } from './redis-cache.ts';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

const LIMITS = { maxEntries: 100, maxBytes: 1024 * 1024 };

/** Two instances' stores on one Redis: `near` over the first, `other` the second's plain store. */
async function twoInstances(now?: () => number) {
  const [mine, other] = await Promise.all([
    RedisCacheStore.connect(redis.url),
    RedisCacheStore.connect(redis.url),
  ]);
  const near = new NearCacheStore(mine, { ...LIMITS, now });
  return {
    near,
    other,
    async close() {
      near.close();
      await Promise.all([mine.close(), other.close()]);
    },
  };
}

/**
 * Reads `key` until its near copy stays: the change that another instance's write of it publishes
 * may arrive after a first read and drop that copy (a needless miss, never a stale answer).
 */
const readUntilKept = (near: NearCacheStore, key: string) =>
  expect.poll(async () => (await near.get(key), near.peekEntry(key)?.body));

describe('NearCacheStore in front of Redis', () => {
  it('answers a shared entry from memory for its window, with its bytes, then asks Redis again', async () => {
    let now = Date.now();
    const { near, other, close } = await twoInstances(() => now);
    try {
      await other.set('w', { body: '{"w":1}', expires: now + 60_000 });
      expect(near.peekEntry('w')).toBeUndefined();
      await readUntilKept(near, 'w').toBe('{"w":1}');
      const kept = near.peekEntry('w');
      expect(kept?.body).toBe('{"w":1}');
      // what a hit writes, made once
      expect(kept?.bytes?.toString()).toBe('{"w":1}');
      now += NEAR_WINDOW_MS - 1;
      expect(near.peekEntry('w')?.body).toBe('{"w":1}');
      // the window is over: still answered while one read of Redis renews it
      now += 1;
      expect(near.peekEntry('w')?.body).toBe('{"w":1}');
      now += NEAR_WINDOW_MS - 1;
      // renewed: answered for a window from the renewal
      await expect.poll(() => near.peekEntry('w')?.body).toBe('{"w":1}');
      expect(near.size.entries).toBe(1);
    } finally {
      await close();
    }
  });

  it('never keeps a copy past the entry’s own expiry, nor an expired entry', async () => {
    let now = Date.now();
    const { near, other, close } = await twoInstances(() => now);
    try {
      await other.set('short', { body: 's', expires: now + 1_000 });
      await readUntilKept(near, 'short').toBe('s');
      now += 999;
      expect(near.peekEntry('short')?.body).toBe('s');
      now += 1;
      expect(near.peekEntry('short')).toBeUndefined();
      await other.set('stale', { body: 'old', expires: now - 1 });
      // still read (stale serving reads it), never kept near
      expect((await near.get('stale'))?.body).toBe('old');
      expect(near.peekEntry('stale')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('drops its copy when another instance writes or deletes the entry', async () => {
    const { near, other, close } = await twoInstances();
    try {
      await other.set('k', { body: 'first', expires: Date.now() + 60_000 });
      await readUntilKept(near, 'k').toBe('first');
      await other.set('k', { body: 'second', expires: Date.now() + 60_000 });
      // a message through Redis: well within the window
      await expect.poll(() => near.peekEntry('k'), { timeout: NEAR_WINDOW_MS / 2 }).toBeUndefined();
      expect((await near.get('k'))?.body).toBe('second');
      await other.delete('k');
      await expect.poll(() => near.peekEntry('k'), { timeout: NEAR_WINDOW_MS / 2 }).toBeUndefined();
      expect(await near.get('k')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('keeps what it writes itself: its own change, heard back, drops nothing', async () => {
    const { near, other, close } = await twoInstances();
    try {
      await near.set('mine', { body: 'mine', expires: Date.now() + 60_000 });
      expect((await other.get('mine'))?.body).toBe('mine');
      // a later change of another key, heard: the channel keeps its order, so 'mine''s own
      // change has been heard (and ignored) before it
      await other.set('later', { body: '1', expires: Date.now() + 60_000 });
      await readUntilKept(near, 'later').toBe('1');
      await other.set('later', { body: '2', expires: Date.now() + 60_000 });
      await expect
        .poll(() => near.peekEntry('later'), { timeout: NEAR_WINDOW_MS / 2 })
        .toBeUndefined();
      expect(near.peekEntry('mine')?.body).toBe('mine');
      await near.delete('mine');
      expect(near.peekEntry('mine')).toBeUndefined();
      expect(await other.get('mine')).toBeUndefined();
    } finally {
      await close();
    }
  });
});

/** A shared store whose reads wait until `release`, and whose listener the test drives. */
function heldStore() {
  let listener: ChangeListener | undefined;
  const entries = new Map<string, CacheEntry>();
  const held: (() => void)[] = [];
  const counts = { reads: 0 };
  const store: SharedStore = {
    async get(key) {
      counts.reads++;
      await new Promise<void>((r) => held.push(r));
      return entries.get(key);
    },
    async set(key, entry) {
      entries.set(key, entry);
    },
    async delete(key) {
      entries.delete(key);
    },
    claim: async () => true,
    announce: async () => {},
    waitFor: () => ({ outcome: Promise.resolve(undefined), cancel() {} }),
    onChange(l) {
      listener = l;
      return () => (listener = undefined);
    },
  };
  return {
    store,
    entries,
    counts,
    hear: () => listener!,
    release: () => held.splice(0).forEach((r) => r()),
  };
}

describe('NearCacheStore and the changes it hears', () => {
  const entry = { body: 'v', expires: Date.now() + 60_000 };

  it('keeps nothing from a read that a change overtook', async () => {
    const s = heldStore();
    const near = new NearCacheStore(s.store, LIMITS);
    s.entries.set('k', entry);
    const reading = near.get('k');
    s.hear().changed('k');
    s.release();
    // the read answers what it read, but the copy may be older than the change
    expect((await reading)?.body).toBe('v');
    expect(near.peekEntry('k')).toBeUndefined();
    const again = near.get('k');
    s.release();
    await again;
    expect(near.peekEntry('k')?.body).toBe('v');
  });

  it('renews a copy past its window with one read, answering the copy until it returns', async () => {
    const s = heldStore();
    let now = 1_000_000;
    const near = new NearCacheStore(s.store, { ...LIMITS, now: () => now });
    const entry = { body: 'v1', expires: now + 60_000 };
    await near.set('k', entry);
    now += NEAR_WINDOW_MS;
    s.entries.set('k', { body: 'v2', expires: now + 60_000 });
    // a hot key: many answers while the one read is under way, all from the copy
    for (let i = 0; i < 50; i++) expect(near.peekEntry('k')?.body).toBe('v1');
    const gets = await Promise.all([near.get('k'), near.get('k')]);
    expect(gets.map((e) => e?.body)).toEqual(['v1', 'v1']);
    expect(s.counts.reads).toBe(1);
    s.release();
    await expect.poll(() => near.peekEntry('k')?.body).toBe('v2');
    // and the renewed copy has a window of its own
    now += NEAR_WINDOW_MS - 1;
    expect(near.peekEntry('k')?.body).toBe('v2');
    expect(s.counts.reads).toBe(1);
  });

  it('answers a copy whose renewal does not come back for one more window only', async () => {
    const s = heldStore();
    let now = 1_000_000;
    const near = new NearCacheStore(s.store, { ...LIMITS, now: () => now });
    await near.set('k', { body: 'v', expires: now + 60_000 });
    now += NEAR_WINDOW_MS;
    expect(near.peekEntry('k')?.body).toBe('v');
    now += NEAR_WINDOW_MS - 1;
    expect(near.peekEntry('k')?.body).toBe('v');
    now += 1;
    expect(near.peekEntry('k')).toBeUndefined();
  });

  it('makes one read of the shared store for concurrent reads of a key', async () => {
    const s = heldStore();
    const near = new NearCacheStore(s.store, LIMITS);
    s.entries.set('k', entry);
    const reads = Array.from({ length: 20 }, () => near.get('k'));
    s.release();
    expect((await Promise.all(reads)).every((e) => e?.body === 'v')).toBe(true);
    expect(s.counts.reads).toBe(1);
  });

  it('keeps nothing while it cannot hear changes, and forgets all when it hears again', async () => {
    const s = heldStore();
    const near = new NearCacheStore(s.store, LIMITS);
    await near.set('a', entry);
    expect(near.peekEntry('a')).toBeDefined();
    s.hear().listening(false);
    expect(near.peekEntry('a')).toBeUndefined();
    await near.set('b', entry);
    expect(near.peekEntry('b')).toBeUndefined();
    s.hear().listening(true);
    await near.set('c', entry);
    expect(near.peekEntry('c')?.body).toBe('v');
  });

  it('keeps nothing when the cache is turned off (CACHE_MAX_ENTRIES=0)', async () => {
    const s = heldStore();
    const near = new NearCacheStore(s.store, { maxEntries: 0, maxBytes: 1024 });
    await near.set('a', entry);
    expect(near.peekEntry('a')).toBeUndefined();
    expect(s.entries.get('a')?.body).toBe('v');
  });
});
