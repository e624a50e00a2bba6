/**
 * What the mirror's route tables (endpoints.ts, novel-endpoints.ts, discussion-endpoints.ts)
 * share: HibiAPI's fields and the factories for the endpoint shapes that recur across illusts,
 * novels, comments and series. Field order is HibiAPI's, and so the order of a 422's issues.
 */
import { rankingDateWindow } from '@pv/core';
import type { MirrorEndpoint } from './endpoints.ts';
import { passedThrough, type Args, type Field, type Fields } from './params.ts';

export const page = { type: 'int', default: 1, min: 1 } as const;
export const size = { type: 'int', default: 30, min: 1, max: 500 } as const;
/** The app API's offset for HibiAPI's 1-based `page` of `size`. */
export const offset = (args: Args) => ((args.page as number) - 1) * (args.size as number);
/** A required `id` that pixiv calls `upstreamName`; its absence answers `${upstreamName} required`. */
export const idOf = (upstreamName: string) =>
  ({ type: 'int', required: true, min: 1, missing: `${upstreamName} required` }) as const;
export const word = {
  type: 'string',
  required: true,
  maxLength: 200,
  missing: 'word required',
} as const;
const on = { type: 'bool', default: true } as const;

/**
 * The latest ranking day pixiv has published at `now`: yesterday in Japan from 14:00 JST, the
 * day before until then (core's ranking calendar rule). An undated ranking asks for it, as
 * asking for yesterday answered an empty list every morning in Japan.
 */
export function latestRankingDate(now = Date.now()): string {
  return rankingDateWindow(new Date(now)).max;
}

export const SORTS = ['date_desc', 'date_asc', 'popular_desc'] as const;
export const DURATIONS = ['within_last_day', 'within_last_week', 'within_last_month'] as const;

/** The search target field (`mode`) over a kind's targets. */
export const searchMode = (modes: readonly string[]): Field => ({
  type: 'enum',
  values: modes,
  default: 'partial_match_for_tags',
});

/** The search window and bookmark filters, between the sort and the paging fields. */
export const SEARCH_FILTER_FIELDS = {
  duration: { type: 'enum', values: DURATIONS },
  start_date: { type: 'date' },
  end_date: { type: 'date' },
  bookmark_num_min: { type: 'int', min: 0 },
  bookmark_num_max: { type: 'int', min: 0 },
} as const satisfies Fields;

/** The app-API query of SEARCH_FILTER_FIELDS (unset ones left out). */
export const searchFilterQuery = (a: Args) => ({
  duration: a.duration as string | undefined,
  start_date: a.start_date as string | undefined,
  end_date: a.end_date as string | undefined,
  bookmark_num_min: a.bookmark_num_min as number | undefined,
  bookmark_num_max: a.bookmark_num_max as number | undefined,
});

/** One work, user or comment by `id`, sent upstream as `idParam`. */
export function byId(path: string, idParam: string, ttl: number | null): MirrorEndpoint {
  return {
    fields: { id: idOf(idParam) },
    upstream: (a) => ({ path, query: { [idParam]: a.id as number } }),
    ttl,
  };
}

/** A list of `id`'s (`idParam` upstream) in pages; `filter=for_ios` first when `forIos`. */
export function pagedById(
  path: string,
  idParam: string,
  ttl: number | null,
  { forIos = false } = {},
): MirrorEndpoint {
  return {
    fields: { id: idOf(idParam), page, size },
    upstream: (a) => ({
      path,
      query: {
        [idParam]: a.id as number,
        ...(forIos ? { filter: 'for_ios' } : {}),
        offset: offset(a),
      },
    }),
    ttl,
  };
}

/**
 * A user's public or private bookmarks, by tag, with the `max_bookmark_id` cursor; any other
 * plain parameter is passed on to the same upstream path (spec 001 §7.3: "/favorite?id (plus
 * passthrough params; max_bookmark_id of 0 is dropped)").
 */
export function bookmarksOf(path: string, ttl: number | null): MirrorEndpoint {
  const fields: Fields = {
    id: idOf('user_id'),
    tag: { type: 'string', maxLength: 200 },
    max_bookmark_id: { type: 'int', min: 0 },
    restrict: { type: 'enum', values: ['public', 'private'], default: 'public' },
  };
  return {
    fields,
    passthrough: { reserved: ['user_id'] },
    upstream: (a) => ({
      path,
      query: {
        ...passedThrough(fields, a),
        user_id: a.id as number,
        tag: a.tag as string | undefined,
        restrict: a.restrict as string,
        // the app sends max_bookmark_id=0 for the first page; pixiv wants none
        max_bookmark_id: a.max_bookmark_id ? (a.max_bookmark_id as number) : undefined,
      },
    }),
    ttl,
  };
}

/** The popular preview of a search over a kind's targets. */
export function popularPreview(
  path: string,
  modes: readonly string[],
  ttl: number | null,
): MirrorEndpoint {
  return {
    fields: {
      word,
      mode: searchMode(modes),
      merge_plain_keyword_results: on,
      include_translated_tag_results: on,
      filter: { type: 'string', default: 'for_ios', maxLength: 20 },
    },
    upstream: (a) => ({
      path,
      query: {
        word: a.word as string,
        search_target: a.mode as string,
        merge_plain_keyword_results: a.merge_plain_keyword_results as boolean,
        include_translated_tag_results: a.include_translated_tag_results as boolean,
        filter: a.filter as string,
      },
    }),
    ttl,
  };
}

/** A parameterless call with pixiv's `filter=for_ios` (the trending tags). */
export function forIos(path: string, ttl: number | null): MirrorEndpoint {
  return { fields: {}, upstream: () => ({ path, query: { filter: 'for_ios' } }), ttl };
}
