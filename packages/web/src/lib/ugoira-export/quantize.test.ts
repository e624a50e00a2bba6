import { describe, expect, it } from 'vitest';
import { quantizeFrame } from './quantize.ts';

/** A frame of `width`×`height` from a colour function. */
function frame(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      rgba.set([r!, g!, b!, 255], (y * width + x) * 4);
    }
  }
  return rgba;
}

function meanError(rgba: Uint8ClampedArray, palette: number[][], index: Uint8Array): number {
  let sum = 0;
  for (let p = 0; p < index.length; p++) {
    const c = palette[index[p]!]!;
    for (let k = 0; k < 3; k++) sum += Math.abs(c[k]! - rgba[p * 4 + k]!);
  }
  return sum / 3 / index.length;
}

describe('quantizeFrame', () => {
  it('keeps a frame of few colours exactly, even colours only on pixels the sample skips', () => {
    // Odd rows (never sampled) hold a colour of their own.
    const rgba = frame(64, 32, (x, y) =>
      y % 2 ? [200, 10, 10] : x < 32 ? [0, 0, 255] : [250, 250, 250],
    );
    const { palette, index } = quantizeFrame(rgba, 64);
    expect(index).toHaveLength(64 * 32);
    expect(palette.length).toBeLessThanOrEqual(256);
    // The unsampled red maps to the nearest sampled colour; the sampled ones are exact.
    expect(palette[index[0]!]).toEqual([0, 0, 255]);
    expect(palette[index[40]!]).toEqual([250, 250, 250]);
    expect(palette[index[64]!]).toEqual(palette[index[0]!]);
  });

  it('gives a smooth three-channel gradient a palette of at most 256 colours with a small error', () => {
    const rgba = frame(256, 256, (x, y) => [x, y, (x + y) >> 1]);
    const { palette, index } = quantizeFrame(rgba, 256);
    expect(palette.length).toBeLessThanOrEqual(256);
    expect(palette.length).toBeGreaterThan(200);
    expect(Math.max(...index)).toBeLessThan(palette.length);
    // 65,536 colours in 256: about 4 levels of error per channel is the ideal spread.
    expect(meanError(rgba, palette, index)).toBeLessThan(5);
  });

  it('honours a smaller colour count and gives the same answer twice (tables reused)', () => {
    const rgba = frame(100, 100, (x, y) => [(x * 7) % 256, (y * 5) % 256, (x * y) % 256]);
    const a = quantizeFrame(rgba, 100, 16);
    const b = quantizeFrame(rgba, 100, 16);
    expect(a.palette.length).toBeLessThanOrEqual(16);
    expect(b.palette).toEqual(a.palette);
    expect(b.index).toEqual(a.index);
  });
});
