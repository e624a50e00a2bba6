/**
 * The mirror's comment and illust-series routes (shared/reference/conformance.md §2, spec 001
 * §7.3): `illust_comments` / `novel_comments` (v3, `page`/`size` as offset), the v2 replies of a
 * comment, `illust_series` and `member_illust_series`. Comments change as people write them, so
 * they are kept only as long as the latest works; a series grows like a user's lists.
 */
import { CACHE_TTL_SECONDS as TTL } from '@pv/core';
import type { MirrorEndpoint } from './endpoints.ts';
import { byId, pagedById } from './endpoint-kit.ts';

export const DISCUSSION_ENDPOINTS: Readonly<Record<string, MirrorEndpoint>> = {
  illust_comments: pagedById('/v3/illust/comments', 'illust_id', TTL.latest),
  illust_comment_replies: byId('/v2/illust/comment/replies', 'comment_id', TTL.latest),
  novel_comments: pagedById('/v3/novel/comments', 'novel_id', TTL.latest),
  novel_comment_replies: byId('/v2/novel/comment/replies', 'comment_id', TTL.latest),
  illust_series: pagedById('/v1/illust/series', 'illust_series_id', TTL.users, { forIos: true }),
  member_illust_series: pagedById('/v1/user/illust-series', 'user_id', TTL.users, {
    forIos: true,
  }),
};
