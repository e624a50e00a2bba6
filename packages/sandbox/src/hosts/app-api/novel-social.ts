/**
 * The account's own novel actions and lists, as social.ts does them for works: bookmark add
 * and delete as form POSTs answering `{}`, persisted per account (is_bookmarked, the bookmark
 * list with its `max_bookmark_id` cursor, private bookmarks their owner's alone), and the
 * novels of followed users (`/v1/novel/follow`, offset paging).
 */
import type { FastifyInstance } from 'fastify';
import { rawNovel } from '../../data/novel-json.ts';
import type { SandboxState } from '../../state.ts';
import { findNovel, novelAllowed, novelNotFound, novelPage, novelViewer } from './novel-common.ts';
import { registerBookmarks, registerFollowFeed } from './own-lists.ts';

export function registerNovelSocial(app: FastifyInstance, state: SandboxState): void {
  registerBookmarks(app, {
    kind: 'novel',
    find: (raw) => findNovel(state, raw),
    notFound: novelNotFound,
    // A novel's `tags[]` value may hold several tags, space-separated.
    tags: (value) => value.split(' '),
    add: (userId, id, restrict, tags) => state.social.bookmarkNovel(userId, id, restrict, tags),
    remove: (userId, id) => state.social.unbookmarkNovel(userId, id),
    of: (userId) => state.social.of(userId).novelBookmarks,
    raw: (req) => {
      const viewer = novelViewer(req);
      return (id) => {
        const novel = state.novels.novel(id);
        return novel ? rawNovel(novel, viewer) : undefined;
      };
    },
  });

  registerFollowFeed(app, state, {
    path: '/v1/novel/follow',
    worksOf: (userIndex) => state.novels.novelsOf(userIndex),
    allowedFor: (req) => novelAllowed(state, req),
    page: (req, path, indexes, offset) => novelPage(state, req, path, indexes, offset),
  });
}
