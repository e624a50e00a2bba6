/**
 * `GET /ajax/user/{id}` on www.pixiv.net: a user's card (`userId`, `name`, `image`, `imageBig`,
 * `premium`, `isFollowed`, `isMypixiv`, `isBlocking`, `background`, `sketchLiveId`, `partial`,
 * `sketchLives`, `commission`), and with `full=1` the profile too (`following`, `mypixivCount`,
 * `followedBack`, `comment`, `commentHtml`, `webpage`, `social`, `region`, `age`, `birthDay`,
 * `gender`, `job`, `workspace`, `official`, `group`, `canSendMessage`), as PixivBatchDownloader's
 * UserProfile and pixiv.ts' PixivWebUser type them; the facts are the app API's
 * `/v1/user/detail` ones. pixiv answers `partial: 0` for the full body and 1 for the card. An
 * unknown user is 404 with the message of pixiv's page for a left or missing user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import type { SandboxUser } from '../../data/dataset.ts';
import { avatarUrl } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { findAnyUser, mypixivOf } from '../app-api/user-relations.ts';
import { accountAsUser, followingCount, profileFacts } from '../app-api/users.ts';
import { ajaxError, ajaxOk } from './ajax.ts';
import { BAD_REQUEST_MESSAGE } from './session.ts';
import { webViewerOf } from './web-json.ts';

export const USER_GONE_MESSAGE = '該当ユーザーは既に退会したか、存在しないユーザーIDです';

/** A public profile entry, or nulls for what the user left empty. */
const entry = (name: string | null) => ({ name, privacyLevel: name === null ? null : '0' });

const GENDERS = { male: '男性', female: '女性', unknown: null } as const;
const REGIONS = {
  '': null,
  Japan: { name: '日本', prefecture: null },
  Tokyo: { name: '東京都', prefecture: '13' },
  Osaka: { name: '大阪府', prefecture: '27' },
} as const;

/** The user's comment as the page shows it: HTML-escaped, line breaks as `<br />`. */
function commentHtml(comment: string): string {
  return comment
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\n', '<br />');
}

/** The card every `/ajax/user/{id}` body starts with. */
export function webUserSummary(state: SandboxState, req: FastifyRequest, user: SandboxUser) {
  const viewer = webViewerOf(req);
  const account = req.sandboxAccount;
  const friends = account ? mypixivOf(state, accountAsUser(account)) : [];
  return {
    userId: String(user.id),
    name: user.name,
    image: avatarUrl(user, 50),
    imageBig: avatarUrl(user, 170),
    premium: profileFacts(state, user).isPremium,
    isFollowed: viewer.isFollowing(user.id),
    isMypixiv: friends.some((f) => f.id === user.id),
    isBlocking: false,
    background: null,
    sketchLiveId: null,
    partial: 1,
    sketchLives: [],
    commission: null,
  };
}

export function webUserFull(state: SandboxState, req: FastifyRequest, user: SandboxUser) {
  const facts = profileFacts(state, user);
  const region = REGIONS[facts.region];
  const [, month, day] = facts.birth.split('-');
  const self = req.sandboxAccount?.userId === user.id;
  return {
    ...webUserSummary(state, req, user),
    partial: 0,
    following: followingCount(state, user),
    mypixivCount: mypixivOf(state, user).length,
    // Only the demo accounts follow anyone who could be the viewer.
    followedBack:
      req.sandboxAccount !== undefined &&
      DEMO_ACCOUNTS.some((a) => a.userId === user.id) &&
      state.social.of(user.id).follows.has(req.sandboxAccount.userId),
    comment: user.comment,
    commentHtml: commentHtml(user.comment),
    webpage: facts.webpage,
    // PHP's empty array: nobody here links a social account.
    social: [],
    canSendMessage: req.sandboxAccount !== undefined && !self,
    region: region
      ? { name: region.name, region: 'JP', prefecture: region.prefecture, privacyLevel: '0' }
      : { name: null, region: null, prefecture: null, privacyLevel: null },
    age: entry(null),
    birthDay: entry(`${month}月${day}日`),
    gender: entry(GENDERS[facts.gender]),
    job: entry(null),
    workspace: null,
    official: false,
    group: null,
  };
}

export function registerWebUserProfile(app: FastifyInstance, state: SandboxState): void {
  app.get('/ajax/user/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!/^\d{1,10}$/.test(id) || Number(id) === 0) {
      return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    const user = findAnyUser(state, id);
    if (!user) return reply.code(404).send(ajaxError(USER_GONE_MESSAGE));
    const full = (req.query as Record<string, string | undefined>).full === '1';
    return ajaxOk(full ? webUserFull(state, req, user) : webUserSummary(state, req, user));
  });
}
