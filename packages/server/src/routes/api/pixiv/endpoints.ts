/**
 * The mirror's route table: each HibiAPI name with its parameters, the app-API call it makes
 * and its cache lifetime (spec 000 §7; shared/reference/conformance.md §2).
 */
import { CACHE_TTL_SECONDS } from '@pv/core';
import type { Query } from '@pv/pixiv';
import type { Args, Fields } from './params.ts';

export interface MirrorEndpoint {
  fields: Fields;
  upstream(args: Args): { path: string; query: Query };
  /** Seconds; null never expires. */
  ttl: number | null;
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

/** Yesterday in Japan, where pixiv's ranking days are counted. */
export function yesterdayJst(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}

const page = { type: 'int', default: 1, min: 1 } as const;
const size = { type: 'int', default: 30, min: 1, max: 500 } as const;
const offset = (args: Args) => ((args.page as number) - 1) * (args.size as number);

const id = { type: 'int', required: true, min: 1 } as const;
const word = { type: 'string', required: true, maxLength: 200 } as const;
const SEARCH_MODES = [
  'partial_match_for_tags',
  'exact_match_for_tags',
  'title_and_caption',
] as const;
const SORTS = ['date_desc', 'date_asc', 'popular_desc'] as const;
const DURATIONS = ['within_last_day', 'within_last_week', 'within_last_month'] as const;
const TTL = CACHE_TTL_SECONDS;

export const ENDPOINTS: Readonly<Record<string, MirrorEndpoint>> = {
  illust: {
    fields: { id: { type: 'int', required: true, min: 1 } },
    upstream: (a) => ({ path: '/v1/illust/detail', query: { illust_id: a.id as number } }),
    ttl: CACHE_TTL_SECONDS.artworkDetail,
  },
  rank: {
    fields: {
      mode: { type: 'enum', values: RANK_MODES, default: 'week' },
      date: { type: 'date', default: () => yesterdayJst() },
      page,
      size,
    },
    upstream: (a) => ({
      path: '/v1/illust/ranking',
      query: { mode: a.mode as string, date: a.date as string, offset: offset(a) },
    }),
    ttl: CACHE_TTL_SECONDS.rankings,
  },
  member: {
    fields: { id },
    upstream: (a) => ({ path: '/v1/user/detail', query: { user_id: a.id as number } }),
    ttl: TTL.users,
  },
  member_illust: {
    fields: {
      id,
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
  related: {
    fields: { id, page, size },
    upstream: (a) => ({
      path: '/v2/illust/related',
      query: { illust_id: a.id as number, offset: offset(a) },
    }),
    ttl: TTL.related,
  },
  search: {
    fields: {
      word,
      mode: { type: 'enum', values: SEARCH_MODES, default: 'partial_match_for_tags' },
      order: { type: 'enum', values: SORTS, default: 'date_desc' },
      duration: { type: 'enum', values: DURATIONS },
      start_date: { type: 'date' },
      end_date: { type: 'date' },
      bookmark_num_min: { type: 'int', min: 0 },
      bookmark_num_max: { type: 'int', min: 0 },
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
        duration: a.duration as string | undefined,
        start_date: a.start_date as string | undefined,
        end_date: a.end_date as string | undefined,
        bookmark_num_min: a.bookmark_num_min as number | undefined,
        bookmark_num_max: a.bookmark_num_max as number | undefined,
        offset: offset(a),
        include_translated_tag_results: a.include_translated_tag_results as boolean,
        search_ai_type: a.search_ai_type ? 1 : 0,
      },
    }),
    ttl: TTL.searches,
  },
  popular_preview: {
    fields: {
      word,
      mode: { type: 'enum', values: SEARCH_MODES, default: 'partial_match_for_tags' },
      merge_plain_keyword_results: { type: 'bool', default: true },
      include_translated_tag_results: { type: 'bool', default: true },
      filter: { type: 'string', default: 'for_ios', maxLength: 20 },
    },
    upstream: (a) => ({
      path: '/v1/search/popular-preview/illust',
      query: {
        word: a.word as string,
        search_target: a.mode as string,
        merge_plain_keyword_results: a.merge_plain_keyword_results as boolean,
        include_translated_tag_results: a.include_translated_tag_results as boolean,
        filter: a.filter as string,
      },
    }),
    ttl: TTL.searches,
  },
  tags: {
    fields: {},
    upstream: () => ({ path: '/v1/trending-tags/illust', query: { filter: 'for_ios' } }),
    ttl: TTL.searches,
  },
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
  search_autocomplete: {
    fields: { word },
    upstream: (a) => ({ path: '/v1/search/autocomplete', query: { word: a.word as string } }),
    ttl: TTL.searches,
  },
  ugoira_metadata: {
    fields: { id },
    upstream: (a) => ({ path: '/v1/ugoira/metadata', query: { illust_id: a.id as number } }),
    ttl: TTL.artworkDetail,
  },
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
  illust_recommended: recommended('/v1/illust/recommended', 'illust'),
  manga_recommended: recommended('/v1/manga/recommended', 'manga'),
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
