import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  BatchedLogDestination,
  LOG_BATCH_CHARS,
  LOG_FLUSH_MS,
  type LogSink,
} from './log-destination.ts';

let writes: string[];
let syncFlushes: number;
let destination: BatchedLogDestination | undefined;
const sink: LogSink = {
  write: (data) => (writes.push(data), true),
  flushSync: () => void syncFlushes++,
};

beforeEach(() => {
  writes = [];
  syncFlushes = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  destination?.close();
  destination = undefined;
  vi.useRealTimers();
});

const line = (n: number) => `{"msg":"line ${n}","pad":"${'x'.repeat(90)}"}\n`;

it('hands the sink one write per batch of 64 KB of lines, in order', () => {
  expect(LOG_BATCH_CHARS).toBe(64 * 1024);
  destination = new BatchedLogDestination(sink);
  // about three batches and a half of lines
  const lines = Array.from({ length: 2200 }, (_, n) => line(n));
  let i = 0;
  while (writes.length === 0) destination.write(lines[i++]!);
  // the write came with the line that reached the batch size, not before
  expect(lines.slice(0, i - 1).join('').length).toBeLessThan(LOG_BATCH_CHARS);
  expect(writes).toEqual([lines.slice(0, i).join('')]);
  for (; i < lines.length; i++) destination.write(lines[i]!);
  destination.flush();
  expect(writes.join('')).toBe(lines.join(''));
  expect(writes.length).toBe(Math.ceil(lines.join('').length / LOG_BATCH_CHARS));
});

it('writes a lone line within a second, and everything when flushed synchronously (at exit)', () => {
  destination = new BatchedLogDestination(sink);
  destination.write(line(1));
  vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
  expect(writes).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(writes).toEqual([line(1)]);
  destination.write(line(2));
  destination.flushSync();
  expect(writes).toEqual([line(1), line(2)]);
  expect(syncFlushes).toBe(1);
});
