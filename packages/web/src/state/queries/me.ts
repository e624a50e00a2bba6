/**
 * `/api/pixiv/me`: the account of the local-app mode's token (spec 000 §7 "/me"), for the
 * settings home. Cached 6 hours like the original's profile cache (spec 001 §9); never asked
 * without the token (the server would answer 401).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { del } from 'idb-keyval';
import { PROFILE_CACHE_SECONDS } from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { unwrap } from '../api/errors.ts';
import { forgetAccountSaves } from '../db/saved.ts';
import { PERSIST_KEY } from '../persist.ts';
import { saveClientConfig, useLocalAppSignedIn, useWebSession } from '../settings/client-config.ts';

/** The fields of `v1/user/detail` the settings home shows. */
interface RawMe {
  user: { id: number; name: string; account: string; profile_image_urls: { medium: string } };
}

export interface Me {
  id: number;
  name: string;
  account: string;
  avatar: string;
}

export const ME_STALE_MS = PROFILE_CACHE_SECONDS * 1000;

export function useMe(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['me'],
    enabled,
    staleTime: ME_STALE_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<Me> => {
      const { user } = unwrap(await api.get<RawMe>('me', {}, signal));
      return {
        id: user.id,
        name: user.name,
        account: user.account,
        avatar: user.profile_image_urls.medium,
      };
    },
  });
}

/**
 * Logout of the local-app mode (spec 001 §2.2): the stored token goes, the mode turns off, and
 * answers cached with the user's token are dropped, and so is what was saved for offline with
 * it (the caller reloads after 500 ms).
 */
export async function signOutOfLocalApp(queryClient: QueryClient): Promise<void> {
  saveClientConfig({ refreshToken: '', useLocalAppApi: false });
  queryClient.clear();
  await Promise.all([
    del(PERSIST_KEY).catch(() => undefined),
    forgetAccountSaves().catch(() => undefined),
  ]);
}

/**
 * The signed-in user's id, by either login: the local-app mode's account (`/me`) or the stored
 * session's user; undefined for a visitor or while `/me` loads.
 */
export function useViewerId(): number | undefined {
  const localApp = useLocalAppSignedIn();
  const session = useWebSession();
  const me = useMe(localApp);
  return localApp ? me.data?.id : session?.user.id;
}
