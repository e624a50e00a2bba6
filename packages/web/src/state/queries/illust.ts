/**
 * One artwork: `/api/pixiv/illust?id=`. Details never expire (spec 000 §7). A work whose first
 * picture is pixiv's limit placeholder is rebuilt from the web detail and pages
 * (`/api/web/illust`, `/api/web/illust_pages`, spec 000 §8), its actions still hidden.
 */
import { useQuery } from '@tanstack/react-query';
import {
  isLimitPlaceholder,
  normaliseIllust,
  restrictedFromWeb,
  type Artwork,
  type RawIllustDetailResponse,
  type RawWebIllust,
  type RawWebIllustPage,
} from '@pv/core';
import type { ApiClient } from '../api/client.ts';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';

const ROOT = 'illust';

export function illustKey(id: number) {
  return [ROOT, id] as const;
}

/** The web fallback of a limit-placeholder work; the placeholder work when the web has none. */
async function webFallback(api: ApiClient, app: Artwork, signal: AbortSignal): Promise<Artwork> {
  const [detail, pages] = await Promise.all([
    api.web<{ body?: RawWebIllust } | null>('illust', { id: app.id }, signal),
    api.web<{ body?: RawWebIllustPage[] } | null>('illust_pages', { id: app.id }, signal),
  ]);
  const body = detail.status === 0 ? detail.data?.body : undefined;
  const list = pages.status === 0 && Array.isArray(pages.data?.body) ? pages.data.body : [];
  return restrictedFromWeb(app, body, list) ?? app;
}

export function useIllust(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: illustKey(id),
    queryFn: async ({ signal }): Promise<Artwork> => {
      const artwork = normaliseIllust(
        unwrap(await api.get<RawIllustDetailResponse>('illust', { id }, signal)).illust,
      );
      const first = artwork.images[0];
      if (!isLimitPlaceholder(first?.l) && !isLimitPlaceholder(first?.m)) return artwork;
      return webFallback(api, artwork, signal);
    },
    staleTime: Infinity,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

export interface RecoveredPage {
  createDate: string;
  sampleUrl: string;
  fileUrl: string;
  tags: string[];
}

/**
 * What the recovery service kept of a deleted work (`/api/pid-recover/{id}`, spec 001 §7.2),
 * asked only when pixiv says 'no such page'; an empty list when nothing was kept or the service
 * fails (the screen then says the work was deleted or made private).
 */
export function usePidRecover(id: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['pid-recover', id],
    queryFn: async ({ signal }): Promise<RecoveredPage[]> => {
      const res = await api.extras<RecoveredPage[]>(`pid-recover/${id}`, {}, signal);
      return res.status === 0 && Array.isArray(res.data) ? res.data : [];
    },
    staleTime: Infinity,
    enabled,
    retry: false,
  });
}
