/**
 * Comments on www.pixiv.net (pixiv-upstream.md §3): `/ajax/{illusts,novels}/comments/roots`
 * (`offset`, `limit` up to 50 → `{comments, hasNext}`) and `/ajax/{illusts,novels}/comments/replies`
 * (`comment_id`, `page` of 30, oldest first). String ids, `commentDate` as pixiv shows it
 * (`YYYY-MM-DD HH:mm`, JST). An unknown comment answers 200 with `error: true`, as observed.
 */
import type { FastifyInstance } from 'fastify';
import { JST_OFFSET_MS } from '../../clock.ts';
import { stampUrl, type SandboxComment } from '../../data/comments.ts';
import { avatarUrl } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { commentById, commentTarget } from '../app-api/comments.ts';
import { ajaxError, ajaxOk } from './ajax.ts';

export const WEB_COMMENTS_MAX_LIMIT = 50;
export const WEB_REPLIES_PAGE = 30;

function commentDate(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

function webComment(c: SandboxComment, hasReplies: boolean) {
  return {
    userId: c.user ? String(c.user.id) : '0',
    userName: c.user?.name ?? '',
    isDeletedUser: c.user === null,
    img: c.user ? avatarUrl(c.user, 50) : 'https://s.pximg.net/common/images/no_profile_s.png',
    id: String(c.id),
    comment: c.text,
    stampId: c.stampId === null ? null : String(c.stampId),
    stampLink: c.stampId === null ? null : stampUrl(c.stampId),
    commentDate: commentDate(c.date),
    commentRootId: c.rootId === null ? null : String(c.rootId),
    commentParentId: c.parentId === null ? null : String(c.parentId),
    commentUserId: c.user ? String(c.user.id) : '0',
    replyToUserId: c.replyTo ? String(c.replyTo.id) : null,
    replyToUserName: c.replyTo?.name ?? null,
    editable: false,
    hasReplies,
  };
}

const BAD_REQUEST = '不正なリクエストです。';

export function registerWebComments(app: FastifyInstance, state: SandboxState): void {
  for (const [segment, kind] of [
    ['illusts', 'illust'],
    ['novels', 'novel'],
  ] as const) {
    app.get(`/ajax/${segment}/comments/roots`, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 3);
      if (
        !Number.isInteger(offset) ||
        offset < 0 ||
        !Number.isInteger(limit) ||
        limit < 1 ||
        limit > WEB_COMMENTS_MAX_LIMIT
      ) {
        return reply.code(400).send(ajaxError(BAD_REQUEST));
      }
      const target = commentTarget(state, kind, q[`${kind}_id`]);
      if (!target) return reply.code(404).send(ajaxError(''));
      const thread = state.comments.thread(target);
      const page = thread.roots.slice(offset, offset + limit);
      return ajaxOk({
        comments: page.map((c) => webComment(c, (thread.replies.get(c.id)?.length ?? 0) > 0)),
        hasNext: offset + limit < thread.roots.length,
      });
    });

    app.get(`/ajax/${segment}/comments/replies`, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const page = Number(q.page ?? 1);
      if (!Number.isInteger(page) || page < 1) return reply.code(400).send(ajaxError(BAD_REQUEST));
      const found = commentById(state, q.comment_id);
      if (!found || found.target.kind !== kind) return ajaxError(BAD_REQUEST);
      const thread = state.comments.thread(found.target);
      const replies = thread.replies.get(found.comment.rootId ?? found.comment.id) ?? [];
      const start = (page - 1) * WEB_REPLIES_PAGE;
      return ajaxOk({
        comments: replies.slice(start, start + WEB_REPLIES_PAGE).map((c) => webComment(c, false)),
        hasNext: start + WEB_REPLIES_PAGE < replies.length,
      });
    });
  }
}
