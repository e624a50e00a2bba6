/**
 * Ugoira export (spec 001 §2.9 download sheet, §7.4): the loaded work as ZIP (pixiv's zip plus
 * an `animation.json` of the delays), GIF and APNG (frames encoded in a pool of Web Workers),
 * WebM and MP4 (Browser) through WebCodecs and mediabunny's muxers, and MP4 (Server) from the
 * server's `/api/ugoira/{id}.mp4`. Every format reports its progress (0–1) and stops on the
 * signal; where WebCodecs cannot encode, `NoWebCodecs` tells the caller to use the server.
 */
import { unzipSync, zipSync, type Zippable } from 'fflate';
import {
  BufferTarget,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
  canEncodeVideo,
  type VideoCodec,
} from 'mediabunny';
import { fetchZip, type LoadedUgoira, type UgoiraFrame } from '../ugoira.ts';
import { assembleApng } from './apng.ts';
import type { FrameJob, FrameResult } from './export.worker.ts';
import type { UgoiraFormat } from './formats.ts';

export { FORMAT_EXT, UGOIRA_FORMATS, type UgoiraFormat } from './formats.ts';

/** From this many frames on, a GIF keeps every second frame with its delay doubled (§7.4). */
export const GIF_HALVING_FRAMES = 100;
/** At most this many encoding workers (spec 001 §7.4: 10 workers). */
export const MAX_WORKERS = 10;
/** Frames given to a worker ahead of its results (measured: 2 keeps the workers busy). */
const QUEUE_DEPTH = 2;
/** The server's encode may take up to 120 s; its answer is waited for a little longer. */
export const SERVER_MP4_TIMEOUT_MS = 130_000;

export interface ExportOptions {
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

/** Thrown when this browser's WebCodecs cannot encode the format: the server makes the MP4. */
export class NoWebCodecs extends Error {}

/** The frames a GIF holds: with 100 or more, every second one with its delay doubled. */
export function gifFrames<T extends { delay: number }>(frames: readonly T[]): T[] {
  if (frames.length < GIF_HALVING_FRAMES) return [...frames];
  return frames.filter((_, i) => i % 2 === 0).map((f) => ({ ...f, delay: f.delay * 2 }));
}

/** `animation.json`: the frames' files and delays, in the shape of pixiv's ugoira metadata. */
export function animationJson(frames: readonly { file: string; delay: number }[]): string {
  return JSON.stringify({ frames: frames.map(({ file, delay }) => ({ file, delay })) }, null, 2);
}

/** Pixiv's zip with `animation.json` added (stored: the frames are JPEGs already). */
export function ugoiraZip(loaded: Pick<LoadedUgoira, 'zip' | 'meta'>): Blob {
  const files: Zippable = unzipSync(loaded.zip);
  files['animation.json'] = new TextEncoder().encode(animationJson(loaded.meta.frames));
  return new Blob([zipSync(files, { level: 0 }) as BlobPart], { type: 'application/zip' });
}

function aborted(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/**
 * Encodes frames in a pool of module workers, at most `MAX_WORKERS` and the machine's cores;
 * results come back in frame order. The pool ends with the job (done, failed or cancelled).
 */
async function encodeInWorkers(
  kind: FrameJob['kind'],
  frames: readonly UgoiraFrame[],
  { signal, onProgress }: ExportOptions,
): Promise<Uint8Array[]> {
  const size = Math.max(
    1,
    Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 4, frames.length),
  );
  const workers = Array.from(
    { length: size },
    () => new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' }),
  );
  const results: Uint8Array[] = new Array<Uint8Array>(frames.length);
  let next = 0;
  let done = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = () => reject(aborted(signal));
      if (signal.aborted) return stop();
      signal.addEventListener('abort', stop, { once: true });
      const feed = async (worker: Worker) => {
        if (next >= frames.length) return;
        const id = next++;
        const frame = frames[id]!;
        // A copy goes to the worker: the kept frames stay usable for the next export.
        const bitmap = await createImageBitmap(frame.bitmap);
        const job: FrameJob = { id, kind, bitmap, delay: frame.delay, first: id === 0 };
        worker.postMessage(job, [bitmap]);
      };
      for (const worker of workers) {
        worker.onmessage = (event: MessageEvent<FrameResult>) => {
          const result = event.data;
          if ('error' in result) return reject(new Error(result.error));
          results[result.id] = result.bytes;
          done++;
          onProgress(done / frames.length);
          if (done === frames.length) {
            signal.removeEventListener('abort', stop);
            resolve();
          } else {
            feed(worker).catch(reject);
          }
        };
        worker.onerror = (event) => reject(new Error(event.message || 'worker failed'));
        // Two frames in hand: the next one is already there when a worker posts its result.
        for (let queued = 0; queued < QUEUE_DEPTH; queued++) feed(worker).catch(reject);
      }
    });
  } finally {
    for (const worker of workers) worker.terminate();
  }
  return results;
}

