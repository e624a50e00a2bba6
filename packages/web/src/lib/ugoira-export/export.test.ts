// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync, unzlibSync } from 'fflate';
import { assembleApng, compressFrame, crc32 } from './apng.ts';
import { GIF_HALVING_FRAMES, animationJson, gifFrames, ugoiraZip } from './index.ts';

const frames = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    file: `${String(i).padStart(6, '0')}.jpg`,
    delay: 40 + i,
  }));

describe('gifFrames', () => {
  it('keeps every frame below 100 frames', () => {
    expect(GIF_HALVING_FRAMES).toBe(100);
    expect(gifFrames(frames(99))).toEqual(frames(99));
  });

  it('from 100 frames on keeps every second frame with its delay doubled', () => {
    const kept = gifFrames(frames(100));
    expect(kept).toHaveLength(50);
    expect(kept[0]).toEqual({ file: '000000.jpg', delay: 80 });
    expect(kept[1]).toEqual({ file: '000002.jpg', delay: 84 });
    expect(gifFrames(frames(151))).toHaveLength(76);
  });
});

describe('ugoiraZip', () => {
  it('is pixiv’s zip plus animation.json listing every frame and its delay', () => {
    const list = frames(3);
    const zip = zipSync({
      '000000.jpg': Uint8Array.of(1),
      '000001.jpg': Uint8Array.of(2),
      '000002.jpg': Uint8Array.of(3),
    });
    return ugoiraZip({ zip, meta: { zip: '', frames: list } })
      .arrayBuffer()
      .then((buffer) => {
        const files = unzipSync(new Uint8Array(buffer));
        expect(Object.keys(files).sort()).toEqual([
          '000000.jpg',
          '000001.jpg',
          '000002.jpg',
          'animation.json',
        ]);
        expect(files['000001.jpg']).toEqual(Uint8Array.of(2));
        expect(JSON.parse(new TextDecoder().decode(files['animation.json']))).toEqual({
          frames: list,
        });
        expect(JSON.parse(animationJson(list)).frames).toHaveLength(3);
      });
  });
});

describe('APNG', () => {
  it('has a valid CRC (the PNG spec’s check value)', () => {
    expect((crc32(new TextEncoder().encode('123456789')) ^ 0xffffffff) >>> 0).toBe(0xcbf43926);
  });

  it('filters rows with Sub and keeps RGB', () => {
    const rgba = Uint8Array.of(10, 20, 30, 255, 15, 20, 25, 255);
    expect([...unzlibSync(compressFrame(rgba, 2, 1))]).toEqual([1, 10, 20, 30, 5, 0, 251]);
  });

  it('writes acTL with the frame count and an fcTL per frame with its delay', async () => {
    const rgba = new Uint8Array(4 * 4 * 4).fill(128);
    const data = compressFrame(rgba, 4, 4);
    const blob = assembleApng(4, 4, [
      { data, delay: 40 },
      { data, delay: 120 },
      { data, delay: 60 },
    ]);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const view = new DataView(bytes.buffer);
    const chunks: { type: string; at: number; length: number }[] = [];
    for (let at = 8; at < bytes.length;) {
      const length = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      chunks.push({ type, at: at + 8, length });
      expect((crc32(bytes.subarray(at + 4, at + 8 + length)) ^ 0xffffffff) >>> 0).toBe(
        view.getUint32(at + 8 + length),
      );
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual([
      'IHDR',
      'acTL',
      'fcTL',
      'IDAT',
      'fcTL',
      'fdAT',
      'fcTL',
      'fdAT',
      'IEND',
    ]);
    expect(view.getUint32(chunks[1]!.at)).toBe(3);
    const fctl = chunks.filter((c) => c.type === 'fcTL');
    expect(fctl.map((c) => view.getUint16(c.at + 20) / view.getUint16(c.at + 22))).toEqual([
      0.04, 0.12, 0.06,
    ]);
    // sequence numbers run across fcTL and fdAT: 0, 1, 2, 3, 4
    const sequence = chunks
      .filter((c) => c.type === 'fcTL' || c.type === 'fdAT')
      .map((c) => view.getUint32(c.at));
    expect(sequence).toEqual([0, 1, 2, 3, 4]);
  });
});
