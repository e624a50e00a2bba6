import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  BatchedLogDestination,
  LOG_BATCH_BYTES,
  LOG_FLUSH_MS,
  type LogSink,
} from './log-destination.ts';

let writes: string[];
let buffers: Buffer[];
let syncFlushes: number;
let destination: BatchedLogDestination | undefined;
const sink: LogSink = {
  write: (data) => (buffers.push(data), writes.push(data.toString('utf8')), true),
  flushSync: () => void syncFlushes++,
};

beforeEach(() => {
  writes = [];
  buffers = [];
  syncFlushes = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  destination?.close();
  destination = undefined;
  vi.useRealTimers();
});

const line = (n: number) => `{"msg":"line ${n}","pad":"${'x'.repeat(90)}"}\n`;

it('hands the sink one write per batch of up to 64 KB of lines, in order', () => {
  expect(LOG_BATCH_BYTES).toBe(64 * 1024);
  destination = new BatchedLogDestination(sink);
  // about three batches and a half of lines
  const lines = Array.from({ length: 2200 }, (_, n) => line(n));
  let i = 0;
  while (writes.length === 0) destination.write(lines[i++]!);
  // the write came with the first line that might not have fitted, which waits for the next one
  const longest = Math.max(...lines.map((l) => l.length));
  expect(writes).toEqual([lines.slice(0, i - 1).join('')]);
  expect(buffers[0]!.length).toBeGreaterThan(LOG_BATCH_BYTES - 3 * longest);
  for (; i < lines.length; i++) destination.write(lines[i]!);
  destination.flush();
  expect(writes.join('')).toBe(lines.join(''));
  for (const written of buffers) expect(written.length).toBeLessThanOrEqual(LOG_BATCH_BYTES);
  expect(writes.length).toBe(4);
});

it('writes UTF-8, never splitting a character between batches', () => {
  destination = new BatchedLogDestination(sink, 256);
  const lines = Array.from(
    { length: 60 },
    (_, n) => `{"msg":"request completed","url":"/search/朝の帰り道に${n}","emoji":"😀"}\n`,
  );
  for (const l of lines) destination.write(l);
  destination.flush();
  expect(writes.length).toBeGreaterThan(10);
  // each batch decodes on its own: no character was cut at its end
  for (const written of buffers) expect(new TextDecoder('utf-8', { fatal: true }).decode(written));
  expect(Buffer.concat(buffers).toString('utf8')).toBe(lines.join(''));
});

it('writes a line longer than a batch on its own, in order, and never reuses a written buffer', () => {
  destination = new BatchedLogDestination(sink, 1024);
  const long = `{"msg":"${'y'.repeat(3000)}"}\n`;
  destination.write(line(1));
  destination.write(long);
  destination.write(line(2));
  destination.flush();
  expect(writes).toEqual([line(1), long, line(2)]);
  // the sink may still be writing a buffer it was given: later lines go into other memory
  const given = buffers.map((b) => Buffer.from(b));
  for (let n = 3; n < 40; n++) destination.write(line(n));
  destination.flush();
  expect(buffers.length).toBeGreaterThan(given.length);
  given.forEach((copy, n) => expect(buffers[n]!.equals(copy)).toBe(true));
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

it('standard output gets every line, in order, through SonicBoom, the last ones at exit', () => {
  vi.useRealTimers();
  const here = dirname(fileURLToPath(import.meta.url));
  // a process that logs through the server's default destination and exits at once
  const script = `
    import { pino } from 'pino';
    import { stdoutLogDestination } from ${JSON.stringify(join(here, 'log-destination.ts'))};
    const log = pino({ base: null, timestamp: false }, stdoutLogDestination());
    for (let n = 0; n < 3000; n++) log.info({ n, url: '/search/朝の帰り道に' }, 'line');
    log.info('${'z'.repeat(70_000)}');
    log.info('last');
  `;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const lines = out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { n?: number; msg: string });
  expect(lines.length).toBe(3002);
  lines
    .slice(0, 3000)
    .forEach((l, n) =>
      expect(l).toEqual({ level: 30, n, url: '/search/朝の帰り道に', msg: 'line' }),
    );
  expect(lines[3000]!.msg).toBe('z'.repeat(70_000));
  expect(lines[3001]!.msg).toBe('last');
});
