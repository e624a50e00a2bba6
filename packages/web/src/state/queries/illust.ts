/** One artwork: `/api/pixiv/illust?id=`. Details never expire (spec 000 §7). */
import { useQuery } from '@tanstack/react-query';
import { normaliseIllust, type Artwork, type RawIllustDetailResponse } from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';

const ROOT = 'illust';

export function illustKey(id: number) {
  return [ROOT, id] as const;
}

export function useIllust(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: illustKey(id),
    queryFn: async ({ signal }): Promise<Artwork> =>
      normaliseIllust(
        unwrap(await api.get<RawIllustDetailResponse>('illust', { id }, signal)).illust,
      ),
    staleTime: Infinity,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
