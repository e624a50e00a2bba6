import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, pickEncoding } from '../lib/compress.ts';
import { SHELLS_MAX_BYTES } from './compression.ts';
import { fakeWebDist, startTestServer, type TestServer } from '../test-helpers.ts';

/** A built app whose shell and one asset are above the floor, the asset precompressed. */
function bigWebDist(): string {
  const dir = fakeWebDist();
  const filler = `<!-- ${'padding '.repeat(300)} -->`;
  // a head: each page's own preloads make each shell different
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="UTF-8"></head><body>${filler}</body></html>`,
  );
  const js = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'big-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(js));
  return dir;
}

let t: TestServer;
let dist: string;
beforeAll(async () => {
  dist = bigWebDist();
  t = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const RANKING = '/app-api.pixiv.net/v1/illust/ranking';

/** Every kind of text answer the server makes, and whether it is above the floor. */
const TEXT_URLS: [url: string, big: boolean][] = [
  ['/api/pixiv/rank?mode=day&date=2026-11-19', true], // mirror, cached
  ['/api/pixiv/openapi.json', true], // a generated document
  ['/api/pixiv/illust?id=abc', false], // a 422 error body
  ['/rank/daily', true], // the app shell (history fallback)
  ['/rank/weekly', true], // another shell: its own kept compressed forms
  ['/rank/daily', true], // the first again, from the kept forms
  ['/assets/big-abc123.js', true], // a precompressed static asset
  ['/assets/index-abc123.js', false], // a static asset below the floor
  ['/api/config', false], // a small JSON answer
];

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/** The body with its timestamps (error bodies carry the time) made equal. */
function stamped(body: Buffer): string {
  return body.toString('latin1').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, 'TIME');
}

describe('compression', () => {
  it('compresses every text answer of 1 KB or more when asked, and nothing otherwise', async () => {
    for (const [url, big] of TEXT_URLS) {
      const plain = await t.app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.length >= COMPRESS_MIN_BYTES, url).toBe(big);
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await t.app.inject({
          url,
          headers: { accept: 'text/html,*/*', 'accept-encoding': `${encoding}, deflate` },
        });
        expect(res.statusCode, url).toBe(plain.statusCode);
        expect(res.headers['content-encoding'], url).toBe(big ? encoding : undefined);
        if (big) {
          expect(res.headers.vary, url).toMatch(/accept-encoding/i);
          if (plain.headers.etag) expect(res.headers.etag, url).not.toBe(plain.headers.etag);
          expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
        }
        expect(stamped(decode(res.rawPayload, res.headers['content-encoding'] as string))).toBe(
          stamped(plain.rawPayload),
        );
      }
    }
  });

  it('never compresses images', async () => {
    const rank = (await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })).json<{
      illusts: { image_urls: { medium: string } }[];
    }>();
    const path = new URL(rank.illusts[0]!.image_urls.medium).pathname;
    const res = await t.app.inject({
      url: `/i${path}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a cache hit asks upstream nothing and sends the stored bytes again', async () => {
    const url = '/api/pixiv/rank?mode=week&date=2026-11-18';
    const headers = { 'accept-encoding': 'gzip, br' };
    const before = t.sandbox.state.faults.count(RANKING);
    const first = await t.app.inject({ url, headers });
    const second = await t.app.inject({ url, headers });
    expect(t.sandbox.state.faults.count(RANKING) - before).toBe(1);
    expect(first.headers['x-cache-hit']).toBeUndefined();
    expect(second.headers['x-cache-hit']).toBe('true');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.rawPayload).toEqual(first.rawPayload);
    const plain = await t.app.inject({ url });
    expect(plain.headers['x-cache-hit']).toBe('true');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(plain.body);
  });
});

describe('kept compressed pages', () => {
  it('keeps a server-rendered page’s size of pages by their compressed bytes, not their text', async () => {
    // a page the size of a server-rendered home (300 KB of text), each day's ranking its own
    // (its first data's preload): 14 of them are 8 MB as UTF-16 keys, twice what is kept
    const dir = fakeWebDist();
    const filler = Array.from({ length: 6_000 }, (_, i) => `<p>card ${i * 7919}</p>`).join('');
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><meta charset="UTF-8"></head><body>${filler.padEnd(300_000, ' ')}</body></html>`,
    );
    const s = await startTestServer({ webDist: dir });
    try {
      const kept = () =>
        s.app.memoryParts.get('page_shells')!() as { entries: number; bytes: number };
      const paths = Array.from(
        { length: 14 },
        (_, i) => `/rank/daily?date=2026-10-${String(i + 1).padStart(2, '0')}`,
      );
      const bodies = new Set<string>();
      const before = kept().entries;
      for (const url of paths) {
        const res = await s.app.inject({
          url,
          headers: { accept: 'text/html', 'accept-encoding': 'br' },
        });
        expect(res.headers['content-encoding']).toBe('br');
        bodies.add(brotliDecompressSync(res.rawPayload).toString());
      }
      expect(bodies.size, 'each path a page of its own').toBe(paths.length);
      expect([...bodies][0]!.length).toBeGreaterThan(300_000);
      expect(paths.length * 300_000 * 2).toBeGreaterThan(SHELLS_MAX_BYTES);
      // every one kept, each counted at its compressed size and a short key
      expect(kept().entries - before).toBe(paths.length);
      expect(kept().bytes).toBeLessThan(paths.length * 50_000);
      // and the first, asked again, is the kept form
      const again = await s.app.inject({
        url: paths[0]!,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(brotliDecompressSync(again.rawPayload).toString()).toBe([...bodies][0]);
      expect(kept().entries - before).toBe(paths.length);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q=0 and *, and falls back to identity', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
