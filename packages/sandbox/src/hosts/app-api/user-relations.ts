/**
 * A user's relations and the account's own state (pixiv-upstream.md §1.2, spec 001 §7.1):
 * `/v1/user/follower` and `/v1/user/mypixiv` (`{user_previews, next_url}`, 30 a page by
 * `offset`), the works of the account's My pixiv friends (`/v2/illust/mypixiv`,
 * `/v1/novel/mypixiv`), `/v1/user/follow/detail` and `/v1/user/me/state`.
 *
 * Followers are the dataset's follow graph (data/followers.ts) plus the demo accounts that
 * follow the user publicly right now (data/social.ts), those first: a private follow does not
 * show in the followed user's list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import type { SandboxUser } from '../../data/dataset.ts';
import { accountFriends, followGraph } from '../../data/followers.ts';
import type { SandboxState } from '../../state.ts';
import { accountAsUser } from './users.ts';
import { USER_PREVIEW_PAGE, userPreview } from './user-previews.ts';
import { novelAllowed, novelPage } from './novel-common.ts';
import {
  allowedFor,
  appError,
  intParam,
  messages,
  nextUrl,
  offsetPage,
  viewerOf,
  type Query,
} from './common.ts';

/** A dataset user or a demo account, by a numeric id parameter. */
export function findAnyUser(state: SandboxState, raw: string | undefined): SandboxUser | undefined {
  if (!/^\d{1,10}$/.test(raw ?? '')) return undefined;
  const id = Number(raw);
  const account = DEMO_ACCOUNTS.find((a) => a.userId === id);
  return state.data.user(id) ?? (account ? accountAsUser(account) : undefined);
}

/** Everyone following `user`, newest first: demo accounts' public follows, then the dataset's. */
export function followersOf(state: SandboxState, user: SandboxUser): SandboxUser[] {
  const accounts = DEMO_ACCOUNTS.filter(
    (a) => a.userId !== user.id && state.social.of(a.userId).follows.get(user.id) === 'public',
  ).map(accountAsUser);
  const dataset =
    user.index < 0
      ? []
      : followGraph(state.data)
          .followers(user.index)
          .map((i) => state.data.allUsers[i]!);
  return [...accounts, ...dataset];
}

/**
 * Whom `userId` follows with `restrict`, newest first: a demo account's live follows, or for a
 * dataset user the seeded follow graph (all public, as other people's private follows are never
 * shown).
 */
export function followingOf(
  state: SandboxState,
  userId: number,
  restrict: 'public' | 'private',
): SandboxUser[] {
  if (DEMO_ACCOUNTS.some((a) => a.userId === userId)) {
    return [...state.social.of(userId).follows]
      .filter(([, r]) => r === restrict)
      .map(([id]) => state.data.user(id))
      .filter((u) => u !== undefined)
      .reverse();
  }
  const user = state.data.user(userId);
  if (!user || restrict === 'private') return [];
  return [...followGraph(state.data).follows(user.index)]
    .reverse()
    .map((i) => state.data.allUsers[i]!);
}

/** A user's My pixiv friends: mutual follows in the dataset, and demo accounts' friends. */
export function mypixivOf(state: SandboxState, user: SandboxUser): SandboxUser[] {
  if (user.index < 0) {
    return accountFriends(state.data, user.id).map((i) => state.data.allUsers[i]!);
  }
  const accounts = DEMO_ACCOUNTS.filter((a) =>
    accountFriends(state.data, a.userId).includes(user.index),
  ).map(accountAsUser);
  const dataset = followGraph(state.data)
    .mutual(user.index)
    .map((i) => state.data.allUsers[i]!);
  return [...accounts, ...dataset];
}

function previewPage(
  state: SandboxState,
  req: FastifyRequest,
  path: string,
  users: SandboxUser[],
  offset: number,
) {
  const slice = users.slice(offset, offset + USER_PREVIEW_PAGE);
  return {
    user_previews: slice.map((u) => userPreview(state, req, u)),
    next_url:
      offset + USER_PREVIEW_PAGE < users.length
        ? nextUrl(path, req.query as Query, { offset: offset + USER_PREVIEW_PAGE })
        : null,
  };
}

/** `user_state` of /v1/user/me/state: every demo account is a settled account with a mail. */
export const USER_STATE = {
  is_mail_authorized: true,
  has_mail_address: true,
  has_changed_pixiv_id: false,
  can_change_pixiv_id: true,
  has_password: true,
  require_policy_agreement: false,
  no_login_method: false,
  is_user_restricted: false,
} as const;

export function registerUserRelations(app: FastifyInstance, state: SandboxState): void {
  const userNotFound = (req: FastifyRequest) =>
    appError('', messages(viewerOf(req).language).userNotFound);

  for (const [path, list] of [
    ['/v1/user/follower', followersOf],
    ['/v1/user/mypixiv', mypixivOf],
  ] as const) {
    app.get(path, async (req, reply) => {
      const query = req.query as Query;
      const user = findAnyUser(state, query.user_id);
      const offset = intParam(query.offset);
      if (!user) return reply.code(404).send(userNotFound(req));
      if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
      return reply.send(previewPage(state, req, path, list(state, user), offset));
    });
  }

  /** The works of the account's My pixiv friends, newest first. */
  const friends = (req: FastifyRequest) =>
    mypixivOf(state, accountAsUser(req.sandboxAccount!)).filter((u) => u.index >= 0);

  app.get('/v2/illust/mypixiv', async (req, reply) => {
    const offset = intParam((req.query as Query).offset);
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    const works = friends(req)
      .flatMap((u) => Array.from(state.indexes.worksOf(u.index)))
      .filter(allowedFor(state, req))
      .sort((a, b) => b - a);
    return reply.send(offsetPage(state, req, '/v2/illust/mypixiv', works, offset));
  });

  app.get('/v1/novel/mypixiv', async (req, reply) => {
    const offset = intParam((req.query as Query).offset);
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    const novels = friends(req)
      .flatMap((u) => state.novels.novelsOf(u.index))
      .filter(novelAllowed(state, req))
      .sort((a, b) => b - a);
    return reply.send(novelPage(state, req, '/v1/novel/mypixiv', novels, offset));
  });

  app.get('/v1/user/follow/detail', async (req, reply) => {
    const user = findAnyUser(state, (req.query as Query).user_id);
    if (!user) return reply.code(404).send(userNotFound(req));
    const restrict = req.sandboxSocial!.follows.get(user.id);
    return reply.send({
      follow_detail: { is_followed: restrict !== undefined, restrict: restrict ?? 'public' },
    });
  });

  app.get('/v1/user/me/state', async (_req, reply) => reply.send({ user_state: USER_STATE }));
}
