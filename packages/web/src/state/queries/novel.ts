/**
 * One novel (spec 001 §2.10, §7.3): its detail (`novel_detail`), its text object
 * (`webview_novel`: text, prev and next, embedImgs) and its related novels (`related_novel`,
 * finished after page 2, spec 001 §9). Details never expire; related lists live two days.
 */
import { useQuery } from '@tanstack/react-query';
import {
  CACHE_TTL_SECONDS,
  LIST_THROTTLE_MS,
  normaliseNovel,
  normaliseNovelText,
  type Novel,
  type NovelText,
  type RawNovelDetailResponse,
  type RawNovelListResponse,
  type RawWebviewNovel,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { usePagedList } from '../../lib/usePagedList.ts';

const ROOT = 'novel';

/** Related novels stop after this page (spec 001 §9). */
export const NOVEL_RELATED_LAST_PAGE = 2;
export const NOVEL_RELATED_STALE_MS = CACHE_TTL_SECONDS.related * 1000;

export function novelKey(id: number) {
  return [ROOT, id] as const;
}
export function novelTextKey(id: number) {
  return [ROOT, id, 'text'] as const;
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useNovel(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: novelKey(id),
    queryFn: async ({ signal }): Promise<Novel> =>
      normaliseNovel(
        unwrap(await api.get<RawNovelDetailResponse>('novel_detail', { id }, signal)).novel,
      ),
    staleTime: Infinity,
    enabled: validId(id),
    retry: false,
  });
}

export function useNovelText(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: novelTextKey(id),
    queryFn: async ({ signal }): Promise<NovelText> =>
      normaliseNovelText(unwrap(await api.get<RawWebviewNovel>('webview_novel', { id }, signal))),
    staleTime: Infinity,
    enabled: validId(id),
    retry: false,
  });
}

/** Whether a related list has more after `page`: upstream's word, but never past page 2. */
export function relatedNovelsHaveMore(page: number, upstreamHasMore: boolean): boolean {
  return upstreamHasMore && page < NOVEL_RELATED_LAST_PAGE;
}

/** Novels related to one, paged; 1500 ms between pages; finished after page 2. */
export function useRelatedNovels(id: number) {
  const api = useApi();
  return usePagedList<Novel>({
    queryKey: [ROOT, id, 'related'],
    staleTime: NOVEL_RELATED_STALE_MS,
    throttleMs: LIST_THROTTLE_MS.related,
    enabled: validId(id),
    fetchPage: async (page, signal) => {
      const data = unwrap(
        await api.get<RawNovelListResponse>('related_novel', { id, page }, signal),
      );
      return {
        items: data.novels.map(normaliseNovel),
        hasMore: relatedNovelsHaveMore(page, data.next_url != null),
      };
    },
  });
}
