/**
 * The ugoira export worker: one frame at a time, a GIF frame (this frame's own palette of up to
 * 256 colours from quantize.ts, no dithering; gifenc's LZW and block writer) or an APNG frame's
 * compressed rows. The first GIF
 * frame carries the file header, the screen descriptor and the loop extension; the caller joins
 * the frames in order and adds the trailer.
 */
import { GIFEncoder } from 'gifenc';
import { compressFrame } from './apng.ts';
import { quantizeFrame } from './quantize.ts';

export interface FrameJob {
  id: number;
  kind: 'gif' | 'png';
  bitmap: ImageBitmap;
  /** ms */
  delay: number;
  first: boolean;
}

export type FrameResult = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** One canvas per worker, kept while the frame size stays the same. */
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;

function pixels(bitmap: ImageBitmap): Uint8ClampedArray {
  if (!canvas || canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
    canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (!context) throw new Error('no 2d context in the worker');
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height).data;
}

export function encodeFrame(job: FrameJob): Uint8Array {
  const { width, height } = job.bitmap;
  const rgba = pixels(job.bitmap);
  if (job.kind === 'png') return compressFrame(rgba, width, height);
  const { palette, index } = quantizeFrame(rgba, width);
  const gif = GIFEncoder({ auto: false, initialCapacity: width * height });
  if (job.first) gif.writeHeader();
  gif.writeFrame(index, width, height, { palette, delay: job.delay, repeat: 0, first: job.first });
  return gif.bytes();
}

self.onmessage = (event: MessageEvent<FrameJob>) => {
  const job = event.data;
  let result: FrameResult;
  try {
    result = { id: job.id, bytes: encodeFrame(job) };
  } catch (error) {
    result = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  if ('bytes' in result) {
    (self as unknown as Worker).postMessage(result, [result.bytes.buffer]);
  } else {
    (self as unknown as Worker).postMessage(result);
  }
};
