/** pixivision articles from this server's extras: `/api/spotlights` and `/api/spotlight/{id}`. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SpotlightDetail, SpotlightLang, SpotlightList, SpotlightTab } from '@pv/core';
import { LIST_THROTTLE_MS, spotlightLang } from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

const LIST_STALE_MS = 3_600_000;
const ARTICLE_STALE_MS = 86_400_000;

export function useSpotlightLang(): SpotlightLang {
  return spotlightLang(useTranslation().i18n.language ?? 'en');
}

export interface SpotlightCardItem {
  id: number;
  title: string;
  cover: string;
  category: string;
  date: string;
}

export const spotlightKeys = {
  list: (tab: SpotlightTab | undefined, lang: SpotlightLang) =>
    ['spotlights', tab ?? 'all', lang] as const,
  head: (lang: SpotlightLang) => ['spotlights', 'head', lang] as const,
  article: (id: number, lang: SpotlightLang) => ['spotlight', id, lang] as const,
};

/** A list page of articles as the list engine holds it (the server's render seeds the same). */
export function spotlightListPage(list: SpotlightList): ListPage<SpotlightCardItem> {
  return { items: list.articles, hasMore: list.next };
}

/** One tab's articles (all when `tab` is undefined), paged; a failure just finishes the list. */
export function useSpotlightList(tab: SpotlightTab | undefined, lang: SpotlightLang) {
  const api = useApi();
  return usePagedList<SpotlightCardItem>({
    queryKey: spotlightKeys.list(tab, lang),
    staleTime: LIST_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.default,
    fetchPage: async (page, signal): Promise<ListPage<SpotlightCardItem>> => {
      const res = await api.extras<SpotlightList>('spotlights', { type: tab, page, lang }, signal);
      if (res.status !== 0) return { items: [], hasMore: false };
      return spotlightListPage(res.data);
    },
  });
}

/** The first page of all articles with the sidebar (home card, list sidebar). */
export function useSpotlightHead(lang: SpotlightLang) {
  const api = useApi();
  return useQuery({
    queryKey: spotlightKeys.head(lang),
    staleTime: LIST_STALE_MS,
    queryFn: async ({ signal }) =>
      unwrap(await api.extras<SpotlightList>('spotlights', { page: 1, lang }, signal)),
  });
}

export function useSpotlight(id: number, lang: SpotlightLang) {
  const api = useApi();
  return useQuery({
    queryKey: spotlightKeys.article(id, lang),
    staleTime: ARTICLE_STALE_MS,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    queryFn: async ({ signal }) =>
      unwrap(await api.extras<SpotlightDetail>(`spotlight/${id}`, { lang }, signal)),
  });
}
