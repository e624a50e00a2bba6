/**
 * Every image path pattern of shared/reference/pixiv-upstream.md §5, one table: each row is a
 * real dataset image at that pattern, and each must answer like i.pximg.net / s.pximg.net do —
 * 403 without a pixiv Referer (i.pximg.net), the image with its type, ETag and Last-Modified,
 * 304 on revalidation, 206 for a byte range, and the size its crop asks for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { jstPathDate } from '../clock.ts';
import type { Work } from '../data/dataset.ts';
import { rawNovel, webviewNovel } from '../data/novel-json.ts';
import { avatarUrl, workPageUrls } from '../images/urls.ts';
import { demoAccessToken, testSandbox } from '../test-helpers.ts';

const { app, state } = testSandbox();
const REFERER = { referer: 'https://app-api.pixiv.net/' };
const viewer = { xRestrict: 2, language: 'ja' };

const path = (url: string) =>
  url.replace('https://i.pximg.net', '/i.pximg.net').replace('https://s.pximg.net', '/s.pximg.net');
const get = (url: string, headers: Record<string, string> = REFERER) =>
  app.inject({ url: path(url), headers });

function findWork(pick: (w: Work) => boolean): Work {
  for (let i = 0; i < state.data.illustCount; i++) {
    const w = state.data.work(i);
    if (pick(w)) return w;
  }
  throw new Error('no such work');
}

interface Row {
  pattern: string;
  url: string;
  type: string;
  /** The crop box the image must fit (exactly, for square crops). */
  box?: [number, number, 'exact' | 'within'];
}

