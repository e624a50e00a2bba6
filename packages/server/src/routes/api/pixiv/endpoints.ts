/**
 * The mirror's route table: each HibiAPI name with its parameters, the app-API call it makes
 * and its cache lifetime (spec 000 §7; shared/reference/conformance.md §2).
 */
import { CACHE_TTL_SECONDS } from '@pv/core';
import type { Query } from '@pv/pixiv';
import { nextUrlQuery, type Args, type Fields, type Passthrough } from './params.ts';
import {
  SEARCH_FILTER_FIELDS,
  SORTS,
  bookmarksOf,
  byId,
  forIos,
  idOf,
  latestRankingDate,
  offset,
  page,
  popularPreview,
  searchFilterQuery,
  searchMode,
  size,
  word,
} from './endpoint-kit.ts';
import { NOVEL_ENDPOINTS } from './novel-endpoints.ts';
import { DISCUSSION_ENDPOINTS } from './discussion-endpoints.ts';

export interface MirrorEndpoint {
  fields: Fields;
  upstream(args: Args): { path: string; query: Query };
  /** Seconds; null never expires. */
  ttl: number | null;
  /** Turns upstream's 200 JSON into the mirror's answer, when the two differ. */
  reshape?: (body: unknown) => unknown;
  /** Unknown query parameters go upstream too, within these rules (params.ts). */
  passthrough?: Passthrough;
  /**
   * For upstream pages that answer HTML (the webview reader): the mirror's answer made from it,
   * JSON or text, or null when the page holds no novel.
   */
  webview?: (html: string, args: Args) => { json: unknown } | { text: string } | null;
}

/** Illust ranking modes HibiAPI accepts. */
export const RANK_MODES = [
  'day',
  'week',
  'month',
  'day_male',
  'day_female',
  'week_original',
  'week_rookie',
  'day_ai',
  'day_manga',
  'week_manga',
  'month_manga',
  'week_rookie_manga',
  'day_r18',
  'day_male_r18',
  'day_female_r18',
  'week_r18',
  'week_r18g',
  'day_r18_ai',
  'day_r18_manga',
  'week_r18_manga',
] as const;

