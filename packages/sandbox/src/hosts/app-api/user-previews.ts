/**
 * Endpoints answering `{user_previews, next_url}` (pixiv-upstream.md §1 "user_preview"): each a
 * user with their three newest visible works. `/v1/search/user` (name or account contains the
 * word; `sort` and `duration` as in the work searches, see `searchUsers`), `/v1/user/recommended`
 * (active, well-bookmarked users, reshuffled daily) and `/v1/user/related` (users who post the
 * seed user's main tag; no next_url, which is unverified upstream).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rawIllust, rawUser } from '../../data/app-json.ts';
import type { SandboxUser } from '../../data/dataset.ts';
import { Rng } from '../../rng.ts';
import type { SandboxState } from '../../state.ts';
import { appError, intParam, messages, nextUrl, viewerOf, type Query } from './common.ts';
import { DAY_MS, jstDay } from '../../clock.ts';
import { followGraph } from '../../data/followers.ts';
import { DURATIONS, SORTS } from './search-core.ts';

export const USER_PREVIEW_PAGE = 30;

export function userPreview(state: SandboxState, req: FastifyRequest, user: SandboxUser) {
  const viewer = viewerOf(req);
  const works = state.indexes.worksOf(user.index);
  const illusts = [];
  for (let k = works.length - 1; k >= 0 && illusts.length < 3; k--) {
    const i = works[k]!;
    if (state.data.xRestrict[i]! > viewer.xRestrict) continue;
    illusts.push(rawIllust(state.data.work(i), viewer));
  }
  return { user: rawUser(user, viewer), illusts, novels: [], is_muted: false };
}

function page(
  state: SandboxState,
  req: FastifyRequest,
  path: string,
  users: SandboxUser[],
  offset: number,
  withNext = true,
) {
  const query = req.query as Query;
  const slice = users.slice(offset, offset + USER_PREVIEW_PAGE);
  return {
    user_previews: slice.map((u) => userPreview(state, req, u)),
    next_url:
      withNext && offset + USER_PREVIEW_PAGE < users.length
        ? nextUrl(path, query, { offset: offset + USER_PREVIEW_PAGE })
        : null,
  };
}

/**
 * The users whose name or account contains `word`, in the order of pixiv's search parameters
 * (pixiv-upstream.md §1.2 gives `sort` and `duration` for `/v1/search/user` as for the work
 * searches, without more). A user's date is that of their newest work the viewer may see, the
 * one their preview shows first: `date_desc` lists the most recently active first, `date_asc`
 * the longest quiet first, users with nothing to show last either way; `duration` keeps those
 * active within the window. `popular_desc` (most followers first) is premium-only like the work
 * searches' and gives the newest first otherwise.
 */
export function searchUsers(
  state: SandboxState,
  req: FastifyRequest,
  query: { word: string; sort: string; duration?: string },
): SandboxUser[] {
  const word = query.word.toLowerCase();
  const xRestrict = viewerOf(req).xRestrict;
  const latest = (user: SandboxUser) => {
    const works = state.indexes.worksOf(user.index);
    for (let k = works.length - 1; k >= 0; k--) {
      if (state.data.xRestrict[works[k]!]! <= xRestrict) return state.data.created[works[k]!]!;
    }
    return -Infinity;
  };
  const from = query.duration ? state.now - DURATIONS[query.duration]! * DAY_MS : -Infinity;
  const found = state.data.allUsers
    .filter((u) => u.name.toLowerCase().includes(word) || u.account.toLowerCase().includes(word))
    .map((user) => ({ user, date: latest(user) }))
    .filter((u) => u.date >= from);
  type Found = (typeof found)[number];
  // Users with nothing to show go last in both directions; equal dates keep the user order.
  const byDate = (direction: 1 | -1) => (a: Found, b: Found) =>
    Number(a.date === -Infinity) - Number(b.date === -Infinity) ||
    (a.date === b.date ? 0 : direction * (a.date - b.date)) ||
    a.user.index - b.user.index;
  if (query.sort === 'popular_desc' && req.sandboxAccount?.isPremium) {
    const graph = followGraph(state.data);
    const followers = (u: SandboxUser) => graph.followers(u.index).length;
    found.sort((a, b) => followers(b.user) - followers(a.user) || byDate(-1)(a, b));
  } else {
    found.sort(byDate(query.sort === 'date_asc' ? 1 : -1));
  }
  return found.map((u) => u.user);
}

export function registerUserPreviews(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/search/user', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    const word = (query.word ?? '').trim();
    const sort = query.sort ?? 'date_desc';
    const duration = query.duration || undefined;
    if (
      offset === null ||
      !word ||
      !SORTS.includes(sort) ||
      (duration !== undefined && !(duration in DURATIONS))
    ) {
      return reply.code(400).send(appError('Invalid parameters'));
    }
    if (offset > 5000)
      return reply.code(400).send(appError('{"offset":["Offset must be no more than 5000"]}'));
    const users = searchUsers(state, req, { word, sort, duration });
    return page(state, req, '/v1/search/user', users, offset);
  });

  app.get('/v1/user/recommended', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    const rng = Rng.of(
      state.data.seed,
      `user-recommended:${req.sandboxAccount?.userId ?? 0}:${jstDay(state.now)}`,
    );
    const active = state.data.allUsers.filter((u) => state.indexes.worksOf(u.index).length >= 5);
    return page(state, req, '/v1/user/recommended', rng.sample(active, 300), offset);
  });

  app.get('/v1/user/related', async (req, reply) => {
    const query = req.query as Query;
    const seed = /^\d+$/.test(query.seed_user_id ?? '')
      ? state.data.user(Number(query.seed_user_id))
      : undefined;
    const offset = intParam(query.offset);
    if (!seed || offset === null) {
      return reply.code(404).send(appError('', messages(viewerOf(req).language).userNotFound));
    }
    const works = state.indexes.worksOf(seed.index);
    const tag = works.length ? state.data.work(works[works.length - 1]!).tags[0]?.name : undefined;
    const rng = Rng.of(state.data.seed, `user-related:${seed.id}`);
    const pool = tag
      ? [...new Set(Array.from(state.indexes.withTag(tag), (i) => state.data.owner[i]!))]
          .filter((owner) => owner !== seed.index)
          .map((owner) => state.data.allUsers[owner]!)
      : [];
    return page(state, req, '/v1/user/related', rng.sample(pool, USER_PREVIEW_PAGE), offset, false);
  });
}
