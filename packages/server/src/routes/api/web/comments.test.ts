import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-helpers.ts';
import { WEB_COMMENT_LIMIT_MAX } from './comment-routes.ts';

let t: TestServer;
let illustId: number;
let novelId: number;
beforeAll(async () => {
  t = await startTestServer();
  const { data, novels } = t.sandbox.state;
  illustId = data.ids[Array.from(data.bookmarks).findIndex((b) => b > 20_000)]!;
  novelId = novels.ids[Array.from(novels.bookmarks).findIndex((b) => b > 2_000)]!;
});
afterAll(() => t.close());

interface Roots {
  error: boolean;
  body: {
    comments: { id: string; hasReplies: boolean; commentRootId: string | null }[];
    hasNext: boolean;
  };
}

const get = (url: string) => t.app.inject({ url });
const www = async (path: string) => (await fetch(`${t.sandbox.hosts.www}${path}`)).json();

describe('GET /api/web comment routes', () => {
  it('proxies illust roots (3 by default) and replies verbatim, cached for ten minutes', async () => {
    const res = await get(`/api/web/illust_comment_roots?illust_id=${illustId}`);
    expect(res.statusCode).toBe(200);
    const roots = res.json() as Roots;
    expect(roots.error).toBe(false);
    expect(roots.body.comments).toHaveLength(3);
    expect(roots).toEqual(
      await www(`/ajax/illusts/comments/roots?illust_id=${illustId}&offset=0&limit=3`),
    );
    expect(res.headers['cache-control']).toBe('max-age=600');
    const again = await get(`/api/web/illust_comment_roots?illust_id=${illustId}`);
    expect(again.headers['x-cache-hit']).toBe('true');

    const page = (
      await get(`/api/web/illust_comment_roots?illust_id=${illustId}&offset=3&limit=30`)
    ).json() as Roots;
    expect(page.body.comments).toHaveLength(30);
    const root = [...roots.body.comments, ...page.body.comments].find((c) => c.hasReplies)!;
    const replies = (
      await get(`/api/web/illust_comment_replies?comment_id=${root.id}`)
    ).json() as Roots;
    expect(replies.body.comments.length).toBeGreaterThan(0);
    expect(replies.body.comments.every((c) => c.commentRootId === root.id)).toBe(true);
    expect(replies).toEqual(
      await www(`/ajax/illusts/comments/replies?comment_id=${root.id}&page=1`),
    );
  });

  it('proxies novel roots and replies', async () => {
    const roots = (
      await get(`/api/web/novel_comment_roots?novel_id=${novelId}&limit=${WEB_COMMENT_LIMIT_MAX}`)
    ).json() as Roots;
    expect(roots.error).toBe(false);
    expect(roots.body.comments.length).toBeGreaterThan(0);
    const root = roots.body.comments.find((c) => c.hasReplies)!;
    const replies = (
      await get(`/api/web/novel_comment_replies?comment_id=${root.id}&page=1`)
    ).json() as Roots;
    expect(replies.body.comments.length).toBeGreaterThan(0);
  });

  it('validates its parameters and passes upstream error bodies through uncached', async () => {
    for (const url of [
      'illust_comment_roots',
      `illust_comment_roots?illust_id=${illustId}&limit=${WEB_COMMENT_LIMIT_MAX + 1}`,
      `illust_comment_roots?illust_id=${illustId}&offset=-1`,
      'illust_comment_replies?comment_id=x',
      'novel_comment_roots?novel_id=0',
      'novel_comment_replies?comment_id=1&page=0',
    ]) {
      expect((await get(`/api/web/${url}`)).statusCode, url).toBe(422);
    }
    const unknown = await get('/api/web/illust_comment_replies?comment_id=5');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ error: true });
    expect(
      (await get('/api/web/illust_comment_replies?comment_id=5')).headers['x-cache-hit'],
    ).toBeUndefined();
  });
});
