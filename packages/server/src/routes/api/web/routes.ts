/**
 * The table of www GET routes `/api/web/<name>` may reach: each names its one upstream path,
 * validates its parameters, says whether it carries the browser's session and for how long an
 * anonymous answer is kept. Routes with `empty` swallow upstream failures into that empty body
 * (spec 000 §8: "Web-proxy GETs swallow errors and return empty data").
 */
import { CACHE_TTL_SECONDS } from '@pv/core';
import type { Query } from '@pv/pixiv';
import type { Args, Fields } from '../pixiv/params.ts';
import { WEB_COMMENT_ROUTES } from './comment-routes.ts';

export interface WebRoute {
  fields: Fields;
  upstream(args: Args): { path: string; query: Query };
  /** Seconds; null never expires; 0 is never cached (a fresh answer each call). */
  ttl: number | null;
  /** 'required': account-only upstream routes (pixiv answers anonymous callers 400). */
  session: 'optional' | 'required';
  /** The body answered when upstream fails; absent: failures answer HibiAPI's error bodies. */
  empty?: () => unknown;
}

export const WEB_RANKING_MODES = [
  'daily',
  'weekly',
  'monthly',
  'rookie',
  'original',
  'daily_ai',
  'male',
  'female',
  'daily_r18',
  'weekly_r18',
  'male_r18',
  'female_r18',
  'r18g',
  'daily_r18_ai',
] as const;

/** Page sizes of spec 000 §9. */
export const WEB_PAGE_SIZES = {
  followLatest: 30,
  tagWorks: 48,
  bookmarks: 48,
  following: 24,
  discovery: 60,
  newIllusts: 20,
  discoveryRequest: 18,
} as const;

const id = { type: 'int', required: true, min: 1 } as const;
const offset = { type: 'int', min: 0, max: 100_000, default: 0 } as const;
const rest = { type: 'enum', values: ['show', 'hide'], default: 'show' } as const;
const tag = { type: 'string', maxLength: 100 } as const;
const thumbnails = { illust: [], novel: [], novelSeries: [], novelDraft: [] };
const str = (v: Args[string]) => (v === undefined ? undefined : String(v));

/** A discovery call: works picked afresh for each call, all-ages by default, `count` of them. */
function discoveryRoute({
  path,
  count,
  size,
  empty,
}: {
  path: string;
  count: 'limit' | 'max';
  size: number;
  empty?: () => unknown;
}): WebRoute {
  return {
    fields: {
      mode: { type: 'enum', values: ['safe', 'all', 'r18'], default: 'safe' },
      [count]: { type: 'int', min: 1, max: 100, default: size },
    },
    upstream: (a) => ({ path, query: { mode: a.mode as string, [count]: a[count] as number } }),
    // Discovery reshuffles on every call.
    ttl: 0,
    session: 'optional',
    ...(empty ? { empty } : {}),
  };
}

