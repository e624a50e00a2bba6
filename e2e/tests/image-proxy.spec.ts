import { expect, test } from '@playwright/test';
import { rankingDateWindow } from '@pv/core';
import { SANDBOX_BASE_URL } from '../env.ts';

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
