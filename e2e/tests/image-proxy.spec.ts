import { expect, test } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';
import { E2E_BASE_URL, SANDBOX_BASE_URL } from '../env.ts';

interface RankPage {
  illusts: { image_urls: { medium: string } }[];
}

test('the image host refuses a request without a pixiv Referer; /i/* serves the same image', async ({
  request,
}) => {
  // Yesterday's ranking is not out before 14:00 JST; two days ago always is.
  const date = rankingDateWindow(new Date()).defaultDate;
  const rank = await request.get(`/api/pixiv/rank?mode=day&date=${date}`);
  expect(rank.status()).toBe(200);
  const body = (await rank.json()) as RankPage;
  const imageUrl = body.illusts[0]?.image_urls.medium ?? '';
  expect(imageUrl).toMatch(/^https:\/\/i\.pximg\.net\//);
  const path = imageUrl.slice('https://i.pximg.net/'.length);

  const direct = await request.get(`${SANDBOX_BASE_URL}/i.pximg.net/${path}`);
  expect(direct.status()).toBe(403);

  const withReferer = await request.get(`${SANDBOX_BASE_URL}/i.pximg.net/${path}`, {
    headers: { Referer: 'https://www.pixiv.net/' },
  });
  expect(withReferer.status()).toBe(200);

  const proxied = await request.get(`/i/${path}`);
  expect(proxied.status()).toBe(200);
  expect(proxied.headers()['content-type']).toMatch(/^image\//);
  expect((await proxied.body()).equals(await withReferer.body())).toBe(true);
});

test('a page of another origin listed in CORS_ORIGINS draws one of our images on a canvas and reads its pixels', async ({
  page,
  request,
}) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const body = (await (
    await request.get(`/api/pixiv/rank?mode=day&date=${date}`)
  ).json()) as RankPage;
  const path = (body.illusts[0]?.image_urls.medium ?? '').slice('https://i.pximg.net/'.length);
  expect(path).toMatch(/\.(jpe?g|png)$/);
  // A document of the other origin (the sandbox, in the test server's CORS_ORIGINS): any of its
  // answers will do, an image of its own here.
  const client = `${SANDBOX_BASE_URL}/s.pximg.net/common/images/no_profile.png`;
  await page.goto(client);
  const drawn = await page.evaluate(
    async ({ ours, noCors }) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement | null>((resolve) => {
          const img = new Image();
          img.crossOrigin = 'anonymous';
          img.onload = () => resolve(img);
          img.onerror = () => resolve(null);
          img.src = src;
        });
      const img = await load(ours);
      if (!img) return { loaded: false };
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let opaque = 0;
      const colours = new Set<number>();
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3] === 255) opaque++;
        if (colours.size < 50)
          colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
      }
      // the control: a host that sends no CORS headers (the sandbox under another name) cannot be
      // loaded this way
      const control = await load(noCors);
      return {
        loaded: true,
        width: canvas.width,
        opaque: opaque / (pixels.length / 4),
        colours: colours.size,
        controlLoaded: control !== null,
      };
    },
    {
      ours: `${E2E_BASE_URL}/i/${path}`,
      noCors: client.replace('127.0.0.1', 'localhost'),
    },
  );
  expect(drawn).toEqual({
    loaded: true,
    width: expect.any(Number),
    opaque: 1,
    colours: expect.any(Number),
    controlLoaded: false,
  });
  expect(drawn.width).toBeGreaterThan(0);
  expect(drawn.colours).toBeGreaterThan(1);
});
