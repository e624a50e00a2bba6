/** User endpoints: detail (with profile, publicity, workspace) and a user's works. */
import type { FastifyInstance } from 'fastify';
import { rawUser } from '../../data/app-json.ts';
import type { SandboxUser } from '../../data/dataset.ts';
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

function findUser(state: SandboxState, raw: string | undefined): SandboxUser | undefined {
  return /^\d+$/.test(raw ?? '') ? state.data.user(Number(raw)) : undefined;
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
    const r = Rng.of(state.data.seed, `profile:${user.id}`);
    return reply.send({
      user: { ...rawUser(user, viewer), comment: user.comment },
      profile: {
        webpage: r.chance(0.3) ? `https://${user.account}.example.com` : null,
        gender: r.pick(['', 'male', 'female']),
        birth: '',
        birth_day: '',
        birth_year: 0,
        region: r.pick(['', 'Japan', 'Tokyo', 'Osaka']),
        address_id: 0,
        country_code: '',
        job: '',
        job_id: 0,
        total_follow_users: r.int(0, 2000),
        total_mypixiv_users: r.int(0, 50),
        total_illusts: illusts,
        total_manga: manga,
        total_novels: 0,
        total_illust_bookmarks_public: r.int(0, 3000),
        total_illust_series: 0,
        total_novel_series: 0,
        background_image_url: null,
        twitter_account: '',
        twitter_url: null,
        pawoo_url: null,
        is_premium: r.chance(0.2),
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
