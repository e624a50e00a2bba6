/**
 * The account's own actions (pixiv-upstream.md §1): bookmark add/delete and follow add/delete as
 * form POSTs answering `{}`, whose effects persist for that account while the sandbox runs and
 * show in `is_bookmarked`, `is_followed`, the follow feed (`/v2/illust/follow`), the bookmark
 * list (`/v1/user/bookmarks/illust`, `max_bookmark_id` cursor) and the following list.
 */
import type { FastifyInstance } from 'fastify';
import { rawIllust } from '../../data/app-json.ts';
import { userPreview } from './user-previews.ts';
import { followingOf } from './user-relations.ts';
import type { SandboxState } from '../../state.ts';
import {
  allowedFor,
  appError,
  intParam,
  messages,
  nextUrl,
  offsetPage,
  viewerOf,
  type Query,
} from './common.ts';
import { form, me, registerBookmarks, registerFollowFeed, restrictOf } from './own-lists.ts';

const PAGE = 30;

export function registerSocial(app: FastifyInstance, state: SandboxState): void {
  registerBookmarks(app, {
    kind: 'illust',
    find: (raw) => (/^\d+$/.test(raw ?? '') ? state.data.workById(Number(raw)) : undefined),
    notFound: (req) => appError('', messages(viewerOf(req).language).notFound),
    tags: (value) => [value],
    add: (userId, id, restrict, tags) => state.social.bookmark(userId, id, restrict, tags),
    remove: (userId, id) => state.social.unbookmark(userId, id),
    of: (userId) => state.social.of(userId).bookmarks,
    raw: (req) => {
      const viewer = viewerOf(req);
      return (id) => {
        const work = state.data.workById(id);
        return work ? rawIllust(work, viewer) : undefined;
      };
    },
  });

  registerFollowFeed(app, state, {
    path: '/v2/illust/follow',
    worksOf: (userIndex) => state.indexes.worksOf(userIndex),
    allowedFor: (req) => allowedFor(state, req),
    page: (req, path, indexes, offset) => offsetPage(state, req, path, indexes, offset),
  });

  app.post('/v1/user/follow/add', async (req, reply) => {
    const f = form(req);
    const user = /^\d+$/.test(f.user_id ?? '') ? state.data.user(Number(f.user_id)) : undefined;
    const restrict = restrictOf(f.restrict);
    if (!restrict || restrict === 'all') return reply.code(400).send(appError('Invalid restrict'));
    if (!user)
      return reply.code(404).send(appError('', messages(viewerOf(req).language).userNotFound));
    state.social.follow(me(req), user.id, restrict);
    return {};
  });

  app.post('/v1/user/follow/delete', async (req, reply) => {
    const f = form(req);
    if (!/^\d+$/.test(f.user_id ?? '')) return reply.code(400).send(appError('Invalid user_id'));
    state.social.unfollow(me(req), Number(f.user_id));
    return {};
  });

  app.get('/v1/user/following', async (req, reply) => {
    const query = req.query as Query;
    const userId = Number(query.user_id);
    const offset = intParam(query.offset);
    const restrict = restrictOf(query.restrict);
    if (!Number.isSafeInteger(userId) || offset === null || !restrict || restrict === 'all') {
      return reply.code(400).send(appError('Invalid parameters'));
    }
    if (restrict === 'private' && userId !== me(req)) {
      return reply.send({ user_previews: [], next_url: null });
    }
    const followed = followingOf(state, userId, restrict);
    const slice = followed.slice(offset, offset + PAGE);
    return reply.send({
      user_previews: slice.map((u) => userPreview(state, req, u)),
      next_url:
        offset + PAGE < followed.length
          ? nextUrl('/v1/user/following', query, { offset: offset + PAGE })
          : null,
    });
  });
}
