/**
 * The ugoira bench's page (bench/ugoira.ts serves it on its own loopback port): decodes the long
 * ugoira's frames with the app's own decoder, then encodes them in this one page, one after the
 * other, in three alternating rounds (medians compared): the app's GIF (its worker pool,
 * lib/ugoira-export) and gif.js 0.2 on the very same kept frames (the previous generation's
 * settings: quality 10, 10 workers, frames copied from a 2D context); then the app's WebM and MP4
 * (Browser), three rounds each. Both GIFs are decoded with omggif and compared
 * with the source frames: the mean colour error is the mean over every pixel of every frame of
 * (|ΔR| + |ΔG| + |ΔB|) / 3, on the 0–255 scale.
 */
import GIF from 'gif.js';
import { GifReader } from 'omggif';
import { decodeFrames, type UgoiraFrame } from '../../packages/web/src/lib/ugoira.ts';
import {
  MAX_WORKERS,
  encodeGif,
  encodeVideo,
  gifFrames,
} from '../../packages/web/src/lib/ugoira-export/index.ts';
import type { UgoiraPageResult } from '../ugoira-result.ts';

const GIFJS_OPTIONS = { quality: 10, workers: MAX_WORKERS };

function rgbaOf(bitmap: ImageBitmap): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
}

/** gif.js as the previous generation of viewers drives it: each frame drawn, copied, encoded. */
function gifjs(frames: readonly UgoiraFrame[], width: number, height: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const gif = new GIF({ ...GIFJS_OPTIONS, width, height, workerScript: '/gif.worker.js' });
    for (const frame of frames) {
      context.clearRect(0, 0, width, height);
      context.drawImage(frame.bitmap, 0, 0);
      gif.addFrame(context, { copy: true, delay: frame.delay });
    }
    gif.on('finished', resolve);
    gif.on('abort', () => reject(new Error('gif.js aborted')));
    gif.render();
  });
}

/** Mean colour error of a GIF against the source frames (RGBA), as described above. */
async function meanError(gif: Blob, sources: readonly Uint8ClampedArray[]): Promise<number> {
  const reader = new GifReader(new Uint8Array(await gif.arrayBuffer()));
  if (reader.numFrames() !== sources.length)
    throw new Error(`the GIF has ${reader.numFrames()} frames, expected ${sources.length}`);
  const out = new Uint8Array(reader.width * reader.height * 4);
  let sum = 0;
  let pixels = 0;
  for (const [i, source] of sources.entries()) {
    reader.decodeAndBlitFrameRGBA(i, out);
    for (let p = 0; p < source.length; p += 4) {
      sum +=
        Math.abs(out[p]! - source[p]!) +
        Math.abs(out[p + 1]! - source[p + 1]!) +
        Math.abs(out[p + 2]! - source[p + 2]!);
    }
    pixels += source.length / 4;
  }
  return sum / 3 / pixels;
}

/** Each GIF encoder runs this many times, alternately; the medians are compared. */
const GIF_ROUNDS = 3;
const VIDEO_ROUNDS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, Math.round(performance.now() - start)];
}

type Timed<T> = [result: T | null, ms: number[]];

/**
 * Two contenders, one after the other each round, for `rounds` rounds, so that a slow moment of
 * the machine falls on both alike: for each, its last result and every round's time in ms.
 */
async function alternate<T>(
  rounds: number,
  [first, second]: readonly [() => Promise<T>, () => Promise<T>],
): Promise<[Timed<T>, Timed<T>]> {
  const a: Timed<T> = [null, []];
  const b: Timed<T> = [null, []];
  for (let round = 0; round < rounds; round++) {
    for (const [run, into] of [
      [first, a],
      [second, b],
    ] as const) {
      const [value, ms] = await timed(run);
      into[0] = value;
      into[1].push(ms);
    }
  }
  return [a, b];
}

async function runUgoiraBench(): Promise<UgoiraPageResult> {
  const zip = new Uint8Array(await (await fetch('/frames.zip')).arrayBuffer());
  const meta = (await (await fetch('/meta.json')).json()) as {
    frames: { file: string; delay: number }[];
  };
  const frames = await decodeFrames(zip, { zip: '/frames.zip', frames: meta.frames });
  const { width, height } = frames[0]!.bitmap;
  const kept = gifFrames(frames);
  const sources = kept.map((frame) => rgbaOf(frame.bitmap));
  const options = { signal: new AbortController().signal, onProgress: () => {} };

  const gif = await alternate(GIF_ROUNDS, [
    () => encodeGif(frames, options),
    () => gifjs(kept, width, height),
  ]);
  const video = await alternate(VIDEO_ROUNDS, [
    () => encodeVideo('webm', frames, options),
    () => encodeVideo('mp4', frames, options),
  ]);
  const [[ours, oursRounds], [theirs, gifjsRounds]] = gif;
  const [[webm, webmRounds], [mp4, mp4Rounds]] = video;
  if (!ours || !theirs || !webm || !mp4) throw new Error('no rounds ran');
  return {
    rounds: {
      ours_gif_ms: oursRounds,
      gifjs_ms: gifjsRounds,
      webm_ms: webmRounds,
      mp4_ms: mp4Rounds,
    },
    frames: frames.length,
    gif_frames: kept.length,
    width,
    height,
    hardware_concurrency: navigator.hardwareConcurrency,
    ours_gif_ms: median(oursRounds),
    gifjs_ms: median(gifjsRounds),
    ours_gif_bytes: ours.size,
    gifjs_bytes: theirs.size,
    gif_mean_error: await meanError(ours, sources),
    gifjs_mean_error: await meanError(theirs, sources),
    webm_ms: median(webmRounds),
    mp4_ms: median(mp4Rounds),
    webm_bytes: webm.size,
    mp4_bytes: mp4.size,
    gifjs_options: GIFJS_OPTIONS,
  };
}

(window as unknown as { runUgoiraBench: typeof runUgoiraBench }).runUgoiraBench = runUgoiraBench;