/** A v2 autocomplete answer with v1's keyword list beside its tags. */
export function withV1Keywords(body: unknown): unknown {
  const tags = (body as { tags?: unknown } | null)?.tags;
  if (!Array.isArray(tags)) return body;
  const names = tags
    .map((tag) => (tag as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string');
  return { ...(body as object), search_auto_complete_keywords: names };
}

const SEARCH_MODES = [
  'partial_match_for_tags',
  'exact_match_for_tags',
  'title_and_caption',
] as const;
const TTL = CACHE_TTL_SECONDS;

export const ENDPOINTS: Readonly<Record<string, MirrorEndpoint>> = {
  illust: byId('/v1/illust/detail', 'illust_id', TTL.artworkDetail),
  rank: {
    fields: {
      mode: { type: 'enum', values: RANK_MODES, default: 'week' },
      date: { type: 'date', default: () => latestRankingDate() },
      page,
      size,
    },
    upstream: (a) => ({
      path: '/v1/illust/ranking',
      query: { mode: a.mode as string, date: a.date as string, offset: offset(a) },
    }),
    ttl: CACHE_TTL_SECONDS.rankings,
  },
  member: byId('/v1/user/detail', 'user_id', TTL.users),
  member_illust: {
    fields: {
      id: idOf('user_id'),
      illust_type: { type: 'enum', values: ['illust', 'manga'], default: 'illust' },
      page,
      size,
    },
    upstream: (a) => ({
      path: '/v1/user/illusts',
      query: { user_id: a.id as number, type: a.illust_type as string, offset: offset(a) },
    }),
    ttl: TTL.users,
  },
  // spec 000 §7 "/related (id, page, nextUrl)": a next_url pixiv wrote for this very path (the
  // related list pages by seed and viewed ids, not only by offset) is followed instead of `page`.
  related: {
    fields: {
      id: idOf('illust_id'),
      page,
      size,
      nextUrl: { type: 'next_url', path: '/v2/illust/related', maxLength: 2048 },
    },
    upstream: (a) =>
      a.nextUrl
        ? { path: '/v2/illust/related', query: nextUrlQuery(a.nextUrl as string) }
        : { path: '/v2/illust/related', query: { illust_id: a.id as number, offset: offset(a) } },
    ttl: TTL.related,
  },
  search: {
    fields: {
      word,
      mode: searchMode(SEARCH_MODES),
      order: { type: 'enum', values: SORTS, default: 'date_desc' },
      ...SEARCH_FILTER_FIELDS,
      page,
      size,
      include_translated_tag_results: { type: 'bool', default: true },
      search_ai_type: { type: 'bool', default: true },
    },
    upstream: (a) => ({
      path: '/v1/search/illust',
      query: {
        word: a.word as string,
        search_target: a.mode as string,
        sort: a.order as string,
        ...searchFilterQuery(a),
        offset: offset(a),
        include_translated_tag_results: a.include_translated_tag_results as boolean,
        search_ai_type: a.search_ai_type ? 1 : 0,
      },
    }),
    ttl: TTL.searches,
  },
  popular_preview: popularPreview('/v1/search/popular-preview/illust', SEARCH_MODES, TTL.searches),
  tags: forIos('/v1/trending-tags/illust', TTL.searches),
  tags_autocomplete: {
    fields: { word, merge_plain_keyword_results: { type: 'bool', default: true } },
    upstream: (a) => ({
      path: '/v2/search/autocomplete',
      query: {
        word: a.word as string,
        merge_plain_keyword_results: a.merge_plain_keyword_results as boolean,
      },
    }),
    ttl: TTL.searches,
  },
  // pixiv's v2 answer (`tags[{name, translated_name}]`, what the previous-generation viewer
  // reads), plus v1's `search_auto_complete_keywords` for clients of that shape
  search_autocomplete: {
    fields: { word },
    upstream: (a) => ({
      path: '/v2/search/autocomplete',
      query: { word: a.word as string, merge_plain_keyword_results: true },
    }),
    reshape: withV1Keywords,
    ttl: TTL.searches,
  },
  ugoira_metadata: byId('/v1/ugoira/metadata', 'illust_id', TTL.artworkDetail),
  illust_new: {
    fields: {
      content_type: { type: 'enum', values: ['illust', 'manga'], default: 'illust' },
      max_illust_id: { type: 'int', min: 1 },
    },
    upstream: (a) => ({
      path: '/v1/illust/new',
      query: {
        content_type: a.content_type as string,
        filter: 'for_ios',
        max_illust_id: a.max_illust_id as number | undefined,
      },
    }),
    ttl: TTL.latest,
  },
  // spec 001 §7.3: illust_new's manga twin.
  manga_new: {
    fields: { max_illust_id: { type: 'int', min: 1 } },
    upstream: (a) => ({
      path: '/v1/illust/new',
      query: {
        content_type: 'manga',
        filter: 'for_ios',
        max_illust_id: a.max_illust_id as number | undefined,
      },
    }),
    ttl: TTL.latest,
  },
  spotlights: {
    fields: {
      category: { type: 'enum', values: ['all', 'illust', 'manga', 'novel'], default: 'all' },
      page,
      size: { type: 'int', default: 10, min: 1, max: 500 },
    },
    upstream: (a) => ({
      path: '/v1/spotlight/articles',
      query: { filter: 'for_ios', category: a.category as string, offset: offset(a) },
    }),
    ttl: TTL.recommendations,
  },
  // A user's own lists change with every bookmark and follow: kept only as long as the latest works.
  favorite: bookmarksOf('/v1/user/bookmarks/illust', TTL.latest),
  following: {
    fields: {
      id: idOf('user_id'),
      page,
      size,
      restrict: { type: 'enum', values: ['public', 'private'], default: 'public' },
    },
    upstream: (a) => ({
      path: '/v1/user/following',
      query: { user_id: a.id as number, restrict: a.restrict as string, offset: offset(a) },
    }),
    // A user's own lists change with every bookmark and follow: kept only as long as the latest works.
    ttl: TTL.latest,
  },
  follower: {
    fields: { id: idOf('user_id'), page, size },
    upstream: (a) => ({
      path: '/v1/user/follower',
      query: { user_id: a.id as number, offset: offset(a) },
    }),
    // Followers change with every follow, as the following list does.
    ttl: TTL.latest,
  },
  search_user: {
    fields: { word, page, size },
    upstream: (a) => ({
      path: '/v1/search/user',
      query: { word: a.word as string, filter: 'for_ios', offset: offset(a) },
    }),
    ttl: TTL.searches,
  },
  related_member: {
    fields: { id: idOf('user_id') },
    upstream: (a) => ({
      path: '/v1/user/related',
      // pixiv clients send seed_user_id last
      query: { filter: 'for_ios', seed_user_id: a.id as number },
    }),
    ttl: TTL.related,
  },
  user_recommended: {
    fields: { page, size },
    upstream: (a) => ({
      path: '/v1/user/recommended',
      query: { filter: 'for_ios', offset: offset(a) },
    }),
    ttl: TTL.recommendations,
  },
  live_list: {
    fields: { page, size },
    upstream: (a) => ({
      path: '/v1/live/list',
      // pixiv clients leave offset out on the first page.
      query: { list_type: 'popular', offset: offset(a) || undefined },
    }),
    ttl: 60,
  },
  illust_recommended: recommended('/v1/illust/recommended', 'illust'),
  manga_recommended: recommended('/v1/manga/recommended', 'manga'),
  ...NOVEL_ENDPOINTS,
  ...DISCUSSION_ENDPOINTS,
};

function recommended(path: string, contentType: 'illust' | 'manga'): MirrorEndpoint {
  return {
    fields: {
      page,
      size,
      include_ranking_illusts: { type: 'bool', default: false },
      max_bookmark_id_for_recommend: { type: 'int', min: 0 },
      min_bookmark_id_for_recent_illust: { type: 'int', min: 0 },
    },
    upstream: (a) => ({
      path,
      query: {
        content_type: contentType,
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_illusts: a.include_ranking_illusts as boolean,
        max_bookmark_id_for_recommend: a.max_bookmark_id_for_recommend as number | undefined,
        min_bookmark_id_for_recent_illust: a.min_bookmark_id_for_recent_illust as
          number | undefined,
        offset: offset(a),
      },
    }),
    ttl: TTL.recommendations,
  };
}
