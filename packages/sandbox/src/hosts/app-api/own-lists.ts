/**
 * What social.ts (works) and novel-social.ts (novels) share: the `restrict` parameter, form
 * bodies, the bookmark add/delete POSTs, a user's bookmark list with its `max_bookmark_id`
 * cursor (private bookmarks their owner's alone) and the follow feed with offset paging.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bookmark, Restrict } from '../../data/social.ts';
import type { SandboxState } from '../../state.ts';
import { appError, intParam, nextUrl, type Query } from './common.ts';

const PAGE = 30;

export function restrictOf(value: string | undefined, allowAll = false): Restrict | 'all' | null {
  if (value === undefined || value === 'public') return 'public';
  if (value === 'private') return 'private';
  if (allowAll && value === 'all') return 'all';
  return null;
}

/**
 * The form fields of a POST as pixiv's PHP back end sees them (src/form.ts): only a
 * `application/x-www-form-urlencoded` body fills them; a text/plain or JSON body carries none,
 * so the handler answers as for missing fields.
 */
export function form(req: FastifyRequest): Record<string, string | undefined> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return {};
  if (typeof req.body !== 'object' || req.body === null) return {};
  return req.body as Record<string, string | undefined>;
}

/** The signed-in account's user id (the app API's bearer check runs first). */
export const me = (req: FastifyRequest) => req.sandboxAccount!.userId;

/** How one kind of work is bookmarked and listed. */
export interface BookmarkKind {
  /** `illust` or `novel`: the paths and form field (`<kind>_id`) name it, the list its plural. */
  kind: 'illust' | 'novel';
  /** The work a form's id names, if any. */
  find(raw: string | undefined): { id: number } | undefined;
  notFound(req: FastifyRequest): unknown;
  /** The tags of one `tags[]` form value. */
  tags(value: string): string[];
  add(userId: number, id: number, restrict: Restrict, tags: string[]): void;
  remove(userId: number, id: number): void;
  /** A user's bookmarks of this kind, by work id. */
  of(userId: number): ReadonlyMap<number, Bookmark>;
  /** The app JSON of a bookmarked work for this viewer, or undefined when it is gone. */
  raw(req: FastifyRequest): (id: number) => unknown;
}

/** `/v2/<kind>/bookmark/add`, `/v1/<kind>/bookmark/delete` and `/v1/user/bookmarks/<kind>`. */
export function registerBookmarks(app: FastifyInstance, k: BookmarkKind): void {
  const field = `${k.kind}_id`;
  const list = `${k.kind}s`;
  const path = `/v1/user/bookmarks/${k.kind}`;

  app.post(`/v2/${k.kind}/bookmark/add`, async (req, reply) => {
    const f = form(req);
    const work = k.find(f[field]);
    const restrict = restrictOf(f.restrict);
    if (!restrict || restrict === 'all') return reply.code(400).send(appError('Invalid restrict'));
    if (!work) return reply.code(404).send(k.notFound(req));
    const tags = Object.entries(f)
      // PHP-style arrays: `tags[]=a` (pixez, pixivpy) or indexed `tags[0]=a` (qs, pixivts).
      .filter(([name]) => /^tags(\[\d*\])?$/.test(name))
      .flatMap(([, v]) => k.tags(v ?? ''))
      .filter(Boolean);
    k.add(me(req), work.id, restrict, tags);
    return {};
  });

  app.post(`/v1/${k.kind}/bookmark/delete`, async (req, reply) => {
    const f = form(req);
    if (!/^\d+$/.test(f[field] ?? '')) return reply.code(400).send(appError(`Invalid ${field}`));
    k.remove(me(req), Number(f[field]));
    return {};
  });

  app.get(path, async (req, reply) => {
    const query = req.query as Query;
    const userId = Number(query.user_id);
    const restrict = restrictOf(query.restrict);
    const max = query.max_bookmark_id === undefined ? Infinity : Number(query.max_bookmark_id);
    if (!Number.isSafeInteger(userId) || !restrict || restrict === 'all' || Number.isNaN(max)) {
      return reply.code(400).send(appError('Invalid parameters'));
    }
    // Private bookmarks are their owner's alone.
    if (restrict === 'private' && userId !== me(req)) {
      return reply.send({ [list]: [], next_url: null });
    }
    const raw = k.raw(req);
    const marks = [...k.of(userId)]
      .filter(
        ([, b]) =>
          b.restrict === restrict && b.id < max && (!query.tag || b.tags.includes(query.tag)),
      )
      .sort(([, a], [, b]) => b.id - a.id);
    const page = marks.slice(0, PAGE);
    const works = page.flatMap(([id]) => {
      const work = raw(id);
      return work === undefined ? [] : [work];
    });
    const last = page.at(-1)?.[1];
    return reply.send({
      [list]: works,
      next_url:
        marks.length > PAGE && last ? nextUrl(path, query, { max_bookmark_id: last.id }) : null,
    });
  });
}

/** The works of the users the account follows, newest first, as one kind's offset pages. */
export function registerFollowFeed(
  app: FastifyInstance,
  state: SandboxState,
  feed: {
    path: string;
    /** A user's work indexes, by the user's index. */
    worksOf(userIndex: number): Iterable<number>;
    allowedFor(req: FastifyRequest): (index: number) => boolean;
    page(req: FastifyRequest, path: string, indexes: number[], offset: number): unknown;
  },
): void {
  app.get(feed.path, async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    const restrict = restrictOf(query.restrict, true);
    if (offset === null || !restrict) return reply.code(400).send(appError('Invalid parameters'));
    const indexes: number[] = [];
    for (const [userId, r] of state.social.of(me(req)).follows) {
      if (restrict !== 'all' && r !== restrict) continue;
      const user = state.data.user(userId);
      if (user) indexes.push(...feed.worksOf(user.index));
    }
    // newest first: indexes grow with creation time
    indexes.sort((a, b) => b - a);
    // Works the account's age setting hides are left out of the feed.
    const visible = indexes.filter(feed.allowedFor(req));
    return reply.send(feed.page(req, feed.path, visible, offset));
  });
}
