/** User endpoints: detail (with profile, publicity, workspace) and a user's works. */
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../accounts.ts';
import { rawUser } from '../../data/app-json.ts';
import type { SandboxUser } from '../../data/dataset.ts';
import { seriesOfUser } from '../../data/series.ts';
import { followingOf, mypixivOf } from './user-relations.ts';
import { Rng } from '../../rng.ts';
import type { SandboxState } from '../../state.ts';
import {
  allowedFor,
  appError,
  intParam,
  messages,
  offsetPage,
  viewerOf,
  type Query,
} from './common.ts';

/**
 * A sandbox account as a pixiv user: pixiv's default avatar, no comment, and no works (index -1
 * is in no index), so a client can show the signed-in user's own profile.
 */
export function accountAsUser(account: DemoAccount): SandboxUser {
  return {
    index: -1,
    id: account.userId,
    name: account.name,
    account: account.account,
    avatarStem: null,
    comment: '',
  };
}

/** A dataset user or a sandbox account. */
function findUser(state: SandboxState, raw: string | undefined): SandboxUser | undefined {
  if (!/^\d+$/.test(raw ?? '')) return undefined;
  const id = Number(raw);
  const account = DEMO_ACCOUNTS.find((a) => a.userId === id);
  return state.data.user(id) ?? (account ? accountAsUser(account) : undefined);
}

/**
 * A profile's birthday as pixiv writes it (both /v1/user/detail captures, pixivts'
 * PixivUserProfileCheck): `birth` YYYY-MM-DD, `birth_day` MM-DD, `birth_year` a number.
 */
export function profileBirth(seed: number, userId: number) {
  const r = Rng.of(seed, `birth:${userId}`);
  const year = r.int(1965, 2006);
  const month = String(r.int(1, 12)).padStart(2, '0');
  const day = String(r.int(1, 28)).padStart(2, '0');
  return { birth: `${year}-${month}-${day}`, birth_day: `${month}-${day}`, birth_year: year };
}

/** A profile's facts drawn from the seed, shared by `/v1/user/detail` and the web's `/ajax/user`. */
export function profileFacts(state: SandboxState, user: SandboxUser) {
  const r = Rng.of(state.data.seed, `profile:${user.id}`);
  const account = DEMO_ACCOUNTS.find((a) => a.userId === user.id);
  // Drawn in this order: the values are the same as before the facts were shared.
  const webpage = r.chance(0.3) ? `https://${user.account}.example.com` : null;
  const gender = r.pick(['unknown', 'male', 'female'] as const);
  const region = r.pick(['', 'Japan', 'Tokyo', 'Osaka'] as const);
  const publicBookmarks = r.int(0, 3000);
  const isPremium = account ? account.isPremium : r.chance(0.2);
  return {
    webpage,
    gender,
    region,
    publicBookmarks,
    isPremium,
    ...profileBirth(state.data.seed, user.id),
  };
}

/** How many users `user` follows publicly (a demo account: its live follows, all of them). */
export function followingCount(state: SandboxState, user: SandboxUser): number {
  return DEMO_ACCOUNTS.some((a) => a.userId === user.id)
    ? state.social.of(user.id).follows.size
    : followingOf(state, user.id, 'public').length;
}

export function registerUsers(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/user/detail', async (req, reply) => {
    const query = req.query as Query;
    const viewer = viewerOf(req);
    const user = findUser(state, query.user_id);
    if (!user) return reply.code(404).send(appError('', messages(viewer.language).userNotFound));
    const works = state.indexes.worksOf(user.index);
    let illusts = 0;
    let manga = 0;
    for (const i of works) {
      if (state.data.kind[i] === 1) manga++;
      else illusts++;
    }
    const facts = profileFacts(state, user);
    return reply.send({
      user: { ...rawUser(user, viewer), comment: user.comment },
      profile: {
        webpage: facts.webpage,
        gender: facts.gender,
        birth: facts.birth,
        birth_day: facts.birth_day,
        birth_year: facts.birth_year,
        region: facts.region,
        address_id: 0,
        country_code: '',
        job: '',
        job_id: 0,
        total_follow_users: followingCount(state, user),
        total_mypixiv_users: mypixivOf(state, user).length,
        total_illusts: illusts,
        total_manga: manga,
        total_novels: state.novels.novelsOf(user.index).length,
        total_illust_bookmarks_public: facts.publicBookmarks,
        total_illust_series: seriesOfUser(state.data, (i) => state.indexes.worksOf(i), user.index)
          .length,
        total_novel_series: state.novels.seriesOfUser(user.index).length,
        background_image_url: null,
        twitter_account: '',
        twitter_url: null,
        pawoo_url: null,
        is_premium: facts.isPremium,
        is_using_custom_profile_image: user.avatarStem !== null,
      },
      profile_publicity: {
        gender: 'public',
        region: 'public',
        birth_day: 'public',
        birth_year: 'public',
        job: 'public',
        pawoo: true,
      },
      workspace: {
        pc: '',
        monitor: '',
        tool: '',
        scanner: '',
        tablet: '',
        mouse: '',
        printer: '',
        desktop: '',
        music: '',
        desk: '',
        chair: '',
        comment: '',
        workspace_image_url: null,
      },
    });
  });

  app.get('/v1/user/illusts', async (req, reply) => {
    const query = req.query as Query;
    const viewer = viewerOf(req);
    const user = findUser(state, query.user_id);
    const offset = intParam(query.offset);
    if (!user) return reply.code(404).send(appError('', messages(viewer.language).userNotFound));
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    // type=illust lists illustrations and ugoira; type=manga lists manga; newest first.
    const manga = query.type === 'manga';
    const allowed = allowedFor(state, req);
    const works = Array.from(state.indexes.worksOf(user.index))
      .filter((i) => (state.data.kind[i] === 1) === manga && allowed(i))
      .reverse();
    return reply.send({
      user: rawUser(user, viewer),
      ...offsetPage(state, req, '/v1/user/illusts', works, offset),
    });
  });
}
