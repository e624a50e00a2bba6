/**
 * Ugoira frames to an H.264 MP4 with ffmpeg (Debian's, or FFMPEG_PATH): the frames are
 * written as a numbered image sequence under names of our own (never the zip's), and a `setpts`
 * expression gives frame N the sum of the delays before it, in milliseconds, so the variable
 * frame rate video lasts exactly the sum of the delays. (The concat demuxer's durations would be
 * rounded to its 1/25 s time base.) The last frame is written twice, the copy marking the end
 * (placed 1 ms before it, as its own sample lasts 1 ms). No B-frames, so samples keep
 * presentation order. Encodes run at most `max` at a time (CPU is
 * the scarce part); finished MP4s sit in a byte-bounded LRU.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { ffmpegPath, ffmpegStartError, killOnExit, makeTempDir, removeTempDir } from '@pv/sandbox';

/** An encode that takes longer than this is killed. */
export const UGOIRA_ENCODE_TIMEOUT_MS = 120_000;
/** Delays are kept within these bounds (ms); pixiv's are 10 ms and up. */
export const UGOIRA_MIN_DELAY_MS = 10;
export const UGOIRA_MAX_DELAY_MS = 60_000;

export interface UgoiraFrameData {
  /** The frame's image bytes (JPEG, PNG or GIF). */
  bytes: Uint8Array;
  ext: 'jpg' | 'png' | 'gif';
  delay: number;
}

/** Thrown when a job would wait behind too many others. */
export class LimiterFull extends Error {}

/** Runs at most `max` jobs at once; up to `maxWaiting` others wait their turn in order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly max: number,
    readonly maxWaiting = Infinity,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.maxWaiting) throw new LimiterFull('too many jobs waiting');
      await new Promise<void>((go) => this.waiting.push(go));
    }
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** A least-recently-used map bounded by the bytes of its values (a value above it is not kept). */
export function byteLru(maxBytes: number): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
}

function run(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    killOnExit(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(ffmpegStartError(error));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(`ffmpeg ${signal ? `killed (${signal})` : `exited ${code}`}: ${stderr.trim()}`),
        );
    });
  });
}

/** The setpts expression (in ms): frame N starts after the delays of the frames before it. */
export function framePtsExpression(delays: readonly number[]): string {
  return delays.map((delay, k) => `${delay}*gt(N,${k})`).join('+');
}

const clampDelay = (delay: number) =>
  Math.min(UGOIRA_MAX_DELAY_MS, Math.max(UGOIRA_MIN_DELAY_MS, Math.round(delay)));

/** The MP4 of the frames, each shown for its delay. */
export async function encodeUgoiraMp4(
  frames: readonly UgoiraFrameData[],
  timeoutMs = UGOIRA_ENCODE_TIMEOUT_MS,
): Promise<Buffer> {
  if (frames.length === 0) throw new Error('an ugoira without frames');
  const ext = frames[0]!.ext;
  // An image sequence is decoded by one codec, guessed from the extension.
  if (frames.some((f) => f.ext !== ext)) throw new Error('frames of mixed formats');
  const dir = await makeTempDir('ugoira');
  try {
    const name = (k: number) => join(dir, `f${String(k).padStart(6, '0')}.${ext}`);
    for (const [k, frame] of frames.entries()) await writeFile(name(k), frame.bytes);
    await writeFile(name(frames.length), frames.at(-1)!.bytes);
    // The end marker starts 1 ms before the end: the muxer gives the last sample one tick
    // (1/1000 s), so the video lasts exactly the sum of the delays.
    const delays = frames.map((f) => clampDelay(f.delay));
    const pts = `${framePtsExpression(delays)}-gte(N,${frames.length})`;
    // A script file: the expression grows with the frame count, past what a command line takes.
    await writeFile(
      join(dir, 'filter.txt'),
      `settb=1/1000,setpts='${pts}',scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p`,
    );
    const out = join(dir, 'ugoira.mp4');
    await run(
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-framerate',
        '1',
        '-i',
        join(dir, `f%06d.${ext}`),
        '-filter_script:v',
        join(dir, 'filter.txt'),
        '-vsync',
        'vfr',
        '-r',
        '1000',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
        '-bf',
        '0',
        '-movflags',
        '+faststart',
        '-an',
        out,
      ],
      timeoutMs,
    );
    return await readFile(out);
  } finally {
    await removeTempDir(dir);
  }
}
