import type * as FsPromises from 'node:fs/promises';
import { afterAll, expect, it, vi } from 'vitest';

// Every segment read starts only after a while: the encode must keep its folder until then.
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const readFile = async (...args: Parameters<typeof fs.readFile>) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return fs.readFile(...args);
  };
  return { ...fs, default: { ...fs, readFile }, readFile };
});

const { loopSegments } = await import('./hls.ts');

afterAll(() => vi.restoreAllMocks());

it('reads the loop’s segments before its folder is removed, however long the reads take', async () => {
  const segments = await loopSegments(2);
  expect(segments).toHaveLength(4);
  for (const segment of segments) expect(segment.length).toBeGreaterThan(1000);
}, 60_000);
