import { beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../../app.ts';
import { COMMENT_MAX_LENGTH, EMOJI } from '../../data/comments.ts';
import { TEST_NOW, appPost, demoAccessToken, testSandbox } from '../../test-helpers.ts';

const { app, state } = testSandbox();
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
});

interface V3Comment {
  id: number;
  comment: string;
  date: string;
  user: { id: number; name: string; profile_image_urls: { medium: string } } | null;
  has_replies: boolean;
  stamp: { stamp_id: number; stamp_url: string } | null;
}
interface V3Page {
  total_comments?: number;
  comments: V3Comment[];
  next_url: string | null;
  comment_access_control?: number;
}

const get = (path: string) =>
  app.inject({ url: `/app-api.pixiv.net${path}`, headers: { authorization: `Bearer ${token}` } });
const getJson = async <T = V3Page>(path: string) => (await get(path)).json() as T;
const post = (path: string, form: Record<string, string>) => appPost(app, path, form, token);

/** A work with more than two pages of comments. */
function busyWork() {
  for (let i = 0; i < state.data.illustCount; i++) {
    const work = state.data.work(i);
    if (work.comments > 70 && work.comments < 200) return work;
  }
  throw new Error('no busy work');
}

/** Every root and every reply of a work, through the API. */
async function wholeThread(kind: 'illust' | 'novel', id: number) {
  const roots: V3Comment[] = [];
  let url: string | null = `/v3/${kind}/comments?${kind}_id=${id}`;
  while (url) {
    const page: V3Page = await getJson(url.replace('https://app-api.pixiv.net', ''));
    roots.push(...page.comments);
    url = page.next_url;
  }
  const replies = new Map<number, V3Comment[]>();
  for (const root of roots.filter((c) => c.has_replies)) {
    const page = await getJson(`/v2/${kind}/comment/replies?comment_id=${root.id}`);
    replies.set(root.id, page.comments);
  }
  return { roots, replies };
}

