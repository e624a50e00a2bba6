/**
 * Comments in the app API (pixiv-upstream.md §1.1 Comment, §1.2): `/v1|v3/{illust,novel}/comments`
 * (offset paging, 30 a page, roots newest first), `/v1|v2/{illust,novel}/comment/replies`, and the
 * form POSTs `/v1/{illust,novel}/comment/add`, whose comments persist while the sandbox runs.
 * `/v2/illust/comments` answers 404 with `{}`, as pixiv does since it retired it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jstIso } from '../../clock.ts';
import {
  COMMENT_MAX_LENGTH,
  STAMP_IDS,
  stampUrl,
  type CommentKind,
  type CommentTarget,
  type SandboxComment,
  type Thread,
} from '../../data/comments.ts';
import type { SandboxUser } from '../../data/dataset.ts';
import { avatarUrl } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { appError, intParam, messages, nextUrl, viewerOf, type Query } from './common.ts';
import { form as formFields } from './own-lists.ts';

export const COMMENTS_PAGE = 30;

/** Finds the work or novel a thread belongs to; novels come from the novel dataset. */
export function commentTarget(
  state: SandboxState,
  kind: CommentKind,
  raw: string | undefined,
): CommentTarget | undefined {
  if (!/^\d{1,12}$/.test(raw ?? '')) return undefined;
  const id = Number(raw);
  const found = kind === 'illust' ? state.data.workById(id) : state.novels.novel(id);
  return (
    found && {
      kind,
      index: found.index,
      id,
      comments: found.comments,
      created: found.created,
      user: found.user,
    }
  );
}

/** The thread a comment id belongs to, with that comment. */
export function commentById(
  state: SandboxState,
  raw: string | undefined,
): { target: CommentTarget; comment: SandboxComment } | undefined {
  if (!/^\d{1,10}$/.test(raw ?? '')) return undefined;
  const id = Number(raw);
  const where = state.comments.locate(id);
  if (!where) return undefined;
  const targetId =
    where.kind === 'illust' ? state.data.ids[where.index] : state.novels.ids[where.index];
  const target =
    targetId === undefined ? undefined : commentTarget(state, where.kind, String(targetId));
  const comment = target && state.comments.find(target, id);
  return target && comment ? { target, comment } : undefined;
}

function commentUser(user: SandboxUser | null) {
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    account: user.account,
    profile_image_urls: { medium: avatarUrl(user) },
  };
}

/** The v2/v3 form: `has_replies` and `stamp`. */
export function v3Comment(c: SandboxComment, thread: Thread) {
  return {
    id: c.id,
    comment: c.text,
    date: jstIso(c.date),
    user: commentUser(c.user),
    has_replies: c.rootId === null && (thread.replies.get(c.id)?.length ?? 0) > 0,
    stamp: c.stampId === null ? null : { stamp_id: c.stampId, stamp_url: stampUrl(c.stampId) },
  };
}

function ownV1(c: SandboxComment) {
  return {
    id: c.id,
    comment: c.text,
    date: jstIso(c.date),
    user: commentUser(c.user),
    stamp: c.stampId === null ? null : { stamp_id: c.stampId, stamp_url: stampUrl(c.stampId) },
  };
}

/** The v1 form: `parent_comment` is `{}` for a root, the answered comment for a reply. */
function v1Comment(c: SandboxComment, byId: Map<number, SandboxComment>) {
  const parent = c.parentId === null ? undefined : byId.get(c.parentId);
  return { ...ownV1(c), parent_comment: parent ? ownV1(parent) : {} };
}

function accountUser(req: FastifyRequest): SandboxUser {
  const a = req.sandboxAccount!;
  return {
    index: -1,
    id: a.userId,
    name: a.name,
    account: a.account,
    avatarStem: null,
    comment: '',
  };
}

