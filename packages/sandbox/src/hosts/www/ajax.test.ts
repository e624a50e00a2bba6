import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW } from '../../test-helpers.ts';

const { app } = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
beforeAll(() => app.ready());
afterAll(() => app.close());

interface Thumb {
  id: string;
  userId: string;
  xRestrict: number;
  url: string;
  urls: Record<string, string>;
}
interface Discovery {
  error: boolean;
  message: string;
  body: { recommendedIllusts: { illustId: string }[]; thumbnails: { illust: Thumb[] } };
}

describe('www /ajax/discovery/artworks', () => {
  it('answers the ajax envelope with string ids, safe works only in safe mode, reshuffled', async () => {
    const get = async (qs: string) =>
      (
        await app.inject({ url: `/www.pixiv.net/ajax/discovery/artworks?${qs}` })
      ).json() as Discovery;
    const a = await get('mode=safe&limit=18');
    expect(a.error).toBe(false);
    expect(a.body.thumbnails.illust).toHaveLength(18);
    expect(a.body.recommendedIllusts.map((r) => r.illustId)).toEqual(
      a.body.thumbnails.illust.map((t) => t.id),
    );
    expect(
      a.body.thumbnails.illust.every((t) => typeof t.id === 'string' && t.xRestrict === 0),
    ).toBe(true);
    expect(a.body.thumbnails.illust[0]!.urls['540x540']).toMatch(
      /^https:\/\/i\.pximg\.net\/c\/540x540_70\//,
    );
    const b = await get('mode=safe&limit=18');
    expect(b.body.thumbnails.illust.map((t) => t.id)).not.toEqual(
      a.body.thumbnails.illust.map((t) => t.id),
    );
    const r18 = await get('mode=r18&limit=10');
    expect(r18.body.thumbnails.illust.every((t) => t.xRestrict > 0)).toBe(true);
  });

  it('answers an error envelope for bad parameters', async () => {
    const res = await app.inject({ url: '/www.pixiv.net/ajax/discovery/artworks?mode=odd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, message: expect.any(String) });
  });
});
