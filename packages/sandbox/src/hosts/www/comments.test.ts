import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccessToken, testSandbox } from '../../test-helpers.ts';
import { WEB_COMMENTS_MAX_LIMIT } from './comments.ts';

const { app, state } = testSandbox();
let token = '';
beforeAll(async () => {
  token = await demoAccessToken(app, 0);
});

interface WebComment {
  id: string;
  userId: string;
  userName: string;
  isDeletedUser: boolean;
  comment: string;
  stampId: string | null;
  stampLink: string | null;
  commentDate: string;
  commentRootId: string | null;
  commentParentId: string | null;
  replyToUserId: string | null;
  hasReplies: boolean;
}
interface Envelope {
  error: boolean;
  message: string;
  body: { comments: WebComment[]; hasNext: boolean };
}
const web = async (path: string) => {
  const res = await app.inject({ url: `/www.pixiv.net${path}` });
  return { status: res.statusCode, json: res.json() as Envelope };
};

function workWith(min: number) {
  for (let i = 0; i < state.data.illustCount; i++) {
    const w = state.data.work(i);
    if (w.comments >= min) return w;
  }
  throw new Error('none');
}

describe('www comment ajax', () => {
  it('pages roots by offset and limit with hasNext, the same comments as the app API, string ids', async () => {
    const work = workWith(40);
    const first = await web(`/ajax/illusts/comments/roots?illust_id=${work.id}&offset=0&limit=3`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ error: false, message: '' });
    expect(first.json.body.comments).toHaveLength(3);
    expect(first.json.body.hasNext).toBe(true);
    const app3 = (
      await app.inject({
        url: `/app-api.pixiv.net/v3/illust/comments?illust_id=${work.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { comments: { id: number; has_replies: boolean }[] };
    expect(first.json.body.comments.map((c) => c.id)).toEqual(
      app3.comments.slice(0, 3).map((c) => String(c.id)),
    );
    const c = first.json.body.comments[0]!;
    expect(c.commentDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(typeof c.userId).toBe('string');
    expect(c.commentRootId).toBeNull();
    // Walk every root.
    const roots: WebComment[] = [];
    for (let offset = 0; ; offset += 30) {
      const page = await web(
        `/ajax/illusts/comments/roots?illust_id=${work.id}&offset=${offset}&limit=30`,
      );
      roots.push(...page.json.body.comments);
      if (!page.json.body.hasNext) break;
    }
    const withReplies = roots.filter((r) => r.hasReplies);
    expect(withReplies.length).toBeGreaterThan(0);
    let replyCount = 0;
    for (const root of withReplies) {
      const replies = await web(`/ajax/illusts/comments/replies?comment_id=${root.id}&page=1`);
      expect(replies.json.error).toBe(false);
      for (const r of replies.json.body.comments) {
        expect(r.commentRootId).toBe(root.id);
        expect(r.replyToUserId).not.toBeNull();
      }
      replyCount += replies.json.body.comments.length;
    }
    expect(roots.length + replyCount).toBe(work.comments);
  });

  it(`refuses a limit above ${WEB_COMMENTS_MAX_LIMIT}, and answers error bodies for unknown ids`, async () => {
    const work = workWith(5);
    const over = await web(
      `/ajax/illusts/comments/roots?illust_id=${work.id}&limit=${WEB_COMMENTS_MAX_LIMIT + 1}`,
    );
    expect(over.status).toBe(400);
    expect(over.json.error).toBe(true);
    const max = await web(
      `/ajax/illusts/comments/roots?illust_id=${work.id}&limit=${WEB_COMMENTS_MAX_LIMIT}`,
    );
    expect(max.status).toBe(200);
    expect((await web('/ajax/illusts/comments/roots?illust_id=1')).status).toBe(404);
    const reply = await web('/ajax/illusts/comments/replies?comment_id=5&page=1');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ error: true, body: [] });
  });

  it('serves novel comment roots and replies', async () => {
    let novel = state.novels.at(0);
    for (let i = 0; i < state.novels.count; i++) {
      novel = state.novels.at(i);
      const thread = state.comments.thread({ kind: 'novel', ...novel });
      if (thread.roots.length <= 50 && thread.replies.size > 0) break;
    }
    const roots = await web(`/ajax/novels/comments/roots?novel_id=${novel.id}&offset=0&limit=50`);
    expect(roots.json.error).toBe(false);
    const root = roots.json.body.comments.find((c) => c.hasReplies)!;
    expect(root).toBeDefined();
    const replies = await web(`/ajax/novels/comments/replies?comment_id=${root.id}&page=1`);
    expect(replies.json.body.comments.length).toBeGreaterThan(0);
    // Not an illust comment.
    const wrong = await web(`/ajax/illusts/comments/replies?comment_id=${root.id}&page=1`);
    expect(wrong.json.error).toBe(true);
  });
});
