/**
 * The account's bookmark of one work or novel and the tags of a user's bookmarks
 * (pixiv-upstream.md §1.2, spec 001 §7.1): `/v2/illust/bookmark/detail` (`illust_id`) and
 * `/v2/novel/bookmark/detail` (`novel_id`) answer `{bookmark_detail: {is_bookmarked, tags:
 * [{name, is_registered}], restrict}}`, the work's own tags first and then the other tags the
 * bookmark carries; `/v1/user/bookmark-tags/illust|novel` (`user_id`, `restrict`, `offset`)
 * answer `{bookmark_tags: [{name, count}], next_url}`, most used first, 30 a page. Both read
 * the per-account bookmarks of data/social.ts, so an add or delete shows at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bookmark } from '../../data/social.ts';
import type { SandboxState } from '../../state.ts';
import { findNovel, novelNotFound } from './novel-common.ts';
import {
  PAGE_SIZE,
  appError,
  intParam,
  messages,
  nextUrl,
  viewerOf,
  type Query,
} from './common.ts';

/** `bookmark_detail` for a work or novel with these tags and this bookmark (if any). */
export function bookmarkDetail(ownTags: readonly string[], bookmark: Bookmark | undefined) {
  const registered = new Set(bookmark?.tags ?? []);
  const names = [...new Set([...ownTags, ...(bookmark?.tags ?? [])])];
  return {
    bookmark_detail: {
      is_bookmarked: bookmark !== undefined,
      tags: names.map((name) => ({ name, is_registered: registered.has(name) })),
      restrict: bookmark?.restrict ?? 'public',
    },
  };
}

/** `[{name, count}]` over these bookmarks, most used first, then by name. */
export function bookmarkTagCounts(
  bookmarks: Iterable<Bookmark>,
): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const b of bookmarks) for (const tag of b.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, count]) => ({ name, count }));
}

export function registerBookmarkDetails(app: FastifyInstance, state: SandboxState): void {
  const social = (req: FastifyRequest) => req.sandboxSocial!;

  app.get('/v2/illust/bookmark/detail', async (req, reply) => {
    const raw = (req.query as Query).illust_id ?? '';
    const work = /^\d{1,10}$/.test(raw) ? state.data.workById(Number(raw)) : undefined;
    if (!work) {
      return reply.code(404).send(appError('', messages(viewerOf(req).language).notFound));
    }
    const tags = work.tags.map((t) => t.name);
    return reply.send(bookmarkDetail(tags, social(req).bookmarks.get(work.id)));
  });

  app.get('/v2/novel/bookmark/detail', async (req, reply) => {
    const novel = findNovel(state, (req.query as Query).novel_id);
    if (!novel) return reply.code(404).send(novelNotFound(req));
    const tags = novel.tags.map((t) => t.name);
    return reply.send(bookmarkDetail(tags, social(req).novelBookmarks.get(novel.id)));
  });

  for (const kind of ['illust', 'novel'] as const) {
    const path = `/v1/user/bookmark-tags/${kind}`;
    app.get(path, async (req, reply) => {
      const query = req.query as Query;
      // pixiv-api-client and pixiv.ts may leave user_id out: the account's own tags then.
      const userId =
        query.user_id === undefined ? req.sandboxAccount!.userId : Number(query.user_id);
      const offset = intParam(query.offset);
      const restrict = query.restrict ?? 'public';
      if (
        !Number.isSafeInteger(userId) ||
        offset === null ||
        (restrict !== 'public' && restrict !== 'private')
      ) {
        return reply.code(400).send(appError('Invalid parameters'));
      }
      // Private bookmarks are their owner's alone.
      if (restrict === 'private' && userId !== req.sandboxAccount!.userId) {
        return reply.send({ bookmark_tags: [], next_url: null });
      }
      const owner = state.social.of(userId);
      const marks = kind === 'illust' ? owner.bookmarks : owner.novelBookmarks;
      const counts = bookmarkTagCounts([...marks.values()].filter((b) => b.restrict === restrict));
      return reply.send({
        bookmark_tags: counts.slice(offset, offset + PAGE_SIZE),
        next_url:
          offset + PAGE_SIZE < counts.length
            ? nextUrl(path, query, { offset: offset + PAGE_SIZE })
            : null,
      });
    });
  }
}
