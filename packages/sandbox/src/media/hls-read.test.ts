import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { encodeLoop } from './hls.ts';

it('reads the loop’s segments before its folder is removed, however late the reads start', async () => {
  // every read starts only after a while: the encode must keep its folder until they are done
  const late = async (path: string) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return readFile(path);
  };
  const segments = await encodeLoop(2, late);
  expect(segments).toHaveLength(4);
  for (const segment of segments) expect(segment.length).toBeGreaterThan(1000);
}, 60_000);
