/**
 * Conformance of comments and illust series, judged by the third-party clients: pixiv-api-client
 * (it throws pixiv's error body on any non-2xx answer, so each call succeeding is the check) for
 * every comment call it makes, and @book000/pixivts's response checks for `/v1/illust/series`
 * (its `illustSeries` call through its own axios copy) and the series items of
 * `/v1/user/illust-series`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PixivApi from 'pixiv-api-client';
import { Pixiv } from '@book000/pixivts';
import { GetV1IllustSeriesCheck } from '@book000/pixivts/dist/types/endpoints/v1/illust/series.js';
import { IllustSeriesDetailCheck } from '@book000/pixivts/dist/types/pixiv-illust-series.js';
import type { RunningSandbox } from '../index.ts';
import { illustSeriesOf } from '../data/series.ts';
import {
  DEMO_REFRESH_TOKEN,
  DEMO_USER_ID,
  axiosOf,
  interceptAxios,
  startConformanceSandbox,
} from './harness.ts';

interface Comment {
  id: number;
  comment: string;
  has_replies: boolean;
  user: { id: number } | null;
}

let sandbox: RunningSandbox;
let api: PixivApi;
let pixiv: Pixiv;
const restore: (() => void)[] = [];

beforeAll(async () => {
  sandbox = await startConformanceSandbox();
  restore.push(interceptAxios(axiosOf('pixiv-api-client'), sandbox.baseUrl));
  restore.push(interceptAxios(axiosOf('@book000/pixivts'), sandbox.baseUrl));
  api = new PixivApi();
  await api.refreshAccessToken(DEMO_REFRESH_TOKEN);
  pixiv = await Pixiv.of(DEMO_REFRESH_TOKEN);
  pixiv.axios.defaults.baseURL = sandbox.hosts.appApi;
  delete pixiv.axios.defaults.headers.Host;
});
afterAll(async () => {
  for (const undo of restore) undo();
  await pixiv.close();
  await sandbox.close();
});

/** A recent all-ages work (or novel) with replies in its first page of comments. */
function busy(kind: 'illust' | 'novel'): { id: number; rootId: number } {
  const { data, novels, comments } = sandbox.state;
  const count = kind === 'illust' ? data.illustCount : novels.count;
  for (let i = count - 1; i >= 0; i--) {
    const item = kind === 'illust' ? data.work(i) : novels.at(i);
    if (item.xRestrict !== 0 || item.comments < 31) continue;
    const thread = comments.thread({ ...item, kind, index: i });
    const root = thread.roots.slice(0, 30).find((c) => thread.replies.has(c.id));
    if (root) return { id: item.id, rootId: root.id };
  }
  throw new Error(`no ${kind} with replies`);
}

describe('comments through pixiv-api-client', () => {
  it('illustCommentsV3, the v1 replies path and illustCommentRepliesV2', async () => {
    const { id, rootId } = busy('illust');
    const page = await api.illustCommentsV3(id);
    const comments = page.comments as Comment[];
    expect(comments).toHaveLength(30);
    expect(page.next_url).toMatch(/^https:\/\/app-api\.pixiv\.net\/v3\/illust\/comments\?/);
    expect(comments.find((c) => c.id === rootId)?.has_replies).toBe(true);
    const v2 = await api.illustCommentRepliesV2(rootId);
    // illustCommentReplies (the v1 path) is missing from the package's typings.
    const v1 = await api.requestUrl(`/v1/illust/comment/replies?comment_id=${rootId}`);
    expect((v2.comments as Comment[]).length).toBeGreaterThan(0);
    expect(v1).toEqual(v2);
  });

  it('novelComments v1, v2 and v3, and novelCommentReplies v1 and v2', async () => {
    const { id, rootId } = busy('novel');
    const novel = sandbox.state.novels.novel(id)!;
    const v1 = await api.novelComments(id, { include_total_comments: true });
    expect(v1.total_comments).toBe(novel.comments);
    const v2 = await api.novelCommentsV2(id);
    const v3 = await api.novelCommentsV3(id);
    expect(v2.comments).toEqual(v3.comments);
    const v2Replies = await api.novelCommentRepliesV2(rootId);
    const replies = v2Replies.comments as Comment[];
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((c) => typeof c.id === 'number' && typeof c.comment === 'string')).toBe(
      true,
    );
    // novelCommentReplies asks the v1 path, which answers as v2 does.
    const v1Replies = await api.novelCommentReplies(rootId);
    expect(v1Replies).toEqual(v2Replies);
  });

  it('illustAddComment and novelAddComment post replies that the thread then shows', async () => {
    const { id, rootId } = busy('illust');
    const posted = await api.illustAddComment(id, 'すてき(love2)', rootId);
    const comment = posted.comment as Comment;
    expect(comment.user?.id).toBe(DEMO_USER_ID);
    const replies = (await api.illustCommentRepliesV2(rootId)).comments as Comment[];
    expect(replies.at(-1)?.id).toBe(comment.id);
    const novel = busy('novel');
    const root = await api.novelAddComment(novel.id, '続きを待っています');
    const first = (await api.novelCommentsV3(novel.id)).comments as Comment[];
    expect(first[0]?.id).toBe((root.comment as Comment).id);
  });
});

describe('illust series through @book000/pixivts', () => {
  it('/v1/illust/series passes GetV1IllustSeriesCheck, and /v1/user/illust-series items IllustSeriesDetailCheck', async () => {
    const { data } = sandbox.state;
    let seriesId = 0;
    for (let i = data.illustCount - 1; i >= 0 && !seriesId; i--) {
      const work = data.work(i);
      if (work.xRestrict === 0) seriesId = illustSeriesOf(work)?.id ?? 0;
    }
    const res = await pixiv.illustSeries({ illustSeriesId: seriesId });
    expect(res.status).toBe(200);
    const check = new GetV1IllustSeriesCheck();
    expect(check.getFailedResponseChecks(res.data)).toEqual([]);
    expect(() => check.throwIfResponseFailed(res.data)).not.toThrow();
    const userId = res.data.illust_series_detail.user.id;
    const list = (await api.requestUrl(`/v1/user/illust-series?user_id=${userId}`)) as {
      illust_series_details: unknown[];
    };
    expect(list.illust_series_details.length).toBeGreaterThan(0);
    for (const item of list.illust_series_details) {
      expect(new IllustSeriesDetailCheck().getFailedChecks(item as never)).toEqual([]);
    }
  });
});