const rows: Row[] = [];
beforeAll(async () => {
  const single = findWork(
    (w) => w.kind === 'illust' && w.pageCount === 1 && w.originalExt === 'png',
  );
  const manga = findWork((w) => w.kind === 'manga' && w.pageCount > 2);
  const ugoira = findWork((w) => w.kind === 'ugoira');
  const s = workPageUrls(single, 0);
  const p2 = workPageUrls(manga, 2);
  const u = workPageUrls(ugoira, 0);
  const date = jstPathDate(single.uploaded);
  const master = `img-master/img/${date}/${single.id}_p0_master1200.jpg`;
  const square = `img-master/img/${date}/${single.id}_p0_square1200.jpg`;
  const I = 'https://i.pximg.net';
  const user = state.data.allUsers.find((x) => x.avatarStem !== null)!;
  let novelIndex = 0;
  while (state.novels.at(novelIndex).coverHash === null) novelIndex++;
  const covered = rawNovel(state.novels.at(novelIndex), viewer).image_urls;
  let imaged = 0;
  while (state.novels.at(imaged).uploadedImages === 0) imaged++;
  const images = webviewNovel(state.novels, state.novels.at(imaged), viewer).images as Record<
    string,
    { urls: Record<string, string> }
  >;
  const embedded = Object.values(images)[0]!.urls;
  // an illust series and its cover, as the app API names it
  const token = await demoAccessToken(app);
  let seriesCover = '';
  for (let i = 0; i < state.data.illustCount && !seriesCover; i++) {
    const w = state.data.work(i);
    if (w.kind !== 'manga') continue;
    const detail = (
      await app.inject({
        url: `/app-api.pixiv.net/v1/illust/detail?illust_id=${w.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { illust: { series: { id: number } | null } };
    if (!detail.illust.series) continue;
    const series = (
      await app.inject({
        url: `/app-api.pixiv.net/v1/illust/series?illust_series_id=${detail.illust.series.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { illust_series_detail: { cover_image_urls: { medium: string } } };
    seriesCover = series.illust_series_detail.cover_image_urls.medium;
  }
  const jpeg = 'image/jpeg';
  rows.push(
    {
      pattern: 'app square c/360x360_70',
      url: s.square_medium,
      type: jpeg,
      box: [360, 360, 'exact'],
    },
    {
      pattern: 'app square c/360x360_10_webp',
      url: `${I}/c/360x360_10_webp/${square}`,
      type: 'image/webp',
      box: [360, 360, 'exact'],
    },
    {
      pattern: 'older square c/540x540_10_webp',
      url: `${I}/c/540x540_10_webp/${square}`,
      type: 'image/webp',
      box: [540, 540, 'exact'],
    },
    { pattern: 'app medium c/540x540_70', url: s.medium, type: jpeg, box: [540, 540, 'within'] },
    { pattern: 'app large c/600x1200_90', url: s.large, type: jpeg, box: [600, 1200, 'within'] },
    {
      pattern: 'app large c/600x1200_90_webp',
      url: `${I}/c/600x1200_90_webp/${master}`,
      type: 'image/webp',
      box: [600, 1200, 'within'],
    },
    {
      pattern: 'web regular img-master (no crop)',
      url: `${I}/${master}`,
      type: jpeg,
      box: [1200, 1200, 'within'],
    },
    {
      pattern: 'original .png',
      url: s.original,
      type: 'image/png',
      box: [single.width, single.height, 'exact'],
    },
    {
      pattern: 'original page 3 of a manga',
      url: p2.original,
      type: manga.originalExt === 'png' ? 'image/png' : jpeg,
    },
    {
      pattern: 'web thumb c/250x250_80_a2 square',
      url: `${I}/c/250x250_80_a2/${square}`,
      type: jpeg,
      box: [250, 250, 'exact'],
    },
    {
      pattern: 'web thumb c/250x250_80_a2 custom-thumb',
      url: `${I}/c/250x250_80_a2/custom-thumb/img/${date}/${single.id}_p0_custom1200.jpg`,
      type: jpeg,
      box: [250, 250, 'exact'],
    },
    {
      pattern: 'web mini c/48x48',
      url: `${I}/c/48x48/${square}`,
      type: jpeg,
      box: [48, 48, 'exact'],
    },
    {
      pattern: 'ugoira square, no _p0',
      url: u.square_medium,
      type: jpeg,
      box: [360, 360, 'exact'],
    },
    { pattern: 'ugoira master, no _p0', url: u.medium, type: jpeg },
    { pattern: 'ugoira first frame _ugoira0', url: u.original, type: jpeg },
    {
      pattern: 'ugoira zip 600x600',
      url: `${I}/img-zip-ugoira/img/${jstPathDate(ugoira.uploaded)}/${ugoira.id}_ugoira600x600.zip`,
      type: 'application/zip',
    },
    {
      pattern: 'ugoira zip 1920x1080',
      url: `${I}/img-zip-ugoira/img/${jstPathDate(ugoira.uploaded)}/${ugoira.id}_ugoira1920x1080.zip`,
      type: 'application/zip',
    },
    {
      pattern: 'user-profile _170',
      url: avatarUrl(user, 170),
      type: jpeg,
      box: [170, 170, 'exact'],
    },
    { pattern: 'user-profile _50', url: avatarUrl(user, 50), type: jpeg, box: [50, 50, 'exact'] },
    { pattern: 'user-profile _16', url: avatarUrl(user, 16), type: jpeg, box: [16, 16, 'exact'] },
    {
      pattern: 'novel cover c/240x480_80',
      url: covered.large,
      type: jpeg,
      box: [240, 480, 'within'],
    },
    {
      pattern: 'novel cover c/176x352',
      url: covered.medium,
      type: jpeg,
      box: [176, 352, 'within'],
    },
    {
      pattern: 'novel cover c/128x128 square',
      url: covered.square_medium,
      type: jpeg,
      box: [128, 128, 'exact'],
    },
    {
      pattern: 'embedded novel image, original tei png',
      url: embedded.original!,
      type: 'image/png',
    },
    {
      pattern: 'embedded novel image, c/480x960 master',
      url: embedded['480mw']!,
      type: jpeg,
      box: [480, 960, 'within'],
    },
    { pattern: 'illust-series cover c/782x410_80_a2_g5', url: seriesCover, type: jpeg },
  );
});

describe('i.pximg.net, every path pattern of §5', () => {
  it('has a dataset image at each pattern, 403 without a pixiv Referer', async () => {
    expect(rows.length).toBe(26);
    expect(rows.find((r) => r.pattern.startsWith('illust-series'))!.url).toMatch(
      /^https:\/\/i\.pximg\.net\/c\/782x410_80_a2_g5\/illust-series-cover-original\/img\//,
    );
    for (const row of rows) {
      expect(row.url, row.pattern).toMatch(/^https:\/\/i\.pximg\.net\//);
      expect((await get(row.url, {})).statusCode, row.pattern).toBe(403);
      expect(
        (await get(row.url, { referer: 'https://pixiv.net.evil.example/' })).statusCode,
        row.pattern,
      ).toBe(403);
    }
  });

  it('answers each with its type, validators, 304 and byte ranges', async () => {
    for (const row of rows) {
      const res = await get(row.url);
      expect(res.statusCode, `${row.pattern}: ${row.url}`).toBe(200);
      expect(res.headers['content-type'], row.pattern).toBe(row.type);
      const etag = res.headers.etag as string;
      expect(etag, row.pattern).toMatch(/^(W\/)?"[^"]+"$/);
      expect(Date.parse(res.headers['last-modified'] as string), row.pattern).toBeGreaterThan(0);
      expect(res.headers['accept-ranges'], row.pattern).toBe('bytes');
      const again = await get(row.url, { ...REFERER, 'if-none-match': etag });
      expect(again.statusCode, row.pattern).toBe(304);
      const part = await get(row.url, { ...REFERER, range: 'bytes=4-11' });
      expect(part.statusCode, row.pattern).toBe(206);
      expect(part.headers['content-range'], row.pattern).toBe(
        `bytes 4-11/${res.rawPayload.length}`,
      );
      expect(part.rawPayload, row.pattern).toEqual(res.rawPayload.subarray(4, 12));
      if (row.box) {
        const meta = await sharp(res.rawPayload).metadata();
        const [w, h, how] = row.box;
        if (how === 'exact') expect([meta.width, meta.height], row.pattern).toEqual([w, h]);
        else {
          expect(meta.width!, row.pattern).toBeLessThanOrEqual(w);
          expect(meta.height!, row.pattern).toBeLessThanOrEqual(h);
        }
      }
    }
  });
});

describe('s.pximg.net placeholders', () => {
  const names = [
    'no_profile.png',
    'no_profile_s.png',
    'no_profile_ss.png',
    'limit_sanity_level_360.png',
    'limit_r18_360.png',
    'limit_r18g_360.png',
    'limit_mypixiv_360.png',
    'limit_unknown_360.png',
  ];
  it('serves each with validators, 304 and byte ranges', async () => {
    for (const name of names) {
      const url = `https://s.pximg.net/common/images/${name}`;
      const res = await get(url);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('image/png');
      expect(res.headers['last-modified'], name).toBeTruthy();
      const etag = res.headers.etag as string;
      expect((await get(url, { ...REFERER, 'if-none-match': etag })).statusCode, name).toBe(304);
      const part = await get(url, { ...REFERER, range: 'bytes=0-7' });
      expect(part.statusCode, name).toBe(206);
      // a PNG's signature
      expect(part.rawPayload.toString('hex'), name).toBe('89504e470d0a1a0a');
    }
    const sizes = await Promise.all(
      ['no_profile.png', 'no_profile_s.png', 'no_profile_ss.png'].map(async (n) =>
        sharp((await get(`https://s.pximg.net/common/images/${n}`)).rawPayload).metadata(),
      ),
    );
    expect(sizes.map((m) => m.width)).toEqual([170, 50, 16]);
  });
});