/** An animated GIF that loops forever, every frame with its own 256-colour palette. */
export async function encodeGif(frames: readonly UgoiraFrame[], options: ExportOptions) {
  const parts = await encodeInWorkers('gif', gifFrames(frames), options);
  return new Blob([...parts, Uint8Array.of(0x3b)] as BlobPart[], { type: 'image/gif' });
}

/** An APNG that loops forever, with each frame's delay. */
export async function encodeApng(frames: readonly UgoiraFrame[], options: ExportOptions) {
  const data = await encodeInWorkers('png', frames, options);
  const { width, height } = frames[0]!.bitmap;
  return assembleApng(
    width,
    height,
    data.map((bytes, i) => ({ data: bytes, delay: frames[i]!.delay })),
  );
}

/** The first codec of `codecs` this browser's WebCodecs encodes at this size, if any. */
async function encodableCodec(codecs: VideoCodec[], width: number, height: number) {
  if (typeof VideoEncoder === 'undefined') return null;
  for (const codec of codecs) {
    if (await canEncodeVideo(codec, { width, height, bitrate: QUALITY_HIGH })) return codec;
  }
  return null;
}

/**
 * A video through WebCodecs: each frame lasts its delay, so the video lasts the sum of the
 * delays. Sizes are cut to even numbers (H.264 needs them). WebM is VP8 where the browser has it:
 * Chromium's software VP9 took 1.9–2.9 s for the bench's 150 frames of 600×600, VP8 0.7–1.0 s.
 */
export async function encodeVideo(
  container: 'webm' | 'mp4',
  frames: readonly UgoiraFrame[],
  { signal, onProgress }: ExportOptions,
): Promise<Blob> {
  const width = frames[0]!.bitmap.width & ~1;
  const height = frames[0]!.bitmap.height & ~1;
  const codec = await encodableCodec(
    container === 'webm' ? ['vp8', 'vp9'] : ['avc'],
    width,
    height,
  );
  if (!codec) throw new NoWebCodecs(`WebCodecs cannot encode ${container} here`);
  const target = new BufferTarget();
  const output = new Output({
    format: container === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat(),
    target,
  });
  const source = new VideoSampleSource({ codec, bitrate: QUALITY_HIGH });
  output.addVideoTrack(source);
  // Frames of even sizes go to the encoder as they are; others are cut on a canvas first.
  const even = frames[0]!.bitmap.width === width && frames[0]!.bitmap.height === height;
  const canvas = even ? null : new OffscreenCanvas(width, height);
  const context = canvas?.getContext('2d');
  if (canvas && !context) throw new Error('no 2d context');
  try {
    await output.start();
    let at = 0;
    for (const [i, frame] of frames.entries()) {
      if (signal.aborted) throw aborted(signal);
      context?.drawImage(frame.bitmap, 0, 0);
      const sample = new VideoSample(canvas ?? frame.bitmap, {
        timestamp: at / 1000,
        duration: frame.delay / 1000,
      });
      await source.add(sample, { keyFrame: i === 0 });
      sample.close();
      at += frame.delay;
      onProgress((i + 1) / frames.length);
    }
    await output.finalize();
  } catch (error) {
    if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel();
    throw error;
  }
  return new Blob([target.buffer!], { type: container === 'webm' ? 'video/webm' : 'video/mp4' });
}

/** The server's MP4 of a work (its own fetch of the 1920x1080 zip, ffmpeg's H.264). */
export async function serverMp4(id: number, { signal, onProgress }: ExportOptions) {
  const bytes = await fetchZip(`/api/ugoira/${id}.mp4`, onProgress, {
    signal,
    timeoutMs: SERVER_MP4_TIMEOUT_MS,
  });
  return new Blob([bytes as BlobPart], { type: 'video/mp4' });
}

/** Exports a loaded work in a format (MP4 (Server) needs only the id). */
export async function exportUgoira(
  format: UgoiraFormat,
  id: number,
  loaded: LoadedUgoira | undefined,
  options: ExportOptions,
): Promise<Blob> {
  if (format === 'MP4(Server)') return serverMp4(id, options);
  if (!loaded) throw new Error('frames not loaded');
  switch (format) {
    case 'ZIP':
      options.onProgress(1);
      return ugoiraZip(loaded);
    case 'GIF':
      return encodeGif(loaded.frames, options);
    case 'APNG':
      return encodeApng(loaded.frames, options);
    case 'WebM':
      return encodeVideo('webm', loaded.frames, options);
    case 'MP4(Browser)':
      return encodeVideo('mp4', loaded.frames, options);
  }
}
