import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';
import { BOOKMARK_COMMENT_MAX, BOOKMARK_TAGS_MAX } from './actions.ts';

const { app, state } = testSandbox();

const [demo, safe] = [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[1]!];
const BAD = { error: true, message: '不正なリクエストです。', body: [] };

function post(
  path: string,
  payload: object | string,
  { account = demo, csrf = account.csrfToken as string | null } = {},
) {
  const headers: Record<string, string> = {
    cookie: `PHPSESSID=${account.phpsessid}`,
    'content-type':
      typeof payload === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
  };
  if (csrf !== null) headers['x-csrf-token'] = csrf;
  return app.inject({ method: 'POST', url: `/www.pixiv.net${path}`, headers, payload });
}

async function appApi(path: string, account = 0) {
  const token = await demoAccessToken(app, account);
  return app
    .inject({ url: `/app-api.pixiv.net${path}`, headers: { authorization: `Bearer ${token}` } })
    .then((r) => r.json() as Record<string, unknown>);
}

const work = () => state.data.work(1234);
const artist = () => state.data.work(1234).user;

describe('www form posts need the session and its CSRF token', () => {
  it('refuses anonymous posts with 400 and a missing or foreign token with 403', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/www.pixiv.net/ajax/illusts/bookmarks/add',
      payload: { illust_id: String(work().id), restrict: 0, comment: '', tags: [] },
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual(BAD);
    for (const csrf of [null, safe.csrfToken, 'x'.repeat(32)]) {
      for (const [path, payload] of [
        ['/ajax/illusts/bookmarks/add', { illust_id: String(work().id), restrict: 0, tags: [] }],
        ['/ajax/illusts/bookmarks/delete', 'bookmark_id=1'],
        ['/rpc/index.php', 'mode=delete_illust_bookmark&bookmark_id=1'],
        ['/bookmark_add.php', `mode=add&type=user&user_id=${artist().id}&restrict=0`],
        ['/rpc_group_setting.php', `mode=del&type=bookuser&id=${artist().id}`],
      ] as const) {
        const res = await post(path, payload, { csrf });
        expect(res.statusCode, `${path} ${csrf}`).toBe(403);
        expect(res.json()).toMatchObject({ error: true, body: [] });
      }
    }
    expect(state.social.of(demo.userId).bookmarks.size).toBe(0);
    expect(state.social.of(demo.userId).follows.size).toBe(0);
  });
});

describe('bookmark add and delete', () => {
  it('adds with restrict and tags, shows in the app API, deletes by bookmark id', async () => {
    const id = work().id;
    const add = await post('/ajax/illusts/bookmarks/add', {
      illust_id: String(id),
      restrict: 1,
      comment: 'いいね',
      tags: ['推し'],
    });
    expect(add.statusCode).toBe(200);
    const body = (add.json() as { body: { last_bookmark_id: string } }).body;
    expect(body.last_bookmark_id).toMatch(/^\d+$/);
    expect(state.social.of(demo.userId).bookmarks.get(id)).toEqual({
      id: Number(body.last_bookmark_id),
      restrict: 'private',
      tags: ['推し'],
    });
    const detail = (await appApi(`/v1/illust/detail?illust_id=${id}`)) as {
      illust: { is_bookmarked: boolean };
    };
    expect(detail.illust.is_bookmarked).toBe(true);
    const list = (await appApi(
      `/v1/user/bookmarks/illust?user_id=${demo.userId}&restrict=private`,
    )) as { illusts: { id: number }[] };
    expect(list.illusts.map((i) => i.id)).toEqual([id]);

    const del = await post(
      '/ajax/illusts/bookmarks/delete',
      `bookmark_id=${body.last_bookmark_id}`,
    );
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ error: false, message: '', body: [] });
    const after = (await appApi(`/v1/illust/detail?illust_id=${id}`)) as {
      illust: { is_bookmarked: boolean };
    };
    expect(after.illust.is_bookmarked).toBe(false);
    // the older rpc form deletes too
    await post('/ajax/illusts/bookmarks/add', { illust_id: id, restrict: 0, tags: [] });
    const again = state.social.of(demo.userId).bookmarks.get(id)!;
    const rpc = await post('/rpc/index.php', `mode=delete_illust_bookmark&bookmark_id=${again.id}`);
    expect(rpc.statusCode).toBe(200);
    expect(state.social.of(demo.userId).bookmarks.has(id)).toBe(false);
  });

  it('validates the fields pixiv checks', async () => {
    const id = String(work().id);
    for (const payload of [
      { illust_id: 'abc', restrict: 0, tags: [] },
      { illust_id: id, restrict: 2, tags: [] },
      { illust_id: id, restrict: 0, tags: 'a b' },
      { illust_id: id, restrict: 0, tags: Array.from({ length: BOOKMARK_TAGS_MAX + 1 }, String) },
      { illust_id: id, restrict: 0, tags: [], comment: 'x'.repeat(BOOKMARK_COMMENT_MAX + 1) },
    ]) {
      const res = await post('/ajax/illusts/bookmarks/add', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual(BAD);
    }
    const unknown = await post('/ajax/illusts/bookmarks/add', {
      illust_id: '1',
      restrict: 0,
      tags: [],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/ajax/illusts/bookmarks/delete', 'bookmark_id=99')).statusCode).toBe(400);
    expect((await post('/rpc/index.php', 'mode=other&bookmark_id=1')).statusCode).toBe(400);
  });
});

describe('follow add and delete', () => {
  it('follows with bookmark_add.php, shows in is_followed, unfollows with rpc_group_setting.php', async () => {
    const user = artist();
    const add = await post(
      '/bookmark_add.php',
      `mode=add&type=user&user_id=${user.id}&restrict=1&format=json`,
      { account: safe },
    );
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual([]);
    expect(state.social.of(safe.userId).follows.get(user.id)).toBe('private');
    const detail = (await appApi(`/v1/user/detail?user_id=${user.id}`, 1)) as {
      user: { is_followed: boolean };
    };
    expect(detail.user.is_followed).toBe(true);
    const del = await post('/rpc_group_setting.php', `mode=del&type=bookuser&id=${user.id}`, {
      account: safe,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ type: 'bookuser', id: String(user.id) });
    expect(state.social.of(safe.userId).follows.has(user.id)).toBe(false);
    for (const form of [
      `mode=add&type=illust&user_id=${user.id}`,
      `mode=add&type=user&user_id=${user.id}&restrict=2`,
      'mode=add&type=user&user_id=1',
    ]) {
      expect((await post('/bookmark_add.php', form, { account: safe })).statusCode, form).toBe(400);
    }
    expect(
      (await post('/rpc_group_setting.php', `mode=add&type=bookuser&id=${user.id}`)).statusCode,
    ).toBe(400);
  });
});
