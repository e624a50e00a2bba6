/** Illust search: `/api/pixiv/search`, 30 per page, cached an hour (spec 000 §7). */
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  DEFAULT_SEARCH_FILTERS,
  normaliseIllust,
  normaliseUserPreview,
  searchAiType,
  type Artwork,
  type RawUserPreview,
  type UserPreview,
  type SearchFilters,
  type RawIllustListResponse,
} from '@pv/core';
import { useQuery } from '@tanstack/react-query';
import type { ApiParams } from '../api/client.ts';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

const ROOT = 'search-illust';
export const SEARCH_STALE_MS = CACHE_TTL_SECONDS.searches * 1000;
const RECOMMENDED_USERS_STALE_MS = CACHE_TTL_SECONDS.recommendations * 1000;

export interface IllustSearch {
  word: string;
  /** search_ai_type=1: upstream leaves AI-generated works out. */
  hideAi: boolean;
  filters?: SearchFilters;
}

export function searchKey(search: IllustSearch) {
  const f = search.filters ?? DEFAULT_SEARCH_FILTERS;
  return [
    ROOT,
    search.word,
    search.hideAi,
    f.mode,
    f.order,
    f.duration ?? '',
    f.start_date ?? '',
    f.end_date ?? '',
  ] as const;
}

/** The mirror query of one page of an illust search (HibiAPI names the order `order` here). */
export function illustSearchParams(search: IllustSearch, page: number): ApiParams {
  const f = search.filters ?? DEFAULT_SEARCH_FILTERS;
  return {
    word: search.word,
    page,
    search_ai_type: searchAiType(search.hideAi),
    mode: f.mode,
    order: f.order,
    duration: f.duration,
    start_date: f.start_date,
    end_date: f.end_date,
  };
}

export function useIllustSearch(search: IllustSearch, enabled: boolean) {
  const api = useApi();
  return usePagedList<Artwork>({
    queryKey: searchKey(search),
    staleTime: SEARCH_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<Artwork>> => {
      const params = illustSearchParams(search, page);
      const data = unwrap(await api.get<RawIllustListResponse>('search', params, signal));
      return { items: data.illusts.map(normaliseIllust), hasMore: data.next_url != null };
    },
  });
}

export function popularPreviewKey(word: string, mode: SearchFilters['mode']) {
  return ['popular-preview', word, mode] as const;
}

/**
 * The popular preview of a search (`/api/pixiv/popular_preview`, spec 000 §7): the most
 * bookmarked works for the keyword, offered in self-hosted mode only (spec 000 §1, §6).
 */
export function usePopularPreview(word: string, mode: SearchFilters['mode'], enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: popularPreviewKey(word, mode),
    enabled,
    staleTime: SEARCH_STALE_MS,
    queryFn: async ({ signal }): Promise<Artwork[]> => {
      const data = unwrap(
        await api.get<RawIllustListResponse>('popular_preview', { word, mode }, signal),
      );
      return data.illusts.map(normaliseIllust);
    },
  });
}

/** The sensitive-word list's query key (a server render seeds it: app/server-routes.ts). */
export const SENSITIVE_WORDS_KEY = ['sensitive-words'] as const;

/** The list as the app reads it from `/api/sensitive-words`' answer: its strings, else none. */
export function sensitiveWordsOf(body: unknown): string[] {
  const words = (body as { words?: unknown } | undefined)?.words;
  return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [];
}

/**
 * The viewer's sensitive-word list (`/api/sensitive-words`, spec 000 §7 "Other"): fetched once
 * and kept for the visit. A server without the service (503) or a failing one gives an empty
 * list, so search still works. `ready` is false until the answer (either way) is in, so that a
 * search never goes out before its keyword is checked.
 */
export function useSensitiveWords(): { words: readonly string[]; ready: boolean } {
  const { data, isPending } = useQuery({
    queryKey: SENSITIVE_WORDS_KEY,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async ({ signal }): Promise<string[]> => {
      try {
        const res = await fetch('/api/sensitive-words', { signal });
        if (!res.ok) return [];
        return sensitiveWordsOf(await res.json());
      } catch (error) {
        if (signal.aborted) throw error;
        return [];
      }
    },
  });
  return { words: data ?? NO_WORDS, ready: !isPending };
}
const NO_WORDS: readonly string[] = [];

/** Autocomplete runs after this debounce, only outside self-hosted mode (spec 000 §5). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;

export interface TagSuggestion {
  name: string;
  translated_name: string | null;
}

/** Tag suggestions for a (debounced) word: the spec's `/api/pixiv/search_autocomplete` (000 §7). */
export function useTagSuggestions(word: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['tags-autocomplete', word],
    enabled: enabled && word.trim().length > 0,
    staleTime: SEARCH_STALE_MS,
    queryFn: async ({ signal }): Promise<TagSuggestion[]> => {
      const data = unwrap(
        await api.get<{ tags: TagSuggestion[] }>('search_autocomplete', { word }, signal),
      );
      return data.tags;
    },
  });
}

/**
 * The Users tab before any search (`/search_user`): recommended users, as pixiv's user search
 * page shows them (`/api/pixiv/user_recommended`, 30 per page), as the same cards as the results.
 */
export function useRecommendedUserList(enabled = true) {
  const api = useApi();
  return usePagedList<UserPreview>({
    queryKey: ['search-user', 'recommended'],
    staleTime: RECOMMENDED_USERS_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    enabled,
    fetchPage: async (page, signal): Promise<ListPage<UserPreview>> => {
      const data = unwrap(
        await api.get<{ user_previews: RawUserPreview[]; next_url: string | null }>(
          'user_recommended',
          { page },
          signal,
        ),
      );
      return {
        items: data.user_previews.map(normaliseUserPreview),
        hasMore: data.next_url != null,
      };
    },
  });
}

/** User search: `/api/pixiv/search_user`, 30 per page (spec 000 §2, `/search_user/{word}`). */
export function useUserSearch(word: string, enabled = true) {
  const api = useApi();
  return usePagedList<UserPreview>({
    queryKey: ['search-user', word],
    staleTime: SEARCH_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.search,
    enabled: enabled && word.length > 0,
    fetchPage: async (page, signal): Promise<ListPage<UserPreview>> => {
      const data = unwrap(
        await api.get<{ user_previews: RawUserPreview[]; next_url: string | null }>(
          'search_user',
          { word, page },
          signal,
        ),
      );
      return {
        items: data.user_previews.map(normaliseUserPreview),
        hasMore: data.next_url != null,
      };
    },
  });
}
