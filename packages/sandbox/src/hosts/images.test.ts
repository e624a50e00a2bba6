import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { RawIllust, RawIllustListResponse } from '@pv/core';
import { buildSandboxApp } from '../app.ts';
import { TEST_NOW, demoAccessToken, pximg } from '../test-helpers.ts';
import { parseRange } from './images.ts';

let app: FastifyInstance;
let multi: RawIllust;
let single: RawIllust;
const REFERER = { referer: 'https://www.pixiv.net/' };

beforeAll(async () => {
  app = buildSandboxApp({ now: TEST_NOW }).app;
  const token = await demoAccessToken(app);
  const res = await app.inject({
    url: '/app-api.pixiv.net/v1/illust/ranking?mode=day',
    headers: { authorization: `Bearer ${token}` },
  });
  const illusts = (res.json() as RawIllustListResponse).illusts;
  multi = illusts.find((i) => i.page_count > 1)!;
  single = illusts.find((i) => i.page_count === 1)!;
});
afterAll(() => app.close());

const img = (url: string, headers: Record<string, string> = REFERER) => pximg(app, url, headers);

describe('i.pximg.net', () => {
  it('answers 403 without a pixiv Referer and 200 with one', async () => {
    const url = single.image_urls.medium;
    expect((await img(url, {})).statusCode).toBe(403);
    expect((await img(url, { referer: 'https://evil.example/' })).statusCode).toBe(403);
    expect((await img(url, { referer: 'https://pixiv.net.evil.example/' })).statusCode).toBe(403);
    const ok = await img(url, { referer: 'https://app-api.pixiv.net/' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
  });

  it('serves a distinct image for every size variant, in the sizes the paths ask for', async () => {
    const o = single.meta_single_page.original_image_url!;
    const urls = [
      single.image_urls.square_medium,
      single.image_urls.medium,
      single.image_urls.large,
      o,
    ];
    const bodies = await Promise.all(urls.map((u) => img(u)));
    const digests = new Set(bodies.map((b) => b.rawPayload.toString('base64')));
    expect(digests.size).toBe(4);
    const sizes = await Promise.all(bodies.map((b) => sharp(b.rawPayload).metadata()));
    expect([sizes[0]!.width, sizes[0]!.height]).toEqual([360, 360]);
    expect(Math.max(sizes[1]!.width!, sizes[1]!.height!)).toBeLessThanOrEqual(540);
    expect(sizes[2]!.width!).toBeLessThanOrEqual(600);
    expect([sizes[3]!.width, sizes[3]!.height]).toEqual([single.width, single.height]);
  });

  it('serves every page of a multi-page work, each different', async () => {
    const pages = await Promise.all(multi.meta_pages.map((p) => img(p.image_urls.medium)));
    for (const p of pages) expect(p.statusCode).toBe(200);
    expect(new Set(pages.map((p) => p.rawPayload.toString('base64'))).size).toBe(multi.page_count);
  });

  it('404s paths the dataset would not emit', async () => {
    const wrongDate = single.image_urls.medium.replace(/img\/\d{4}\//, 'img/1999/');
    expect((await img(wrongDate)).statusCode).toBe(404);
    const wrongPage = single.image_urls.medium.replace('_p0_', '_p7_');
    expect((await img(wrongPage)).statusCode).toBe(404);
    expect((await img('https://i.pximg.net/../../etc/passwd')).statusCode).toBe(404);
  });

  it('supports ETag revalidation and byte ranges', async () => {
    const full = await img(single.image_urls.large);
    const etag = full.headers.etag as string;
    expect(full.headers['last-modified']).toBeTruthy();
    expect(full.headers['cache-control']).toBe('max-age=31536000');
    expect(
      (await img(single.image_urls.large, { ...REFERER, 'if-none-match': etag })).statusCode,
    ).toBe(304);
    const part = await img(single.image_urls.large, { ...REFERER, range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${full.rawPayload.length}`);
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(10, 20));
    expect(
      (await img(single.image_urls.large, { ...REFERER, range: 'bytes=99999999-' })).statusCode,
    ).toBe(416);
  });

  it('serves the avatar of a work’s author', async () => {
    const url = single.user.profile_image_urls.medium;
    const res = await img(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });
});

describe('s.pximg.net', () => {
  it('serves the default avatar and the limit placeholders without a Referer', async () => {
    for (const name of [
      'no_profile.png',
      'no_profile_s.png',
      'limit_r18_360.png',
      'limit_sanity_level_360.png',
    ]) {
      const res = await img(`https://s.pximg.net/common/images/${name}`, {});
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    expect((await img('https://s.pximg.net/common/images/nothing.png', {})).statusCode).toBe(404);
  });
});

describe('parseRange', () => {
  it('handles start-end, open and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=5-500', 100)).toEqual({ start: 5, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('items=1-2', 100)).toBeNull();
  });
});
