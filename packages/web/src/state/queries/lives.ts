/** Live streams: the list through the mirror, one live and its chat log through this server. */
import { useQuery } from '@tanstack/react-query';
import {
  LIST_THROTTLE_MS,
  normaliseAppLive,
  normaliseChatLog,
  normaliseSketchLive,
  type LiveCard,
  type RawAppLive,
  type RawSketchChatLog,
  type RawSketchLive,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/errors.ts';
import { usePagedList, type ListPage } from '../../lib/usePagedList.ts';

/** The mirror's `live_list` answer. */
export interface RawLiveList {
  lives: RawAppLive[];
  next_url: string | null;
}

/** The live list's query key (a server render seeds its first page: app/server-routes.ts). */
export const LIVES_KEY = ['lives'] as const;

/** One page of the live list as the list shows it, from the mirror's answer. */
export function liveListPage(data: RawLiveList): ListPage<LiveCard> {
  return { items: data.lives.map(normaliseAppLive), hasMore: data.next_url != null };
}

export function useLiveList() {
  const api = useApi();
  return usePagedList<LiveCard>({
    queryKey: LIVES_KEY,
    staleTime: 60_000,
    throttleMs: LIST_THROTTLE_MS.live,
    fetchPage: async (page, signal): Promise<ListPage<LiveCard>> => {
      const res = await api.get<RawLiveList>('live_list', { page }, signal);
      if (res.status !== 0) throw new ApiError(res.msg);
      return liveListPage(res.data);
    },
  });
}

/** Sketch's own error text, shown as it is (spec 000 §8 "Live fetch"). */
export class LiveError extends Error {}

async function sketchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  let body: { data?: T; errors?: { message?: string }[] } | undefined;
  try {
    const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
    body = (await res.json()) as typeof body;
  } catch {
    throw new LiveError('');
  }
  if (!body || body.data == null || (body.errors?.length ?? 0) > 0) {
    throw new LiveError(body?.errors?.[0]?.message ?? '');
  }
  return body.data;
}

export function useLive(id: string) {
  return useQuery({
    queryKey: ['live', id],
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }) =>
      normaliseSketchLive(
        await sketchJson<RawSketchLive>(`/api/lives/${encodeURIComponent(id)}.json`, signal),
      ),
  });
}

export function useLiveLogs(id: string) {
  return useQuery({
    queryKey: ['live-logs', id],
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await sketchJson<RawSketchChatLog[]>(
          `/api/lives/${encodeURIComponent(id)}/logs.json`,
          signal,
        )
      ).map(normaliseChatLog),
  });
}
