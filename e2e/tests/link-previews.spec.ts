import { expect, test } from './fixtures.ts';
import { rankingDateWindow } from '@pv/core';
import { expectImageLoaded } from './helpers.ts';

/**
 * Link previews (issue 19): the server adds the card, oEmbed discovery and canonical URL to the
 * artwork page's head; the app still renders on that page. The tags' values and the other page
 * kinds are covered in packages/server/src/routes/share/share.test.ts.
 */

interface RawWork {
  id: number;
  title: string;
  x_restrict: number;
  illust_ai_type: number;
  user: { name: string };
}

test('the artwork page carries its card and oEmbed link, and the app renders it', async ({
  page,
  request,
}) => {
  const date = rankingDateWindow(new Date()).defaultDate;
  const res = await request.get(`/api/pixiv/rank?mode=day&date=${date}`);
  const works = ((await res.json()) as { illusts: RawWork[] }).illusts;
  const work = works.find((w) => w.x_restrict === 0 && w.illust_ai_type !== 2)!;
  await page.goto(`/artworks/${work.id}`);
  const head = page.locator('head');
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${work.title} - ${work.user.name}`,
  );
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/i\/img-master\//,
  );
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/artworks/${work.id}$`),
  );
  const oembed = await head
    .locator('link[rel="alternate"][type="application/json+oembed"]')
    .getAttribute('href');
  const answer = await request.get(oembed!);
  expect(await answer.json()).toMatchObject({ type: 'photo', title: work.title });
  // the app itself: the work's title and picture on screen
  await expect(page.getByTestId('artwork-title')).toHaveText(work.title, { timeout: 30_000 });
  await expectImageLoaded(page.getByTestId('artwork-image').first());
});
