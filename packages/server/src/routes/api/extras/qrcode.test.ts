import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { QRCODE_DEFAULT_SIZE, QRCODE_MAX_AGE, QRCODE_MAX_URL_LENGTH } from './qrcode.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const qr = (query: Record<string, string>) =>
  t.app.inject({ url: `/api/qrcode?${new URLSearchParams(query)}` });

/** Width and height from the IHDR chunk, and the inflated pixel rows (the picture itself). */
function readPng(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') {
      idat.push(bytes.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    pixels: inflateSync(Buffer.concat(idat)),
  };
}

describe('GET /api/qrcode', () => {
  it('draws a PNG of the default size, cached for a year', async () => {
    const res = await qr({ url: 'https://www.pixiv.net/artworks/100001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(`public, max-age=${QRCODE_MAX_AGE}, immutable`);
    const png = readPng(res.rawPayload);
    expect(png.width).toBe(QRCODE_DEFAULT_SIZE);
    expect(png.height).toBe(QRCODE_DEFAULT_SIZE);
    // Dark modules and light background: not a blank image.
    expect(new Set(png.pixels).size).toBeGreaterThan(1);
  });

  it('draws the same URL the same way and different URLs differently', async () => {
    const a = await qr({ url: 'https://www.pixiv.net/artworks/100001' });
    const again = await qr({ url: 'https://www.pixiv.net/artworks/100001' });
    const b = await qr({ url: 'https://www.pixiv.net/artworks/100002' });
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(readPng(b.rawPayload).pixels.equals(readPng(a.rawPayload).pixels)).toBe(false);
  });

  it('honours size and svg', async () => {
    const big = await qr({ url: 'http://localhost:8080/novel/5', size: '512' });
    expect(readPng(big.rawPayload).width).toBe(512);
    const svg = await qr({ url: 'http://localhost:8080/novel/5', format: 'svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg [^>]*viewBox=/);
    expect(svg.body).not.toMatch(/<script|localhost/);
  });

  it('accepts a URL of exactly 2048 characters and refuses longer ones', async () => {
    const head = 'https://www.pixiv.net/?q=';
    const longest = head + 'a'.repeat(QRCODE_MAX_URL_LENGTH - head.length);
    expect((await qr({ url: longest })).statusCode).toBe(200);
    const res = await qr({ url: `${longest}a` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'invalid parameters', issues: [{ path: 'url' }] });
  });

  it('refuses anything but an http or https URL, and sizes out of range', async () => {
    const bad: Record<string, string>[] = [
      {},
      { url: '' },
      { url: 'www.pixiv.net/artworks/1' },
      { url: 'javascript:alert(1)' },
      { url: 'ftp://example.com/file' },
      { url: 'data:text/html,<b>x</b>' },
      { url: 'https://www.pixiv.net/', size: '63' },
      { url: 'https://www.pixiv.net/', size: '1025' },
      { url: 'https://www.pixiv.net/', format: 'gif' },
    ];
    for (const query of bad) {
      expect((await qr(query)).statusCode, JSON.stringify(query)).toBe(422);
    }
  });
});
