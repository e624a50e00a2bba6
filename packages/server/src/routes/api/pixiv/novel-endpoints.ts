/**
 * The mirror's novel routes (shared/reference/conformance.md §2, spec 001 §7.3), with their
 * parameters, defaults, enums, app-API calls and cache lifetimes (spec 000 §7).
 */
import { CACHE_TTL_SECONDS as TTL } from '@pv/core';
import type { MirrorEndpoint } from './endpoints.ts';
import type { Args } from './params.ts';
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
  pagedById,
  popularPreview,
  searchFilterQuery,
  searchMode,
  size,
  word,
} from './endpoint-kit.ts';
import { parseWebviewNovel } from './webview.ts';

/** Novel search targets: the illust ones, with `text` (the body) in place of title_and_caption. */
export const NOVEL_SEARCH_MODES = [
  'partial_match_for_tags',
  'exact_match_for_tags',
  'text',
  'keyword',
] as const;
/** The viewer the webview page is asked for (pixivpy, HibiAPI). */
export const WEBVIEW_VIEWER_VERSION = '20221031_ai';

const webviewUpstream = (a: Args) => ({
  path: '/webview/v2/novel',
  query: { id: a.id as number, viewer_version: WEBVIEW_VIEWER_VERSION },
});

export const NOVEL_ENDPOINTS: Readonly<Record<string, MirrorEndpoint>> = {
  rank_novel: {
    fields: {
      mode: { type: 'string', default: 'day', maxLength: 40 },
      date: { type: 'date', default: () => latestRankingDate() },
      page,
      size,
    },
    upstream: (a) => ({
      path: '/v1/novel/ranking',
      query: { mode: a.mode as string, date: a.date as string, offset: offset(a) },
    }),
    ttl: TTL.rankings,
  },
  search_novel: {
    fields: {
      word,
      mode: searchMode(NOVEL_SEARCH_MODES),
      sort: { type: 'enum', values: SORTS, default: 'date_desc' },
      ...SEARCH_FILTER_FIELDS,
      page,
      size,
      merge_plain_keyword_results: { type: 'bool', default: true },
      include_translated_tag_results: { type: 'bool', default: true },
      search_ai_type: { type: 'bool', default: true },
    },
    upstream: (a) => ({
      path: '/v1/search/novel',
      query: {
        word: a.word as string,
        search_target: a.mode as string,
        sort: a.sort as string,
        ...searchFilterQuery(a),
        merge_plain_keyword_results: a.merge_plain_keyword_results as boolean,
        include_translated_tag_results: a.include_translated_tag_results as boolean,
        search_ai_type: a.search_ai_type ? 1 : 0,
        offset: offset(a),
      },
    }),
    ttl: TTL.searches,
  },
  popular_preview_novel: popularPreview(
    '/v1/search/popular-preview/novel',
    NOVEL_SEARCH_MODES,
    TTL.searches,
  ),
  novel_recommended: {
    fields: { page, size, include_ranking_novels: { type: 'bool', default: false } },
    upstream: (a) => ({
      path: '/v1/novel/recommended',
      query: {
        include_ranking_label: true,
        filter: 'for_ios',
        include_ranking_novels: a.include_ranking_novels as boolean,
        include_privacy_policy: false,
        offset: offset(a),
      },
    }),
    ttl: TTL.recommendations,
  },
  novel_new: {
    fields: { max_novel_id: { type: 'int', min: 1 } },
    upstream: (a) => ({
      path: '/v1/novel/new',
      query: { filter: 'for_ios', max_novel_id: a.max_novel_id as number | undefined },
    }),
    ttl: TTL.latest,
  },
  related_novel: pagedById('/v1/novel/related', 'novel_id', TTL.related),
  member_novel: pagedById('/v1/user/novels', 'user_id', TTL.users),
  // A user's own list changes with every bookmark: kept only as long as the latest works.
  favorite_novel: bookmarksOf('/v1/user/bookmarks/novel', TTL.latest),
  novel_series: {
    fields: { id: idOf('series_id'), last_order: { type: 'int', min: 0 } },
    upstream: (a) => ({
      path: '/v2/novel/series',
      query: { series_id: a.id as number, last_order: a.last_order as number | undefined },
    }),
    // A series grows with new episodes: kept like a user's lists.
    ttl: TTL.users,
  },
  member_novel_series: pagedById('/v1/user/novel-series', 'user_id', TTL.users),
  novel_detail: byId('/v2/novel/detail', 'novel_id', TTL.artworkDetail),
  webview_novel: {
    fields: { id: idOf('novel_id'), raw: { type: 'bool', default: false } },
    upstream: webviewUpstream,
    ttl: TTL.artworkDetail,
    webview: (html, a) => {
      if (a.raw) return { text: html };
      const novel = parseWebviewNovel(html);
      return novel === null ? null : { json: novel };
    },
  },
  novel_text: {
    fields: { id: idOf('novel_id') },
    upstream: webviewUpstream,
    ttl: TTL.artworkDetail,
    webview: (html) => {
      const novel = parseWebviewNovel(html) as { text?: unknown } | null;
      return novel && typeof novel.text === 'string' ? { json: { novel_text: novel.text } } : null;
    },
  },
  tags_novel: forIos('/v1/trending-tags/novel', TTL.searches),
};
