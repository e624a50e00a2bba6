/**
 * Playable HLS for the sandbox's live streams: a short H.264/AAC loop per look (four looks, so
 * performers differ), encoded once with ffmpeg (Debian's, or FFMPEG_PATH: ffmpeg.ts)
 * into 2-second MPEG-TS segments, then served as a live sliding-window playlist. Segment n is
 * loop segment n % 4 remuxed (no re-encode) to start at n * 2 s, so the timeline runs on without
 * discontinuities, as a real live stream's does.
 */
import { execFile, spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath, ffmpegStartError } from './ffmpeg.ts';
import { killOnExit, makeTempDir, removeTempDir } from './temp-dirs.ts';

const execFileAsync = promisify(execFile);

async function run(args: string[]): Promise<void> {
  try {
    const encoding = execFileAsync(ffmpegPath(), args);
    killOnExit(encoding.child);
    await encoding;
  } catch (error) {
    throw ffmpegStartError(error as Error);
  }
}

export const SEGMENT_SECONDS = 2;
export const LOOP_SEGMENTS = 4;
/** Segments a live playlist lists at once. */
export const WINDOW_SEGMENTS = 4;
export const LOOKS = 4;

const loops = new Map<number, Promise<Buffer[]>>();

/**
 * Encodes a look's loop into a folder of its own and reads its segments (`read`: how, which a
 * test slows down), then removes the folder.
 */
export async function encodeLoop(
  look: number,
  read: (path: string) => Promise<Buffer> = (path) => readFile(path),
): Promise<Buffer[]> {
  const dir = await makeTempDir('hls');
  try {
    const seconds = SEGMENT_SECONDS * LOOP_SEGMENTS;
    await run([
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=24,hue=h=${look * 90}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${330 + look * 110}:sample_rate=44100`,
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(24 * SEGMENT_SECONDS),
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(dir, 'seg%d.ts'),
      join(dir, 'index.m3u8'),
    ]);
    const files = (await readdir(dir))
      .filter((f) => f.endsWith('.ts'))
      .sort((a, b) => Number(a.slice(3, -3)) - Number(b.slice(3, -3)));
    // awaited here: a promise only returned leaves the `try` at once, and the folder went while
    // its segments were still being read (ENOENT, a failed encode, now and then in CI)
    return await Promise.all(files.slice(0, LOOP_SEGMENTS).map((f) => read(join(dir, f))));
  } finally {
    await removeTempDir(dir);
  }
}

/** The loop's segments for a look (0..3), encoded on first use. */
export function loopSegments(look: number): Promise<Buffer[]> {
  const key = ((look % LOOKS) + LOOKS) % LOOKS;
  let loop = loops.get(key);
  if (!loop) {
    loop = encodeLoop(key);
    loop.catch(() => loops.delete(key));
    loops.set(key, loop);
  }
  return loop;
}

const remuxed = new Map<string, Promise<Buffer>>();
const REMUX_CACHE = 64;

function remux(source: Buffer, offsetSeconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-c',
      'copy',
      '-output_ts_offset',
      String(offsetSeconds),
      '-f',
      'mpegts',
      'pipe:1',
    ]);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (error) => reject(ffmpegStartError(error)));
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`ffmpeg remux exited ${code}`)),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(source);
  });
}

/** Live segment n of a look: the loop's segment n % 4, starting at n * 2 s. */
export async function liveSegment(look: number, n: number): Promise<Buffer> {
  const key = `${look}:${n}`;
  let job = remuxed.get(key);
  if (!job) {
    job = loopSegments(look).then((loop) => remux(loop[n % loop.length]!, n * SEGMENT_SECONDS));
    job.catch(() => remuxed.delete(key));
    remuxed.set(key, job);
    if (remuxed.size > REMUX_CACHE) remuxed.delete(remuxed.keys().next().value as string);
  }
  return job;
}

/**
 * Encodes every look one after the other in the background, so that the first viewer does not
 * wait for ffmpeg. Failures are left for the first request to report.
 */
export function warmLiveStreams(): void {
  let chain = Promise.resolve();
  for (let look = 0; look < LOOKS; look++) {
    chain = chain.then(() =>
      loopSegments(look).then(
        () => undefined,
        () => undefined,
      ),
    );
  }
}

/**
 * The playlist `elapsedMs` into a stream: a live window of the latest segments (no end), or for a
 * finished stream the whole loop once with an end.
 */
export function playlist(elapsedMs: number, finished: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`];
  if (finished) {
    lines.push('#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD');
    for (let n = 0; n < LOOP_SEGMENTS; n++)
      lines.push(`#EXTINF:${SEGMENT_SECONDS}.000,`, `seg${n}.ts`);
    lines.push('#EXT-X-ENDLIST');
    return `${lines.join('\n')}\n`;
  }
  const latest = Math.max(WINDOW_SEGMENTS - 1, Math.floor(elapsedMs / (SEGMENT_SECONDS * 1000)));
  const first = latest - WINDOW_SEGMENTS + 1;
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${first}`);
  for (let n = first; n <= latest; n++) lines.push(`#EXTINF:${SEGMENT_SECONDS}.000,`, `seg${n}.ts`);
  return `${lines.join('\n')}\n`;
}