export function registerComments(app: FastifyInstance, state: SandboxState): void {
  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(appError('', messages(viewerOf(req).language).notFound));

  for (const kind of ['illust', 'novel'] as const) {
    const idName = `${kind}_id`;
    /** A comments call's query, offset and thread; null once its error is sent. */
    const threadCall = (req: FastifyRequest, reply: FastifyReply) => {
      const query = req.query as Query;
      const offset = intParam(query.offset);
      const target = commentTarget(state, kind, query[idName]);
      if (offset === null) reply.code(400).send(appError('Invalid offset'));
      else if (!target) notFound(req, reply);
      else return { query, offset, thread: state.comments.thread(target) };
      return null;
    };

    app.get(`/v1/${kind}/comments`, async (req, reply) => {
      const call = threadCall(req, reply);
      if (!call) return reply;
      const { query, offset, thread } = call;
      // v1 lists every comment, replies included, newest first.
      const all = [...thread.roots, ...[...thread.replies.values()].flat()].sort(
        (a, b) => b.date - a.date || b.id - a.id,
      );
      const byId = new Map(all.map((c) => [c.id, c]));
      const page = all.slice(offset, offset + COMMENTS_PAGE);
      return reply.send({
        total_comments: thread.total,
        comments: page.map((c) => v1Comment(c, byId)),
        next_url:
          offset + COMMENTS_PAGE < all.length
            ? nextUrl(`/v1/${kind}/comments`, query, { offset: offset + COMMENTS_PAGE })
            : null,
        comment_access_control: 0,
      });
    });

    const paths =
      kind === 'illust' ? ['/v3/illust/comments'] : ['/v2/novel/comments', '/v3/novel/comments'];
    for (const path of paths) {
      app.get(path, async (req, reply) => {
        const call = threadCall(req, reply);
        if (!call) return reply;
        const { query, offset, thread } = call;
        const page = thread.roots.slice(offset, offset + COMMENTS_PAGE);
        return reply.send({
          ...(query.include_total_comments === 'true' ? { total_comments: thread.total } : {}),
          comments: page.map((c) => v3Comment(c, thread)),
          next_url:
            offset + COMMENTS_PAGE < thread.roots.length
              ? nextUrl(path, query, { offset: offset + COMMENTS_PAGE })
              : null,
          comment_access_control: 0,
        });
      });
    }

    // The older v1 path answers the same shape (pixiv-upstream.md §1.2); clients still call it.
    for (const version of ['v1', 'v2']) {
      const path = `/${version}/${kind}/comment/replies`;
      app.get(path, async (req, reply) => {
        const query = req.query as Query;
        const offset = intParam(query.offset);
        const found = commentById(state, query.comment_id);
        if (offset === null) return reply.code(400).send(appError('Invalid offset'));
        if (!found || found.target.kind !== kind) return notFound(req, reply);
        const thread = state.comments.thread(found.target);
        const rootId = found.comment.rootId ?? found.comment.id;
        const replies = thread.replies.get(rootId) ?? [];
        return reply.send({
          comments: replies.slice(offset, offset + COMMENTS_PAGE).map((c) => v3Comment(c, thread)),
          next_url:
            offset + COMMENTS_PAGE < replies.length
              ? nextUrl(path, query, { offset: offset + COMMENTS_PAGE })
              : null,
        });
      });
    }

    app.post(`/v1/${kind}/comment/add`, async (req, reply) => {
      const form = formFields(req);
      const target = commentTarget(state, kind, form[idName]);
      const text = (form.comment ?? '').trim();
      const stampId = form.stamp_id === undefined ? null : Number(form.stamp_id);
      if (stampId !== null && !STAMP_IDS.includes(stampId)) {
        return reply.code(400).send(appError('Invalid stamp_id'));
      }
      if (stampId === null && text === '')
        return reply.code(400).send(appError('comment is required'));
      if ([...text].length > COMMENT_MAX_LENGTH) {
        return reply
          .code(400)
          .send(appError(`comment must be at most ${COMMENT_MAX_LENGTH} characters`));
      }
      const parent = form.parent_comment_id;
      if (parent !== undefined && !/^\d{1,10}$/.test(parent)) {
        return reply.code(400).send(appError('Invalid parent_comment_id'));
      }
      if (!target) return notFound(req, reply);
      const comment = state.comments.add(target, {
        user: accountUser(req),
        text: stampId === null ? text : '',
        stampId,
        parentId: parent === undefined ? null : Number(parent),
      });
      if (!comment) return reply.code(404).send(appError('', 'The comment does not exist.'));
      return reply.send({ comment: v3Comment(comment, state.comments.thread(target)) });
    });
  }

  // Retired by pixiv: a bare 404 with an empty object.
  app.get('/v2/illust/comments', async (_req, reply) => reply.code(404).send({}));
}
