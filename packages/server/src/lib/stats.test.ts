import { afterEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-helpers.ts';
import { megabytes } from './stats.ts';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PARTS = ['assets', 'fast_hit_urls', 'images', 'page_shells', 'responses'];

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
