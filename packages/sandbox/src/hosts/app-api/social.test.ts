import { beforeAll, describe, expect, it } from 'vitest';
import { appPost, demoAccessToken, testSandbox } from '../../test-helpers.ts';
import { DEMO_ACCOUNTS } from '../../accounts.ts';

const { app, state } = testSandbox();
let token = '';
let other = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
  other = await demoAccessToken(app, 1);
});

const post = (path: string, form: Record<string, string> | [string, string][], as = token) =>
  appPost(app, path, form, as);
const get = async (path: string, as = token) =>
  (
    await app.inject({
      url: `/app-api.pixiv.net${path}`,
      headers: { authorization: `Bearer ${as}` },
    })
  ).json() as {
    illust?: { is_bookmarked: boolean; user: { is_followed: boolean } };
    illusts: { id: number; user: { id: number } }[];
    next_url: string | null;
  };

describe('bookmarks and follows', () => {
  it('a bookmark shows in is_bookmarked and the bookmark list, for that account only, until deleted', async () => {
    const work = state.data.work(100);
    expect(
      (
        await post('/v2/illust/bookmark/add', { illust_id: String(work.id), restrict: 'public' })
      ).json(),
    ).toEqual({});
    expect((await get(`/v1/illust/detail?illust_id=${work.id}`)).illust!.is_bookmarked).toBe(true);
    expect((await get(`/v1/illust/detail?illust_id=${work.id}`, other)).illust!.is_bookmarked).toBe(
      false,
    );
    const me = DEMO_ACCOUNTS[0]!.userId;
    const list = await get(`/v1/user/bookmarks/illust?user_id=${me}&restrict=public`);
    expect(list.illusts.map((i) => i.id)).toEqual([work.id]);
    await post('/v1/illust/bookmark/delete', { illust_id: String(work.id) });
    expect((await get(`/v1/illust/detail?illust_id=${work.id}`)).illust!.is_bookmarked).toBe(false);
    expect(
      (await post('/v2/illust/bookmark/add', { illust_id: '1', restrict: 'public' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/v2/illust/bookmark/add', { illust_id: String(work.id), restrict: 'friends' }))
        .statusCode,
    ).toBe(400);
  });

  it('pages bookmarks newest first with the max_bookmark_id cursor; private ones stay private', async () => {
    const me = DEMO_ACCOUNTS[0]!.userId;
    const ids = Array.from({ length: 35 }, (_, i) => state.data.work(200 + i).id);
    for (const id of ids)
      await post('/v2/illust/bookmark/add', { illust_id: String(id), restrict: 'private' });
    const first = await get(`/v1/user/bookmarks/illust?user_id=${me}&restrict=private`);
    expect(first.illusts).toHaveLength(30);
    expect(first.illusts[0]!.id).toBe(ids.at(-1));
    const cursor = new URL(first.next_url!).searchParams.get('max_bookmark_id')!;
    const second = await get(
      `/v1/user/bookmarks/illust?user_id=${me}&restrict=private&max_bookmark_id=${cursor}`,
    );
    expect(second.illusts.map((i) => i.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.next_url).toBeNull();
    const seenByOther = await get(
      `/v1/user/bookmarks/illust?user_id=${me}&restrict=private`,
      other,
    );
    expect(seenByOther.illusts).toEqual([]);
  });

  it('reads bookmark tags sent as tags[] or indexed tags[0], tags[1] and filters the list by tag', async () => {
    const third = await demoAccessToken(app, 2);
    const me = DEMO_ACCOUNTS[2]!.userId;
    const [a, b, c] = [300, 301, 302].map((i) => state.data.work(i).id);
    await post(
      '/v2/illust/bookmark/add',
      { illust_id: String(a), restrict: 'public', 'tags[]': 'x' },
      third,
    );
    await post(
      '/v2/illust/bookmark/add',
      { illust_id: String(b), restrict: 'public', 'tags[0]': 'y', 'tags[1]': 'x' },
      third,
    );
    await post(
      '/v2/illust/bookmark/add',
      { illust_id: String(c), restrict: 'public', 'tagz[0]': 'x' },
      third,
    );
    const byTag = async (tag: string) =>
      (
        await get(`/v1/user/bookmarks/illust?user_id=${me}&restrict=public&tag=${tag}`, third)
      ).illusts.map((i) => i.id);
    expect(await byTag('x')).toEqual([b, a]);
    expect(await byTag('y')).toEqual([b]);
    // several tags[] fields, as pixivpy sends them, are several tags
    const d = state.data.work(303).id;
    await post(
      '/v2/illust/bookmark/add',
      [
        ['illust_id', String(d)],
        ['restrict', 'public'],
        ['tags[]', 'p'],
        ['tags[]', 'q'],
      ],
      third,
    );
    expect(await byTag('p')).toEqual([d]);
    expect(await byTag('q')).toEqual([d]);
  });

  it('a follow shows in is_followed and fills the follow feed, newest first', async () => {
    const author = state.data.work(300).user;
    await post('/v1/user/follow/add', { user_id: String(author.id), restrict: 'public' });
    const detail = await get(`/v1/illust/detail?illust_id=${state.data.work(300).id}`);
    expect(detail.illust!.user.is_followed).toBe(true);
    const feed = await get('/v2/illust/follow?restrict=all');
    expect(feed.illusts.length).toBeGreaterThan(0);
    expect(feed.illusts.every((i) => i.user.id === author.id)).toBe(true);
    expect((await get('/v2/illust/follow?restrict=private')).illusts).toEqual([]);
    await post('/v1/user/follow/delete', { user_id: String(author.id) });
    expect((await get('/v2/illust/follow?restrict=all')).illusts).toEqual([]);
  });
});

describe('following list', () => {
  it('lists followed users with their works, public and private apart', async () => {
    const a = state.data.work(400).user;
    const b = state.data.work(401).user;
    await post('/v1/user/follow/add', { user_id: String(a.id), restrict: 'public' });
    await post('/v1/user/follow/add', { user_id: String(b.id), restrict: 'private' });
    const me = DEMO_ACCOUNTS[0]!.userId;
    const res = await app.inject({
      url: `/app-api.pixiv.net/v1/user/following?user_id=${me}&restrict=public`,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = res.json() as { user_previews: { user: { id: number; is_followed: boolean } }[] };
    expect(body.user_previews.map((p) => p.user.id)).toEqual([a.id]);
    expect(body.user_previews[0]!.user.is_followed).toBe(true);
    const hidden = await app.inject({
      url: `/app-api.pixiv.net/v1/user/following?user_id=${me}&restrict=private`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect((hidden.json() as { user_previews: unknown[] }).user_previews).toEqual([]);
  });
});
