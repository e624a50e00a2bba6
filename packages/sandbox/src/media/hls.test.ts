import { describe, expect, it } from 'vitest';
import { liveSegment, playlist } from './hls.ts';

/** The first PES presentation timestamp in a transport stream, in seconds. */
function firstPts(ts: Buffer): number {
  for (let i = 0; i + 188 <= ts.length; i += 188) {
    if (ts[i] !== 0x47 || !(ts[i + 1]! & 0x40)) continue;
    let p = i + 4;
    if (ts[i + 3]! & 0x20) p += 1 + ts[p]!;
    if (ts[p] === 0 && ts[p + 1] === 0 && ts[p + 2] === 1 && ts[p + 7]! & 0x80) {
      const b = ts.subarray(p + 9, p + 14);
      const pts =
        (b[0]! & 0x0e) * 536870912 +
        b[1]! * 4194304 +
        (b[2]! & 0xfe) * 16384 +
        b[3]! * 128 +
        (b[4]! >> 1);
      return pts / 90_000;
    }
  }
  return NaN;
}

describe('live playlist', () => {
  it('slides a window of 4 two-second segments on one continuous timeline', () => {
    const p = playlist(21_000, false);
    expect(p).toContain('#EXT-X-MEDIA-SEQUENCE:7');
    expect(p.match(/seg\d+\.ts/g)).toEqual(['seg7.ts', 'seg8.ts', 'seg9.ts', 'seg10.ts']);
    expect(p).not.toContain('DISCONTINUITY');
    expect(p).not.toContain('ENDLIST');
  });

  it('plays a finished stream once, to its end', () => {
    const p = playlist(999_999, true);
    expect(p.match(/seg\d+\.ts/g)).toEqual(['seg0.ts', 'seg1.ts', 'seg2.ts', 'seg3.ts']);
    expect(p.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('remuxes segment n of the loop to start 2 s after segment n - 1', async () => {
    const a = await liveSegment(0, 11);
    const b = await liveSegment(0, 12);
    expect(a[0]).toBe(0x47);
    expect(b[0]).toBe(0x47);
    expect(firstPts(b) - firstPts(a)).toBeCloseTo(2, 1);
  }, 60_000);
});
