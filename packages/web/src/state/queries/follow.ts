/**
 * Following and unfollowing an author (spec 001 §4 "Follow", §7.3 `req_post`): through the
 * mirror's `req_post` (`v1/user/follow/add` with restrict public, `v1/user/follow/delete`). The
 * state machine: idle, then busy while the request runs (taps ignored), then the flipped state on
 * success, with the cached profile updated, or the unchanged state and 'follow_fail' /
 * 'unfollow_fail' on failure.
 */
import { useCallback, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@pv/core';
import type { ApiClient } from '../api/client.ts';
import { useApi } from '../api/ApiContext.tsx';
import { useLocalAppSignedIn } from '../settings/client-config.ts';
import { showToast } from '../ui/toast.ts';
import { useViewerId } from './me.ts';
import { userKeys } from './users.ts';

export const FOLLOW_ADD_PATH = 'v1/user/follow/add';
export const FOLLOW_DELETE_PATH = 'v1/user/follow/delete';

/** Sends one follow or unfollow; true when upstream took it. */
export async function sendFollow(api: ApiClient, userId: number, follow: boolean) {
  const res = await api.get('req_post', {
    path: follow ? FOLLOW_ADD_PATH : FOLLOW_DELETE_PATH,
    data: JSON.stringify(follow ? { user_id: userId, restrict: 'public' } : { user_id: userId }),
    t: Date.now(),
  });
  return res.status === 0;
}

/** Sets `is_followed` on the cached profile of `userId`. */
export function patchCachedFollow(client: QueryClient, userId: number, value: boolean): void {
  client.setQueryData<UserDetail>(userKeys.detail(userId), (user) =>
    user ? { ...user, is_followed: value } : user,
  );
}

export function useFollow(user: Pick<UserDetail, 'id' | 'is_followed'>) {
  const api = useApi();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  // What this session did to the author: the artwork and novel pages hold the author inside the
  // work's cached detail, which the profile patch does not reach.
  const [done, setDone] = useState<{ id: number; followed: boolean } | null>(null);
  const followed = done?.id === user.id ? done.followed : user.is_followed;
  const toggle = useCallback(async () => {
    if (busy) return;
    const next = !followed;
    setBusy(true);
    const ok = await sendFollow(api, user.id, next);
    setBusy(false);
    if (ok) {
      setDone({ id: user.id, followed: next });
      patchCachedFollow(client, user.id, next);
    } else showToast(next ? 'tip.follow_fail' : 'tip.unfollow_fail', { error: true });
  }, [api, client, busy, user.id, followed]);
  return { followed, busy, toggle };
}

/**
 * Whether a follow button for `authorId` shows: signed in through the local app (refresh token),
 * the viewer known, and not the viewer's own account (spec 001 §6).
 */
export function useCanFollow(authorId: number): boolean {
  const viewerId = useViewerId();
  const localApp = useLocalAppSignedIn();
  return localApp && viewerId !== undefined && viewerId !== authorId;
}
