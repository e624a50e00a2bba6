import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { TEST_NOW, demoAccessToken } from '../../test-helpers.ts';
import { DEMO_ACCOUNTS } from '../../accounts.ts';

const { app, state } = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
let token = '';
let other = '';
beforeAll(async () => {
  await app.ready();
  token = await demoAccessToken(app, 0);
  other = await demoAccessToken(app, 1);
});
afterAll(() => app.close());

const call = (path: string, as = token) =>
  app.inject({ url: `/app-api.pixiv.net${path}`, headers: { authorization: `Bearer ${as}` } });
const get = async (path: string, as = token) => (await call(path, as)).json() as unknown;
const post = (path: string, form: URLSearchParams, as = token) =>
  app.inject({
    method: 'POST',
    url: `/app-api.pixiv.net${path}`,
    payload: form.toString(),
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
const form = (entries: [string, string][]) => new URLSearchParams(entries);
const me = DEMO_ACCOUNTS[0]!.userId;

describe('/v2/illust/bookmark/detail and /v2/novel/bookmark/detail', () => {
  it('an illust: not bookmarked, then the bookmark’s restrict and tags registered, for that account only', async () => {
    const work = state.data.work(200);
    const own = work.tags.map((t) => t.name);
    const path = `/v2/illust/bookmark/detail?illust_id=${work.id}`;
    expect(await get(path)).toEqual({
      bookmark_detail: {
        is_bookmarked: false,
        tags: own.map((name) => ({ name, is_registered: false })),
        restrict: 'public',
      },
    });
    await post(
      '/v2/illust/bookmark/add',
      form([
        ['illust_id', String(work.id)],
        ['restrict', 'private'],
        ['tags[0]', own[0]!],
        ['tags[1]', 'お気に入り'],
      ]),
    );
    expect(await get(path)).toEqual({
      bookmark_detail: {
        is_bookmarked: true,
        tags: [
          ...own.map((name, k) => ({ name, is_registered: k === 0 })),
          { name: 'お気に入り', is_registered: true },
        ],
        restrict: 'private',
      },
    });
    expect((await get(path, other)) as object).toMatchObject({
      bookmark_detail: { is_bookmarked: false },
    });
    await post('/v1/illust/bookmark/delete', form([['illust_id', String(work.id)]]));
    expect((await get(path)) as object).toMatchObject({
      bookmark_detail: { is_bookmarked: false, restrict: 'public' },
    });
  });

  it('a novel, and pixiv’s 404 for unknown ids', async () => {
    const novel = state.novels.at(10);
    const path = `/v2/novel/bookmark/detail?novel_id=${novel.id}`;
    await post(
      '/v2/novel/bookmark/add',
      form([
        ['novel_id', String(novel.id)],
        ['restrict', 'public'],
        ['tags[]', 'あとで読む'],
      ]),
    );
    expect(await get(path)).toEqual({
      bookmark_detail: {
        is_bookmarked: true,
        tags: [
          ...novel.tags.map((t) => ({ name: t.name, is_registered: false })),
          { name: 'あとで読む', is_registered: true },
        ],
        restrict: 'public',
      },
    });
    await post('/v1/novel/bookmark/delete', form([['novel_id', String(novel.id)]]));
    const missing = await call('/v2/illust/bookmark/detail?illust_id=1');
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { error: { user_message: string } }).error.user_message).toBe(
      '該当作品は削除されたか、存在しない作品IDです。',
    );
    expect((await call('/v2/novel/bookmark/detail?novel_id=x')).statusCode).toBe(404);
  });
});

describe('/v1/user/bookmark-tags/illust and /novel', () => {
  it('counts the tags of the user’s bookmarks per restrict, most used first, 30 a page', async () => {
    // 35 bookmarks of at most 3 tags (pixiv allows 10): solo00…solo34 once each, `common` on
    // the first 20, `half` on the even ones (18).
    for (let n = 0; n < 35; n++) {
      const tags = [`solo${String(n).padStart(2, '0')}`];
      if (n < 20) tags.push('common');
      if (n % 2 === 0) tags.push('half');
      await post(
        '/v2/illust/bookmark/add',
        form([
          ['illust_id', String(state.data.work(300 + n).id)],
          ['restrict', 'public'],
          ...tags.map((tag, k): [string, string] => [`tags[${k}]`, tag]),
        ]),
      );
    }
    await post(
      '/v2/illust/bookmark/add',
      form([
        ['illust_id', String(state.data.work(400).id)],
        ['restrict', 'private'],
        ['tags[]', 'secret'],
      ]),
    );
    type Tags = { bookmark_tags: { name: string; count: number }[]; next_url: string | null };
    const first = (await get(
      `/v1/user/bookmark-tags/illust?user_id=${me}&restrict=public`,
    )) as Tags;
    expect(first.bookmark_tags).toHaveLength(30);
    expect(first.bookmark_tags.slice(0, 3)).toEqual([
      { name: 'common', count: 20 },
      { name: 'half', count: 18 },
      { name: 'solo00', count: 1 },
    ]);
    expect(first.bookmark_tags[29]).toEqual({ name: 'solo27', count: 1 });
    expect(first.next_url).toBe(
      `https://app-api.pixiv.net/v1/user/bookmark-tags/illust?user_id=${me}&restrict=public&offset=30`,
    );
    const second = (await get(
      `/v1/user/bookmark-tags/illust?user_id=${me}&restrict=public&offset=30`,
    )) as Tags;
    expect(second.bookmark_tags.map((t) => t.name)).toEqual([
      'solo28',
      'solo29',
      'solo30',
      'solo31',
      'solo32',
      'solo33',
      'solo34',
    ]);
    expect(second.next_url).toBeNull();
    expect(
      await get(`/v1/user/bookmark-tags/illust?user_id=${me}&restrict=public&offset=60`),
    ).toEqual({ bookmark_tags: [], next_url: null });
    // Without user_id: the account's own; private ones are the owner's alone.
    expect(await get('/v1/user/bookmark-tags/illust?restrict=private')).toEqual({
      bookmark_tags: [{ name: 'secret', count: 1 }],
      next_url: null,
    });
    expect(
      await get(`/v1/user/bookmark-tags/illust?user_id=${me}&restrict=private`, other),
    ).toEqual({ bookmark_tags: [], next_url: null });
    expect((await call('/v1/user/bookmark-tags/illust?restrict=all')).statusCode).toBe(400);
    expect(await get(`/v1/user/bookmark-tags/novel?user_id=${me}`)).toEqual({
      bookmark_tags: [],
      next_url: null,
    });
    await post(
      '/v2/novel/bookmark/add',
      form([
        ['novel_id', String(state.novels.at(20).id)],
        ['restrict', 'public'],
        ['tags[]', '長編'],
      ]),
    );
    expect(await get(`/v1/user/bookmark-tags/novel?user_id=${me}`)).toEqual({
      bookmark_tags: [{ name: '長編', count: 1 }],
      next_url: null,
    });
  });
});
