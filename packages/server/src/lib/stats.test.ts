import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { GC_PAUSE_BUCKETS_MS, megabytes, watchGcPauses, type GcPauseStats } from './stats.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PARTS = ['assets', 'fast_hit_urls', 'images', 'page_shells', 'responses', 'served_pages'];

it('gives memory in megabytes to one decimal', () => {
  expect(megabytes(0)).toBe(0);
  expect(megabytes(1024 * 1024)).toBe(1);
  expect(megabytes(1.25 * 1024 * 1024)).toBe(1.3);
  expect(megabytes(147.46 * 1024 * 1024)).toBe(147.5);
});

it('is off unless STATS_ENDPOINT is on', async () => {
  t = await startTestServer();
  expect((await t.app.inject({ url: '/api/stats' })).statusCode).toBe(404);
});

it('answers the process memory and each cache’s size to this machine only', async () => {
  t = await startTestServer({ statsEndpoint: true, trustProxy: true });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const read = async () =>
    (await (await fetch(`${base}/api/stats?gc=1`)).json()) as {
      collected: boolean;
      memory_mb: Record<string, number>;
      parts: Record<string, { entries: number; bytes: number }>;
    };
  const before = await read();
  expect(Object.keys(before.parts).sort()).toEqual(PARTS);
  expect(before.memory_mb.rss).toBeGreaterThan(10);
  // vitest runs without --expose-gc
  expect(before.collected).toBe(false);
  expect(before.parts.responses).toEqual({ entries: 0, bytes: 0 });
  expect(before.parts.assets!.entries).toBe(1);
  await fetch(`${base}/api/pixiv/rank?mode=day&date=2026-11-19`);
  await fetch(`${base}/`);
  const after = await read();
  expect(after.parts.responses!.entries).toBe(1);
  expect(after.parts.responses!.bytes).toBeGreaterThan(100_000);
  // another machine, even one that says it forwards for this one
  for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
    const res = await t.app.inject({ url: '/api/stats', remoteAddress: '10.0.0.9', headers });
    expect(res.statusCode).toBe(403);
  }
});

it('counts the garbage collector’s pauses, minor and major, in buckets of their length', async () => {
  // a full collection on demand (vitest runs without --expose-gc)
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const pauses = watchGcPauses();
  try {
    // scavenges: young objects, many of them, dropped at once
    const keep: unknown[] = [];
    for (let round = 0; pauses.stats.minor.count === 0 && round < 200; round++) {
      for (let i = 0; i < 100_000; i++) keep.push({ i, s: `x${i}` });
      keep.length = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(pauses.stats.minor.count).toBeGreaterThan(0);
    const { minor } = pauses.stats;
    expect(minor.total_ms).toBeGreaterThan(0);
    expect(minor.max_ms).toBeGreaterThan(0);
    expect(minor.max_ms).toBeLessThanOrEqual(minor.total_ms);
    expect(minor.buckets).toHaveLength(GC_PAUSE_BUCKETS_MS.length + 1);
    expect(minor.buckets.reduce((a, b) => a + b, 0)).toBe(minor.count);
    // the longest pause is in the bucket its length names
    const bucket = GC_PAUSE_BUCKETS_MS.findIndex((bound) => minor.max_ms <= bound);
    expect(minor.buckets[bucket === -1 ? GC_PAUSE_BUCKETS_MS.length : bucket]).toBeGreaterThan(0);
    const before = pauses.stats.major.count;
    gc();
    // node hands the observer its entries a little later
    await vi.waitFor(() => expect(pauses.stats.major.count).toBeGreaterThan(before));
    expect(pauses.stats.major.buckets.reduce((a, b) => a + b, 0)).toBe(pauses.stats.major.count);
  } finally {
    pauses.stop();
  }
});

it('answers the pauses with the memory', async () => {
  t = await startTestServer({ statsEndpoint: true });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const stats = (await (await fetch(`${base}/api/stats`)).json()) as { gc_pauses: GcPauseStats };
  for (const kind of ['minor', 'major'] as const) {
    expect(Object.keys(stats.gc_pauses[kind]).sort()).toEqual([
      'buckets',
      'count',
      'max_ms',
      'total_ms',
    ]);
    expect(stats.gc_pauses[kind].buckets).toHaveLength(GC_PAUSE_BUCKETS_MS.length + 1);
  }
});
