/**
 * A small APNG writer (the PNG spec's chunks plus the APNG extension's acTL, fcTL and fdAT):
 * 8-bit RGB frames, each with its own delay in milliseconds, looping forever. The pixel rows
 * arrive already filtered and zlib-compressed (`compressFrame`, run in the export workers).
 */
import { zlibSync } from 'fflate';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  let c = crc;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return c;
}

/** A chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, (crc32(out.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0);
  return out;
}

function u32s(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setUint32(i * 4, v));
  return out;
}

/**
 * RGBA pixels to the zlib stream of an RGB image's rows, each with the Sub filter (the byte minus
 * the same channel of the pixel to its left), which shrinks photographs and drawings alike.
 */
export function compressFrame(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 1;
    let src = y * width * 4;
    let prevR = 0;
    let prevG = 0;
    let prevB = 0;
    for (let x = 0; x < width; x++, src += 4) {
      const r = rgba[src]!;
      const g = rgba[src + 1]!;
      const b = rgba[src + 2]!;
      const at = row + 1 + x * 3;
      raw[at] = r - prevR;
      raw[at + 1] = g - prevG;
      raw[at + 2] = b - prevB;
      prevR = r;
      prevG = g;
      prevB = b;
    }
  }
  return zlibSync(raw, { level: 3 });
}

export interface ApngFrame {
  /** `compressFrame`'s output. */
  data: Uint8Array;
  /** ms */
  delay: number;
}

/** The APNG file of frames of one size, looping forever. */
export function assembleApng(width: number, height: number, frames: ApngFrame[]): Blob {
  if (frames.length === 0) throw new Error('an animation without frames');
  const parts: Uint8Array[] = [Uint8Array.from(SIGNATURE)];
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no interlace
  parts.push(chunk('IHDR', ihdr));
  parts.push(chunk('acTL', u32s(frames.length, 0)));
  let sequence = 0;
  frames.forEach((frame, index) => {
    const fctl = new Uint8Array(26);
    const view = new DataView(fctl.buffer);
    view.setUint32(0, sequence++);
    view.setUint32(4, width);
    view.setUint32(8, height);
    // x and y offsets 0; the delay as a fraction of a second (ms / 1000); dispose and blend 0
    view.setUint16(20, Math.min(0xffff, Math.max(0, Math.round(frame.delay))));
    view.setUint16(22, 1000);
    parts.push(chunk('fcTL', fctl));
    if (index === 0) {
      parts.push(chunk('IDAT', frame.data));
    } else {
      const fdat = new Uint8Array(4 + frame.data.length);
      new DataView(fdat.buffer).setUint32(0, sequence++);
      fdat.set(frame.data, 4);
      parts.push(chunk('fdAT', fdat));
    }
  });
  parts.push(chunk('IEND', new Uint8Array(0)));
  return new Blob(parts as BlobPart[], { type: 'image/apng' });
}