describe('app API comments', () => {
  it('serves as many comments as the work has, roots newest first in pages of 30, replies under their roots', async () => {
    const work = busyWork();
    const detail = await getJson<{ illust: { total_comments: number } }>(
      `/v1/illust/detail?illust_id=${work.id}`,
    );
    const first = await getJson(
      `/v3/illust/comments?illust_id=${work.id}&include_total_comments=true`,
    );
    expect(first.total_comments).toBe(detail.illust.total_comments);
    expect(first.comment_access_control).toBe(0);
    expect(first.comments).toHaveLength(30);
    expect(first.next_url).toBe(
      `https://app-api.pixiv.net/v3/illust/comments?illust_id=${work.id}&include_total_comments=true&offset=30`,
    );
    const { roots, replies } = await wholeThread('illust', work.id);
    const replyCount = [...replies.values()].reduce((n, list) => n + list.length, 0);
    expect(roots.length + replyCount).toBe(work.comments);
    expect(replyCount).toBeGreaterThan(0);
    const dates = roots.map((c) => Date.parse(c.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const [rootId, list] of replies) {
      const root = roots.find((c) => c.id === rootId)!;
      expect(list.length).toBeGreaterThan(0);
      for (const r of list)
        expect(Date.parse(r.date)).toBeGreaterThanOrEqual(Date.parse(root.date));
    }
    expect(roots.every((c) => Date.parse(c.date) > work.created)).toBe(true);
    // Past the end: an empty page, not an error.
    const past = await getJson(`/v3/illust/comments?illust_id=${work.id}&offset=9000`);
    expect(past).toMatchObject({ comments: [], next_url: null });
  });

  it('writes comments by dataset users (or the author, or a deleted user), with stamps and emoji of pixiv sets', async () => {
    const stamps: V3Comment[] = [];
    const texts: string[] = [];
    let checked = 0;
    for (let i = 0; i < state.data.illustCount && checked < 40; i++) {
      const work = state.data.work(i);
      if (work.comments < 20) continue;
      checked++;
      const { roots, replies } = await wholeThread('illust', work.id);
      for (const c of [...roots, ...[...replies.values()].flat()]) {
        if (c.user) {
          const known = state.data.user(c.user.id);
          expect(known?.name, String(c.user.id)).toBe(c.user.name);
        }
        if (c.stamp) stamps.push(c);
        else texts.push(c.comment);
      }
    }
    expect(stamps.length).toBeGreaterThan(0);
    for (const s of stamps) {
      expect(s.comment).toBe('');
      expect(s.stamp!.stamp_url).toBe(
        `https://s.pximg.net/common/images/stamp/generated-stamps/${s.stamp!.stamp_id}_s.jpg?20180605`,
      );
    }
    const stamp = await app.inject({
      url: stamps[0]!.stamp!.stamp_url.replace('https://s.pximg.net', '/s.pximg.net'),
    });
    expect(stamp.statusCode).toBe(200);
    expect(stamp.headers['content-type']).toBe('image/jpeg');
    expect(stamp.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(
      (await app.inject({ url: '/s.pximg.net/common/images/stamp/generated-stamps/999_s.jpg' }))
        .statusCode,
    ).toBe(404);
    const emoji = texts.flatMap((t) => [...t.matchAll(/\(([a-z0-9]+)\)/g)].map((m) => m[1]!));
    expect(emoji.length).toBeGreaterThan(0);
    expect(emoji.every((name) => name in EMOJI)).toBe(true);
    expect(Object.keys(EMOJI)).toHaveLength(37);
    const png = await app.inject({
      url: `/s.pximg.net/common/images/emoji/${EMOJI[emoji[0]!]}.png`,
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('is deterministic per seed', async () => {
    const work = busyWork();
    const other = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
    const otherToken = await demoAccessToken(other.app, 0);
    const res = await other.app.inject({
      url: `/app-api.pixiv.net/v3/illust/comments?illust_id=${work.id}&offset=30`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(res.json()).toEqual(await getJson(`/v3/illust/comments?illust_id=${work.id}&offset=30`));
    await other.app.close();
  });

  it('v1 lists replies too, with parent_comment; v2 illust comments are retired (404 {})', async () => {
    const work = busyWork();
    const v1 = await getJson<{
      total_comments: number;
      comments: { id: number; parent_comment: { id?: number } }[];
    }>(`/v1/illust/comments?illust_id=${work.id}&include_total_comments=true`);
    expect(v1.total_comments).toBe(work.comments);
    const all = [];
    let url: string | null = `/v1/illust/comments?illust_id=${work.id}`;
    while (url) {
      const page: { comments: { parent_comment: { id?: number } }[]; next_url: string | null } =
        await getJson(url.replace('https://app-api.pixiv.net', ''));
      all.push(...page.comments);
      url = page.next_url;
    }
    expect(all).toHaveLength(work.comments);
    expect(all.some((c) => typeof c.parent_comment.id === 'number')).toBe(true);
    expect(all.some((c) => Object.keys(c.parent_comment).length === 0)).toBe(true);
    const v2 = await get(`/v2/illust/comments?illust_id=${work.id}`);
    expect(v2.statusCode).toBe(404);
    expect(v2.json()).toEqual({});
  });

  it('answers 404 for unknown works and comments', async () => {
    expect((await get('/v3/illust/comments?illust_id=1')).statusCode).toBe(404);
    expect((await get('/v2/illust/comment/replies?comment_id=5')).statusCode).toBe(404);
    expect((await get('/v3/illust/comments?illust_id=x')).statusCode).toBe(404);
  });

  it('posts comments and replies that persist for this sandbox run, 140 characters at most', async () => {
    const work = state.data.work(1234);
    const before = await getJson(
      `/v3/illust/comments?illust_id=${work.id}&include_total_comments=true`,
    );
    const added = await post('/v1/illust/comment/add', {
      illust_id: String(work.id),
      comment: 'テストコメント(happy)',
    });
    expect(added.statusCode).toBe(200);
    const comment = added.json().comment as V3Comment;
    expect(comment).toMatchObject({
      comment: 'テストコメント(happy)',
      has_replies: false,
      stamp: null,
    });
    expect(comment.user!.id).toBe(11_000_001);
    const after = await getJson(
      `/v3/illust/comments?illust_id=${work.id}&include_total_comments=true`,
    );
    expect(after.total_comments).toBe(before.total_comments! + 1);
    expect(after.comments[0]!.id).toBe(comment.id);

    const reply = await post('/v1/illust/comment/add', {
      illust_id: String(work.id),
      comment: 'x'.repeat(COMMENT_MAX_LENGTH),
      parent_comment_id: String(comment.id),
    });
    expect(reply.statusCode).toBe(200);
    const root = (await getJson(`/v3/illust/comments?illust_id=${work.id}`)).comments[0]!;
    expect(root).toMatchObject({ id: comment.id, has_replies: true });
    const replies = await getJson(`/v2/illust/comment/replies?comment_id=${comment.id}`);
    expect(replies.comments.map((c) => c.id)).toEqual([reply.json().comment.id]);

    const stamp = await post('/v1/illust/comment/add', {
      illust_id: String(work.id),
      stamp_id: '301',
    });
    expect(stamp.json().comment.stamp.stamp_id).toBe(301);

    for (const form of <Record<string, string>[]>[
      { illust_id: String(work.id), comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
      { illust_id: String(work.id), comment: '  ' },
      { illust_id: String(work.id), stamp_id: '7' },
      { illust_id: String(work.id), comment: 'a', parent_comment_id: 'abc' },
    ]) {
      expect((await post('/v1/illust/comment/add', form)).statusCode, JSON.stringify(form)).toBe(
        400,
      );
    }
    expect(
      (
        await post('/v1/illust/comment/add', {
          illust_id: String(work.id),
          comment: 'a',
          parent_comment_id: '5',
        })
      ).statusCode,
    ).toBe(404);

    const fresh = buildSandboxApp({ now: TEST_NOW, illustCount: 5_000, userCount: 400 });
    const t2 = await demoAccessToken(fresh.app, 0);
    const elsewhere = await fresh.app.inject({
      url: `/app-api.pixiv.net/v3/illust/comments?illust_id=${work.id}&include_total_comments=true`,
      headers: { authorization: `Bearer ${t2}` },
    });
    expect(elsewhere.json().total_comments).toBe(before.total_comments);
    await fresh.app.close();
  });

  it('serves novel comments from the novel dataset, with replies and posting', async () => {
    let novel = state.novels.at(0);
    for (let i = 0; i < state.novels.count && novel.comments < 35; i++) novel = state.novels.at(i);
    const v3 = await getJson(`/v3/novel/comments?novel_id=${novel.id}&include_total_comments=true`);
    expect(v3.total_comments).toBe(novel.comments);
    const { roots, replies } = await wholeThread('novel', novel.id);
    const replyCount = [...replies.values()].reduce((n, list) => n + list.length, 0);
    expect(roots.length + replyCount).toBe(novel.comments);
    const v2 = await getJson(`/v2/novel/comments?novel_id=${novel.id}`);
    expect(v2.comments).toEqual(roots.slice(0, 30));
    const v1 = await getJson<{ total_comments: number }>(`/v1/novel/comments?novel_id=${novel.id}`);
    expect(v1.total_comments).toBe(novel.comments);
    const added = await post('/v1/novel/comment/add', {
      novel_id: String(novel.id),
      comment: '続きが読みたい',
    });
    expect(added.statusCode).toBe(200);
    const after = await getJson(`/v3/novel/comments?novel_id=${novel.id}`);
    expect(after.comments[0]!.comment).toBe('続きが読みたい');
    // A novel comment id is not an illust comment.
    expect((await get(`/v2/illust/comment/replies?comment_id=${roots[0]!.id}`)).statusCode).toBe(
      404,
    );
  });
});
