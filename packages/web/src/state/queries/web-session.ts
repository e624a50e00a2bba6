/**
 * The web-session (PHPSESSID) mode's data (spec 001 §2.3, spec 000 §2 Home): the session login
 * through `POST /api/auth/session`, signing out, and the 'recommended for you' lists of Home
 * from `/api/web/illust_discovery` and `/api/web/discovery_users`. The web-proxy reads swallow
 * every failure into empty data (spec 000 §8), so these lists never toast or show an error.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { del } from 'idb-keyval';
import {
  DISCOVERY_CARD_SIZE,
  normaliseWebDiscoveryUsers,
  normaliseWebThumbnail,
  type Artwork,
  type RawWebDiscoveryUsers,
  type RawWebThumbnail,
  type WebRecommendedUser,
} from '@pv/core';
import { useApi } from '../api/ApiContext.tsx';
import { PERSIST_KEY } from '../persist.ts';
import {
  clearWebSession,
  saveWebSession,
  useWebSession,
  type SessionUser,
} from '../settings/client-config.ts';

/** The discovery request of the block: 18 works, mode safe (spec 000 §9). */
export const FOR_YOU_ILLUSTS_MODE = 'safe';
/** How many recommended users the block asks for (the route's own default). */
export const FOR_YOU_USERS_LIMIT = 20;
/** Discovery reshuffles on every call; one set is kept for ten minutes of browsing. */
export const FOR_YOU_STALE_MS = 600_000;

const root = 'web-session';
export const webSessionKeys = {
  illusts: (userId: number) => [root, userId, 'illusts'] as const,
  users: (userId: number) => [root, userId, 'users'] as const,
};

/** The spec's messages of the session login (spec 001 §5.1), by the i18n key shown for each. */
const SESSION_MESSAGES: Record<string, string> = {
  'Session ID 格式不正确': 'login.session_format',
  'invalid session ID': 'login.session_invalid',
  'access token format error': 'login.session_token',
};
const SESSION_KEYS = new Set(Object.values(SESSION_MESSAGES));

export type SessionLoginResult =
  { ok: true; user: SessionUser; csrfToken: string } | { ok: false; key: string };

/** The i18n key of a failed session login: the response's message or error (spec 001 §8). */
export function sessionLoginErrorKey(body: unknown): string {
  const b = (body ?? {}) as { message?: unknown; error?: unknown };
  if (typeof b.message === 'string' && SESSION_MESSAGES[b.message]) {
    return SESSION_MESSAGES[b.message]!;
  }
  if (typeof b.error === 'string' && SESSION_KEYS.has(b.error)) return b.error;
  return 'tip.unknown_err';
}

/** Asks the server to read the account and CSRF token of a session. Never throws. */
export async function loginWithSession(session: string): Promise<SessionLoginResult> {
  try {
    const res = await fetch('/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ session }),
    });
    const body = (await res.json().catch(() => undefined)) as
      { user?: SessionUser; csrf_token?: string } | undefined;
    if (!res.ok || !body?.user || typeof body.csrf_token !== 'string') {
      return { ok: false, key: sessionLoginErrorKey(body) };
    }
    return { ok: true, user: body.user, csrfToken: body.csrf_token };
  } catch {
    return { ok: false, key: 'tip.unknown_err' };
  }
}

/** Answers cached for another account (or none) must not be shown: drops every cached one. */
async function dropCachedAnswers(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  await del(PERSIST_KEY).catch(() => undefined);
}

/** Keeps a successful session login and drops what was cached before it. */
export async function keepSessionLogin(
  queryClient: QueryClient,
  login: { session: string; csrfToken: string; user: SessionUser },
): Promise<void> {
  saveWebSession(login);
  await dropCachedAnswers(queryClient);
}

/** Logout (spec 000 §4): the session value and CSRF token go, and so does the cache. */
export async function signOutOfSession(queryClient: QueryClient): Promise<void> {
  clearWebSession();
  await dropCachedAnswers(queryClient);
}

interface IllustDiscoveryBody {
  body: { illusts: RawWebThumbnail[] };
}
interface DiscoveryUsersBody {
  body: RawWebDiscoveryUsers;
}

/** 'Recommended for you' works, only while a session is stored; [] on any failure. */
export function useForYouIllusts() {
  const api = useApi();
  const session = useWebSession();
  const userId = session?.user.id ?? 0;
  return useQuery({
    queryKey: webSessionKeys.illusts(userId),
    enabled: session !== null,
    staleTime: FOR_YOU_STALE_MS,
    queryFn: async ({ signal }): Promise<Artwork[]> => {
      const res = await api.web<IllustDiscoveryBody>(
        'illust_discovery',
        { mode: FOR_YOU_ILLUSTS_MODE, max: DISCOVERY_CARD_SIZE },
        signal,
      );
      if (res.status !== 0 || !Array.isArray(res.data.body?.illusts)) return [];
      return res.data.body.illusts.map(normaliseWebThumbnail);
    },
  });
}

/** 'Recommended for you' users, only while a session is stored; [] on any failure. */
export function useForYouUsers() {
  const api = useApi();
  const session = useWebSession();
  const userId = session?.user.id ?? 0;
  return useQuery({
    queryKey: webSessionKeys.users(userId),
    enabled: session !== null,
    staleTime: FOR_YOU_STALE_MS,
    queryFn: async ({ signal }): Promise<WebRecommendedUser[]> => {
      const res = await api.web<DiscoveryUsersBody>(
        'discovery_users',
        { limit: FOR_YOU_USERS_LIMIT },
        signal,
      );
      const body = res.status === 0 ? res.data.body : undefined;
      if (!body || !Array.isArray(body.recommendedUsers) || !Array.isArray(body.users)) return [];
      return normaliseWebDiscoveryUsers({
        ...body,
        thumbnails: { illust: body.thumbnails?.illust ?? [] },
      });
    },
  });
}
