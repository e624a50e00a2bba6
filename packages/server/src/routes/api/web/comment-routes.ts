/**
 * The www comment calls of spec 001 §7.2, as `/api/web/<name>` routes:
 * `{illust,novel}_comment_roots` (`…_id`, `offset`, `limit` 1-50, 3 by default as on the first
 * load) and `{illust,novel}_comment_replies` (`comment_id`, `page`). Comments change as people
 * write them, so answers are kept only as long as the latest works.
 */
import { CACHE_TTL_SECONDS } from '@pv/core';
import type { Query } from '@pv/pixiv';
import type { Args, Fields } from '../pixiv/params.ts';

/** Most comment roots one call may ask for. */
export const WEB_COMMENT_LIMIT_MAX = 50;

interface CommentRoute {
  fields: Fields;
  upstream(args: Args): { path: string; query: Query };
  ttl: number;
  /** Comments are public: the browser's session is not needed. */
  session: 'optional';
}

function commentRoutes(segment: 'illusts' | 'novels', kind: 'illust' | 'novel') {
  const idName = `${kind}_id`;
  const routes: Record<string, CommentRoute> = {
    [`${kind}_comment_roots`]: {
      fields: {
        [idName]: { type: 'int', required: true, min: 1 },
        offset: { type: 'int', min: 0, default: 0 },
        limit: { type: 'int', min: 1, max: WEB_COMMENT_LIMIT_MAX, default: 3 },
      },
      upstream: (a) => ({
        path: `/ajax/${segment}/comments/roots`,
        query: {
          [idName]: a[idName] as number,
          offset: a.offset as number,
          limit: a.limit as number,
        },
      }),
      ttl: CACHE_TTL_SECONDS.latest,
      session: 'optional',
    },
    [`${kind}_comment_replies`]: {
      fields: {
        comment_id: { type: 'int', required: true, min: 1 },
        page: { type: 'int', min: 1, default: 1 },
      },
      upstream: (a) => ({
        path: `/ajax/${segment}/comments/replies`,
        query: { comment_id: a.comment_id as number, page: a.page as number },
      }),
      ttl: CACHE_TTL_SECONDS.latest,
      session: 'optional',
    },
  };
  return routes;
}

export const WEB_COMMENT_ROUTES: Readonly<Record<string, CommentRoute>> = {
  ...commentRoutes('illusts', 'illust'),
  ...commentRoutes('novels', 'novel'),
};
