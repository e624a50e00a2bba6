import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApiClient } from '@pv/pixiv';
import type { TestServer } from '../../../test-helpers.ts';
import {
  expectMaxAge,
  itMapsOntoTheAppApi,
  itRejectsWhatHibiApiRejects,
  startMirrorTest,
  type MirrorCase,
} from './test-mirror.ts';

let t: TestServer;
let direct: AppApiClient;
let illustId: number;
let illustCommentId: number;
let novelId: number;
let novelCommentId: number;
let seriesId: number;
let seriesUserId: number;

interface CommentPage {
  comments: { id: number; has_replies: boolean }[];
  next_url: string | null;
}

/** A work (or novel) with more than a page of comments and a root with replies. */
async function busyThread(kind: 'illust' | 'novel', ids: ArrayLike<number>) {
  for (let i = ids.length - 1; i >= 0; i--) {
    const id = ids[i]!;
    const res = await direct.get(`/v3/${kind}/comments`, { [`${kind}_id`]: id });
    const page = res.body as CommentPage;
    const root = page.comments.find((c) => c.has_replies);
    if (page.next_url && root) return { id, commentId: root.id };
  }
  throw new Error(`no busy ${kind}`);
}

beforeAll(async () => {
  ({ t, direct } = await startMirrorTest());
  const { data, novels } = t.sandbox.state;
  const popular = Array.from(data.ids).filter((_, i) => data.bookmarks[i]! > 20_000);
  ({ id: illustId, commentId: illustCommentId } = await busyThread('illust', popular));
  const popularNovels = Array.from(novels.ids).filter((_, i) => novels.bookmarks[i]! > 2_000);
  ({ id: novelId, commentId: novelCommentId } = await busyThread('novel', popularNovels));
  for (let i = data.illustCount - 1; i >= 0; i--) {
    if (data.kind[i] !== 1) continue;
    const res = await direct.get('/v1/illust/detail', { illust_id: data.ids[i]! });
    const illust = (res.body as { illust: { series: { id: number } | null; user: { id: number } } })
      .illust;
    if (illust.series) {
      seriesId = illust.series.id;
      seriesUserId = illust.user.id;
      break;
    }
  }
});
afterAll(() => t.close());

/** Each mirror call and the app-API call it must make (conformance.md §2). */
const CASES: MirrorCase[] = [
  [
    'illust_comments',
    () => `illust_comments?id=${illustId}`,
    () => ['/v3/illust/comments', { illust_id: illustId, offset: 0 }],
  ],
  [
    'illust_comments page 2 of 10',
    () => `illust_comments?id=${illustId}&page=2&size=10`,
    () => ['/v3/illust/comments', { illust_id: illustId, offset: 10 }],
  ],
  [
    'illust_comment_replies',
    () => `illust_comment_replies?id=${illustCommentId}`,
    () => ['/v2/illust/comment/replies', { comment_id: illustCommentId }],
  ],
  [
    'novel_comments',
    () => `novel_comments?id=${novelId}&page=2`,
    () => ['/v3/novel/comments', { novel_id: novelId, offset: 30 }],
  ],
  [
    'novel_comment_replies',
    () => `novel_comment_replies?id=${novelCommentId}`,
    () => ['/v2/novel/comment/replies', { comment_id: novelCommentId }],
  ],
  [
    'illust_series',
    () => `illust_series?id=${seriesId}`,
    () => ['/v1/illust/series', { illust_series_id: seriesId, filter: 'for_ios', offset: 0 }],
  ],
  [
    'member_illust_series',
    () => `member_illust_series?id=${seriesUserId}`,
    () => ['/v1/user/illust-series', { user_id: seriesUserId, filter: 'for_ios', offset: 0 }],
  ],
];

describe('comment and series routes map onto the app API', () => {
  itMapsOntoTheAppApi(CASES, () => ({ t, direct }));

  it('answers real content: replies under a root, a series with its works', async () => {
    const replies = (
      await t.app.inject({ url: `/api/pixiv/illust_comment_replies?id=${illustCommentId}` })
    ).json() as CommentPage;
    expect(replies.comments.length).toBeGreaterThan(0);
    const series = (await t.app.inject({ url: `/api/pixiv/illust_series?id=${seriesId}` })).json();
    expect(series.illust_series_detail.id).toBe(seriesId);
    expect(series.illusts.length).toBe(
      Math.min(30, series.illust_series_detail.series_work_count as number),
    );
  });

  itRejectsWhatHibiApiRejects(
    [
      'illust_comments',
      'illust_comments?id=x',
      'illust_comments?id=1&page=0',
      'illust_comment_replies',
      'novel_comments?id=-3',
      'novel_comment_replies?id=abc',
      'illust_series',
      'member_illust_series?id=1&size=501',
    ],
    () => ({ t, direct }),
  );

  it('passes upstream 404s through with 200, as HibiAPI does', async () => {
    const res = await t.app.inject({ url: '/api/pixiv/illust_series?id=3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('error');
  });

  it('keeps comments ten minutes and series a day', async () => {
    const comments = await t.app.inject({ url: `/api/pixiv/novel_comments?id=${novelId}` });
    expectMaxAge(comments.headers['cache-control'], 600);
    const replies = await t.app.inject({
      url: `/api/pixiv/novel_comment_replies?id=${novelCommentId}`,
    });
    expectMaxAge(replies.headers['cache-control'], 600);
    const series = await t.app.inject({
      url: `/api/pixiv/member_illust_series?id=${seriesUserId}`,
    });
    expectMaxAge(series.headers['cache-control'], 86_400);
  });
});
