import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@pv/sandbox';
import type { RawIllustListResponse } from '@pv/core';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { USER_TOKEN_HEADER } from './index.ts';

let t: TestServer;
let work: { id: number; user: { id: number } };
beforeAll(async () => {
  t = await startTestServer();
  work = (
    (
      await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
    ).json() as RawIllustListResponse
  ).illusts[4]!;
});
afterAll(() => t.close());

const me = { [USER_TOKEN_HEADER]: DEMO_ACCOUNTS[1]!.refreshToken };
const call = (route: string, path: string, json: object, headers: Record<string, string> = me) =>
  t.app.inject({
    url: `/api/pixiv/${route}?path=${encodeURIComponent(path)}&${route === 'req_get' ? 'params' : 'data'}=${encodeURIComponent(JSON.stringify(json))}`,
    headers,
  });

describe('req_post and req_get with the user’s own token', () => {
  it('a bookmark or follow drops the user’s cached detail, so it shows the new state', async () => {
    const other = (
      (
        await t.app.inject({ url: '/api/pixiv/rank?mode=day&date=2026-11-19' })
      ).json() as RawIllustListResponse
    ).illusts[7]!;
    const detail = () => t.app.inject({ url: `/api/pixiv/illust?id=${other.id}`, headers: me });
    const member = () =>
      t.app.inject({ url: `/api/pixiv/member?id=${other.user.id}`, headers: me });
    expect((await detail()).json()).toHaveProperty('illust.is_bookmarked', false);
    expect((await detail()).headers['x-cache-hit']).toBe('true');
    expect((await member()).json()).toHaveProperty('user.is_followed', false);
    await call('req_post', 'v2/illust/bookmark/add', { illust_id: other.id, restrict: 'public' });
    await call('req_post', 'v1/user/follow/add', { user_id: other.user.id, restrict: 'public' });
    const after = await detail();
    expect(after.headers['x-cache-hit']).toBeUndefined();
    expect(after.json()).toHaveProperty('illust.is_bookmarked', true);
    expect((await member()).json()).toHaveProperty('user.is_followed', true);
    await call('req_post', 'v1/illust/bookmark/delete', { illust_id: other.id });
    await call('req_post', 'v1/user/follow/delete', { user_id: other.user.id });
    expect((await detail()).json()).toHaveProperty('illust.is_bookmarked', false);
    expect((await member()).json()).toHaveProperty('user.is_followed', false);
  });

  it('bookmarks a novel and unbookmarks it, the cached novel detail following', async () => {
    const novel = (
      (await t.app.inject({ url: '/api/pixiv/rank_novel?mode=day&date=2026-11-19' })).json() as {
        novels: { id: number }[];
      }
    ).novels[3]!;
    const detail = () =>
      t.app.inject({ url: `/api/pixiv/novel_detail?id=${novel.id}`, headers: me });
    expect((await detail()).json()).toHaveProperty('novel.is_bookmarked', false);
    expect(
      (await call('req_post', 'v2/novel/bookmark/add', { novel_id: novel.id })).statusCode,
    ).toBe(200);
    expect((await detail()).json()).toHaveProperty('novel.is_bookmarked', true);
    await call('req_post', 'v1/novel/bookmark/delete', { novel_id: novel.id });
    expect((await detail()).json()).toHaveProperty('novel.is_bookmarked', false);
    expect((await call('req_post', 'v2/novel/bookmark/add', {})).json()).toMatchObject({
      detail: 'novel_id required',
    });
  });

  it('bookmarks and follows as that user; the follow feed then holds the author’s works', async () => {
    const add = await call('req_post', 'v2/illust/bookmark/add', {
      illust_id: work.id,
      restrict: 'public',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({});
    const detail = await t.app.inject({
      url: `/api/pixiv/illust?id=${work.id}`,
      headers: { ...me, 'cache-control': 'no-store' },
    });
    expect(detail.json()).toHaveProperty('illust.is_bookmarked', true);
    // the server's own account did not bookmark anything
    const asServer = await t.app.inject({
      url: `/api/pixiv/illust?id=${work.id}`,
      headers: { 'cache-control': 'no-store' },
    });
    expect(asServer.json()).toHaveProperty('illust.is_bookmarked', false);

    expect(
      (await call('req_post', 'v1/user/follow/add', { user_id: work.user.id })).statusCode,
    ).toBe(200);
    const feed = await call('req_get', 'v2/illust/follow', { restrict: 'public' });
    const body = feed.json() as RawIllustListResponse;
    expect(body.illusts.length).toBeGreaterThan(0);
    expect([...new Set(body.illusts.map((i) => i.user.id))]).toEqual([work.user.id]);
    expect(
      (await call('req_post', 'v1/user/follow/delete', { user_id: work.user.id })).statusCode,
    ).toBe(200);
    expect(
      ((await call('req_get', 'v2/illust/follow', {})).json() as RawIllustListResponse).illusts,
    ).toEqual([]);
  });

  it('posts a comment and a reply of up to 140 characters as the user', async () => {
    const text = 'い'.repeat(140);
    const root = await call('req_post', 'v1/illust/comment/add', {
      illust_id: work.id,
      comment: text,
    });
    expect(root.statusCode).toBe(200);
    const posted = (root.json() as { comment: { id: number; comment: string } }).comment;
    expect(posted.comment).toBe(text);
    const reply = await call('req_post', 'v1/illust/comment/add', {
      illust_id: work.id,
      comment: 'reply',
      parent_comment_id: posted.id,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toHaveProperty('comment.comment', 'reply');
  });

  it('answers the wrapper rejections', async () => {
    const cases: [string, string, object, string][] = [
      ['req_post', '', {}, 'Url cannot be empty'],
      ['req_post', 'v1/user/detail', {}, "Can't make a request"],
      ['req_get', 'https://evil.example/x', {}, "Can't make a request"],
      ['req_post', 'v2/illust/bookmark/add', {}, 'illust_id required'],
      [
        'req_post',
        'v2/illust/bookmark/add',
        { illust_id: 1, restrict: 'friends' },
        'invalid restrict value',
      ],
      ['req_post', 'v2/illust/bookmark/add', { illust_id: 1, tags: 'a' }, 'invalid tags value'],
      ['req_post', 'v1/user/follow/add', {}, 'user_id required'],
      ['req_post', 'v1/illust/comment/add', { comment: 'x' }, 'illust_id required'],
      ['req_post', 'v1/illust/comment/add', { illust_id: 1, comment: '  ' }, 'comment required'],
      [
        'req_post',
        'v1/illust/comment/add',
        { illust_id: 1, comment: 'あ'.repeat(141) },
        'comment must be at most 140 characters',
      ],
      [
        'req_post',
        'v1/illust/comment/add',
        { illust_id: 1, comment: 'x', parent_comment_id: 'a' },
        'comment_id required',
      ],
    ];
    for (const [route, path, json, message] of cases) {
      const res = await call(route, path, json);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ detail: message });
    }
  });

  it('needs the user’s token: the server never acts for anyone', async () => {
    const res = await call('req_post', 'v2/illust/bookmark/add', { illust_id: work.id }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'login.required' });
  });
});