export const WEB_ROUTES: Record<string, WebRoute> = {
  ranking: {
    fields: {
      mode: { type: 'enum', values: WEB_RANKING_MODES, default: 'daily' },
      content: { type: 'enum', values: ['all', 'illust', 'manga', 'ugoira'], default: 'all' },
      date: { type: 'date' },
      p: { type: 'int', min: 1, max: 10, default: 1 },
    },
    upstream: (a) => ({
      path: '/ranking.php',
      query: {
        format: 'json',
        mode: a.mode as string,
        content: a.content === 'all' ? undefined : (a.content as string),
        date: typeof a.date === 'string' ? a.date.replaceAll('-', '') : undefined,
        p: a.p as number,
      },
    }),
    ttl: CACHE_TTL_SECONDS.rankings,
    session: 'optional',
  },
  discovery: discoveryRoute({
    path: '/ajax/discovery/artworks',
    count: 'limit',
    size: WEB_PAGE_SIZES.discovery,
  }),
  illust_discovery: discoveryRoute({
    path: '/ajax/illust/discovery',
    count: 'max',
    size: WEB_PAGE_SIZES.discoveryRequest,
    empty: () => ({ illusts: [] }),
  }),
  discovery_users: {
    fields: { limit: { type: 'int', min: 1, max: 100, default: 20 } },
    upstream: (a) => ({ path: '/ajax/discovery/users', query: { limit: a.limit as number } }),
    ttl: 0,
    session: 'optional',
    empty: () => ({ recommendedUsers: [], users: [], thumbnails }),
  },
  follow_latest: {
    fields: {
      p: { type: 'int', min: 1, max: 34, default: 1 },
      mode: { type: 'enum', values: ['all', 'r18'], default: 'all' },
    },
    upstream: (a) => ({
      path: '/ajax/follow_latest/illust',
      query: { p: a.p as number, mode: a.mode as string },
    }),
    ttl: CACHE_TTL_SECONDS.latest,
    session: 'required',
    empty: () => ({ page: { ids: [], isLastPage: true, tags: [] }, thumbnails, users: [] }),
  },
  illust_new: {
    fields: {
      lastId: { type: 'int', min: 0, default: 0 },
      limit: { type: 'int', min: 1, max: 20, default: WEB_PAGE_SIZES.newIllusts },
      type: { type: 'enum', values: ['illust', 'manga'], default: 'illust' },
      r18: { type: 'bool', default: false },
    },
    upstream: (a) => ({
      path: '/ajax/illust/new',
      query: {
        lastId: a.lastId as number,
        limit: a.limit as number,
        type: a.type as string,
        r18: String(a.r18),
      },
    }),
    ttl: CACHE_TTL_SECONDS.latest,
    session: 'optional',
    empty: () => ({ illusts: [], lastId: '0' }),
  },
  user_following: {
    fields: {
      id,
      offset,
      limit: { type: 'int', min: 1, max: 100, default: WEB_PAGE_SIZES.following },
      rest,
      tag,
    },
    upstream: (a) => ({
      path: `/ajax/user/${a.id as number}/following`,
      query: {
        offset: a.offset as number,
        limit: a.limit as number,
        rest: str(a.rest),
        tag: str(a.tag) ?? '',
      },
    }),
    ttl: CACHE_TTL_SECONDS.latest,
    session: 'required',
    empty: () => ({ users: [], total: 0, followUserTags: [] }),
  },
  bookmarks: {
    fields: {
      id,
      tag,
      offset,
      limit: { type: 'int', min: 1, max: 100, default: WEB_PAGE_SIZES.bookmarks },
      rest,
    },
    upstream: (a) => ({
      path: `/ajax/user/${a.id as number}/illusts/bookmarks`,
      query: {
        tag: str(a.tag) ?? '',
        offset: a.offset as number,
        limit: a.limit as number,
        rest: str(a.rest),
      },
    }),
    ttl: CACHE_TTL_SECONDS.latest,
    session: 'required',
    empty: () => ({ works: [], total: 0 }),
  },
  user_tags: {
    fields: { id },
    upstream: (a) => ({ path: `/ajax/user/${a.id as number}/illusts/tags`, query: {} }),
    ttl: CACHE_TTL_SECONDS.users,
    session: 'optional',
    empty: () => [],
  },
  user_tag_works: {
    fields: {
      id,
      tag: { type: 'string', required: true, maxLength: 100 },
      offset,
      limit: { type: 'int', min: 1, max: 100, default: WEB_PAGE_SIZES.tagWorks },
    },
    upstream: (a) => ({
      path: `/ajax/user/${a.id as number}/illusts/tag`,
      query: { tag: str(a.tag), offset: a.offset as number, limit: a.limit as number },
    }),
    ttl: CACHE_TTL_SECONDS.users,
    session: 'optional',
    empty: () => ({ works: [], total: 0 }),
  },
  illust: {
    fields: { id },
    upstream: (a) => ({ path: `/ajax/illust/${a.id as number}`, query: {} }),
    ttl: CACHE_TTL_SECONDS.artworkDetail,
    session: 'optional',
    empty: () => null,
  },
  illust_pages: {
    fields: { id },
    upstream: (a) => ({ path: `/ajax/illust/${a.id as number}/pages`, query: {} }),
    ttl: CACHE_TTL_SECONDS.artworkDetail,
    session: 'optional',
    empty: () => [],
  },
  ...WEB_COMMENT_ROUTES,
};
