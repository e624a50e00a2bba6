import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { rawNovel, webviewNovel } from '../data/novel-json.ts';
import { pximg, testSandbox } from '../test-helpers.ts';
import { parseImagePath } from './urls.ts';

const { app, state } = testSandbox();
const REFERER = { referer: 'https://app-api.pixiv.net/' };
const viewer = { xRestrict: 2, language: 'ja' };

const img = (url: string, headers: Record<string, string> = REFERER) => pximg(app, url, headers);

function novelWith(pick: (n: ReturnType<typeof state.novels.at>) => boolean) {
  for (let i = 0; i < state.novels.count; i++)
    if (pick(state.novels.at(i))) return state.novels.at(i);
  throw new Error('no such novel');
}

describe('novel covers and images on i.pximg.net', () => {
  it('serves every cover size the JSON sends, at the pattern of pixiv-upstream.md §5', async () => {
    const novel = novelWith((n) => n.coverHash !== null);
    const urls = rawNovel(novel, viewer).image_urls;
    expect(urls.large).toMatch(
      /^https:\/\/i\.pximg\.net\/c\/240x480_80\/novel-cover-master\/img\/\d{4}(\/\d{2}){5}\/ci\d+_[0-9a-f]{32}_master1200\.jpg$/,
    );
    expect(urls.medium).toContain('/c/176x352/novel-cover-master/');
    expect(urls.square_medium).toMatch(/\/c\/128x128\/novel-cover-master\/.+_square1200\.jpg$/);
    const large = await img(urls.large);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(240);
    expect(meta.height).toBeLessThanOrEqual(480);
    const square = await sharp((await img(urls.square_medium)).rawPayload).metadata();
    expect([square.width, square.height]).toEqual([128, 128]);
    expect((await img(urls.medium)).statusCode).toBe(200);
  });

  it('keeps the Referer, ETag and Range rules of work images', async () => {
    const novel = novelWith((n) => n.coverHash !== null);
    const url = rawNovel(novel, viewer).image_urls.large;
    expect((await img(url, {})).statusCode).toBe(403);
    const first = await img(url);
    const etag = String(first.headers.etag);
    expect((await img(url, { ...REFERER, 'if-none-match': etag })).statusCode).toBe(304);
    const part = await img(url, { ...REFERER, range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
    expect(first.headers['cache-control']).toBe('max-age=31536000');
  });

  it('answers 404 for a wrong hash, date or id, like pixiv', async () => {
    const novel = novelWith((n) => n.coverHash !== null);
    const url = rawNovel(novel, viewer).image_urls.large;
    expect((await img(url.replace(novel.coverHash!, '0'.repeat(32)))).statusCode).toBe(404);
    expect((await img(url.replace(`/ci${novel.id}_`, `/ci${novel.id + 1}_`))).statusCode).toBe(404);
    expect((await img(url.replace(/img\/\d{4}/, 'img/2001'))).statusCode).toBe(404);
    expect((await img(url.replace('_master1200.jpg', '.jpg'))).statusCode).toBe(404);
  });

  it('serves images uploaded into texts at every size of the webview map, and the original PNG', async () => {
    const novel = novelWith((n) => n.uploadedImages > 0);
    const images = webviewNovel(state.novels, novel, viewer).images as Record<
      string,
      { urls: Record<string, string> }
    >;
    const [id, image] = Object.entries(images)[0]!;
    expect(parseImagePath(image.urls.original!.replace('https://i.pximg.net/', ''))).toMatchObject({
      type: 'novel',
      kind: 'image',
      id: Number(id),
      variant: 'original',
    });
    for (const url of Object.values(image.urls)) expect((await img(url)).statusCode, url).toBe(200);
    const original = await img(image.urls.original!);
    expect(original.headers['content-type']).toBe('image/png');
    const beyond = image.urls.original!.replace(`tei${id}_`, `tei${Number(id) + 50}_`);
    expect((await img(beyond)).statusCode).toBe(404);
  });

  it("serves pixiv's default novel covers on s.pximg.net", async () => {
    const novel = novelWith((n) => n.coverHash === null);
    const urls = rawNovel(novel, viewer).image_urls;
    expect(urls.medium).toMatch(
      /^https:\/\/s\.pximg\.net\/common\/images\/novel_thumb\/novel_thumb_[1-8]_176mw\.jpg$/,
    );
    for (const url of Object.values(urls)) expect((await img(url, {})).statusCode, url).toBe(200);
    expect(
      (await img('https://s.pximg.net/common/images/novel_thumb/novel_thumb_9_176mw.jpg'))
        .statusCode,
    ).toBe(404);
  });
});
