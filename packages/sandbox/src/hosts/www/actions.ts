/**
 * www.pixiv.net form posts, each needing the `PHPSESSID` session (400 without, as pixiv answers
 * account-only calls) and its `x-csrf-token` (403 when missing or foreign):
 *
 * - `POST /ajax/illusts/bookmarks/add`, JSON `{illust_id, restrict: 0|1, comment, tags: []}` →
 *   `{last_bookmark_id, stacc_status_id}`;
 * - `POST /ajax/illusts/bookmarks/delete`, form `bookmark_id` (today's web), and the older
 *   `POST /rpc/index.php`, form `mode=delete_illust_bookmark&bookmark_id` → `body: []`;
 * - `POST /bookmark_add.php`, form `mode=add&type=user&user_id&restrict=0|1` (follow) → `[]`;
 * - `POST /rpc_group_setting.php`, form `mode=del&type=bookuser&id` (unfollow) → `{type, id}`.
 *
 * Effects are the account's own (data/social.ts), so they show in the app API's `is_bookmarked`,
 * `is_followed` and lists too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Restrict } from '../../data/social.ts';
import type { SandboxState } from '../../state.ts';
import { ajaxError, ajaxOk } from './ajax.ts';
import { BAD_REQUEST_MESSAGE, refuseWithoutCsrf } from './session.ts';

/** pixiv's limits on a bookmark: 10 tags, a comment of 140 characters. */
export const BOOKMARK_TAGS_MAX = 10;
export const BOOKMARK_COMMENT_MAX = 140;

type Form = Record<string, unknown>;

function restrictOf(value: unknown): Restrict | null {
  if (value === 0 || value === '0') return 'public';
  if (value === 1 || value === '1') return 'private';
  return null;
}

const isId = (value: unknown): value is string | number =>
  (typeof value === 'string' && /^\d{1,12}$/.test(value)) ||
  (typeof value === 'number' && Number.isSafeInteger(value) && value > 0);

export function registerWebActions(app: FastifyInstance, state: SandboxState): void {
  const me = (req: FastifyRequest) => req.sandboxAccount!.userId;
  const bad = (reply: FastifyReply) => reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
  const form = (req: FastifyRequest) => (req.body ?? {}) as Form;

  app.post('/ajax/illusts/bookmarks/add', async (req, reply) => {
    if (refuseWithoutCsrf(req, reply)) return reply;
    const f = form(req);
    const restrict = restrictOf(f.restrict);
    const tags = f.tags ?? [];
    const comment = f.comment ?? '';
    if (
      !isId(f.illust_id) ||
      !restrict ||
      !Array.isArray(tags) ||
      tags.length > BOOKMARK_TAGS_MAX ||
      !tags.every((t) => typeof t === 'string') ||
      typeof comment !== 'string' ||
      comment.length > BOOKMARK_COMMENT_MAX
    ) {
      return bad(reply);
    }
    const work = state.data.workById(Number(f.illust_id));
    if (!work) return reply.code(404).send(ajaxError(''));
    state.social.bookmark(me(req), work.id, restrict, tags as string[]);
    const mark = state.social.of(me(req)).bookmarks.get(work.id)!;
    return ajaxOk({ last_bookmark_id: String(mark.id), stacc_status_id: null });
  });

  const deleteBookmark = (req: FastifyRequest, reply: FastifyReply) => {
    const id = form(req).bookmark_id;
    if (!isId(id)) return bad(reply);
    const marks = state.social.of(me(req)).bookmarks;
    const found = [...marks].find(([, b]) => b.id === Number(id));
    if (!found) return bad(reply);
    state.social.unbookmark(me(req), found[0]);
    return ajaxOk([]);
  };

  app.post('/ajax/illusts/bookmarks/delete', async (req, reply) => {
    if (refuseWithoutCsrf(req, reply)) return reply;
    return deleteBookmark(req, reply);
  });

  app.post('/rpc/index.php', async (req, reply) => {
    if (refuseWithoutCsrf(req, reply)) return reply;
    if (form(req).mode !== 'delete_illust_bookmark') return bad(reply);
    return deleteBookmark(req, reply);
  });

  app.post('/bookmark_add.php', async (req, reply) => {
    if (refuseWithoutCsrf(req, reply)) return reply;
    const f = form(req);
    const restrict = restrictOf(f.restrict ?? '0');
    if (f.mode !== 'add' || f.type !== 'user' || !isId(f.user_id) || !restrict) return bad(reply);
    const user = state.data.user(Number(f.user_id));
    if (!user || user.id === me(req)) return bad(reply);
    state.social.follow(me(req), user.id, restrict);
    return [];
  });

  app.post('/rpc_group_setting.php', async (req, reply) => {
    if (refuseWithoutCsrf(req, reply)) return reply;
    const f = form(req);
    if (f.mode !== 'del' || f.type !== 'bookuser' || !isId(f.id)) return bad(reply);
    state.social.unfollow(me(req), Number(f.id));
    return { type: 'bookuser', id: String(f.id) };
  });
}
