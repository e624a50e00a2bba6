/**
 * `req_get` and `req_post` (spec 000 §7): the app's way to reach a user's own feeds and actions
 * through the mirror. Only the spec's paths are allowed, with the wrapper's rejections as
 * messages, and only with the user's own token (`x-pixiv-refresh-token`): the server's accounts
 * never bookmark or follow for anyone. Nothing here is cached.
 *
 * - `GET /req_get?path=v2/illust/follow&params={"restrict":"public","offset":30}` (also
 *   `v1/novel/follow`)
 * - `GET /req_post?path=v2/illust/bookmark/add&data={"illust_id":1,"restrict":"public"}` (also
 *   `v1/illust/bookmark/delete`, `v2/novel/bookmark/add`, `v1/novel/bookmark/delete`,
 *   `v1/user/follow/add`, `v1/user/follow/delete`, and `v1/illust/comment/add` with
 *   `illust_id`, `comment` (≤140 characters), `parent_comment_id`)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PixivError, type Query } from '@pv/pixiv';
import { hibiError } from '../../../lib/hibi-errors.ts';
import { firstLanguage } from '../../../plugins/upstream.ts';
import { USER_TOKEN_HEADER, cacheKey, type MirrorDeps } from './index.ts';

type Check = (data: Record<string, unknown>) => string | null;

const RESTRICTS = ['public', 'private'];
const needs =
  (field: string): Check =>
  (d) =>
    d[field] === undefined || d[field] === '' || !/^\d+$/.test(String(d[field]))
      ? `${field} required`
      : null;
const restrict =
  (allowAll: boolean): Check =>
  (d) =>
    d.restrict === undefined ||
    [...RESTRICTS, ...(allowAll ? ['all'] : [])].includes(String(d.restrict))
      ? null
      : 'invalid restrict value';
const tags: Check = (d) =>
  d.tags === undefined || (Array.isArray(d.tags) && d.tags.every((t) => typeof t === 'string'))
    ? null
    : 'invalid tags value';
/** pixiv's limit on a comment, characters. */
export const COMMENT_MAX_CHARS = 140;
const comment: Check = (d) =>
  typeof d.comment !== 'string' || d.comment.trim() === ''
    ? 'comment required'
    : [...d.comment].length > COMMENT_MAX_CHARS
      ? `comment must be at most ${COMMENT_MAX_CHARS} characters`
      : null;
const parent: Check = (d) =>
  d.parent_comment_id === undefined || /^\d+$/.test(String(d.parent_comment_id))
    ? null
    : 'comment_id required';
const offset: Check = (d) =>
  d.offset === undefined || /^\d{1,6}$/.test(String(d.offset)) ? null : 'invalid offset value';

/** The allowed paths, each with its checks and the fields it forwards. */
export const REQ_GET_PATHS: Record<string, { checks: Check[]; fields: string[] }> = {
  'v2/illust/follow': { checks: [restrict(true), offset], fields: ['restrict', 'offset'] },
  'v1/novel/follow': { checks: [restrict(true), offset], fields: ['restrict', 'offset'] },
};
export const REQ_POST_PATHS: Record<string, { checks: Check[]; fields: string[] }> = {
  'v2/illust/bookmark/add': {
    checks: [needs('illust_id'), restrict(false), tags],
    fields: ['illust_id', 'restrict', 'tags'],
  },
  'v1/illust/bookmark/delete': { checks: [needs('illust_id')], fields: ['illust_id'] },
  // The novel reader's bookmark (spec 001 §7.1 lists the novel bookmark posts).
  'v2/novel/bookmark/add': {
    checks: [needs('novel_id'), restrict(false), tags],
    fields: ['novel_id', 'restrict', 'tags'],
  },
  'v1/novel/bookmark/delete': { checks: [needs('novel_id')], fields: ['novel_id'] },
  'v1/user/follow/add': {
    checks: [needs('user_id'), restrict(false)],
    fields: ['user_id', 'restrict'],
  },
  'v1/user/follow/delete': { checks: [needs('user_id')], fields: ['user_id'] },
  // spec 001 §7.1 POST /v1/illust/comment/add (illust_id, comment, parent_comment_id)
  'v1/illust/comment/add': {
    checks: [needs('illust_id'), comment, parent],
    fields: ['illust_id', 'comment', 'parent_comment_id'],
  },
};

function parseJson(text: unknown): Record<string, unknown> | null {
  if (text === undefined || text === '') return {};
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The user's cached answers that a successful action makes stale: the work's detail (its
 * `is_bookmarked`) after a bookmark, the author's profile (`is_followed`) after a follow.
 */
function staleAfter(
  path: string,
  fields: Query,
  language: string | undefined,
  userKey: string,
): string[] {
  const who = `user-${userKey}`;
  if (path.includes('novel/bookmark/')) {
    return [cacheKey('novel_detail', { id: Number(fields.novel_id) }, language, who)];
  }
  if (path.includes('/bookmark/')) {
    return [cacheKey('illust', { id: Number(fields.illust_id) }, language, who)];
  }
  if (path.includes('/follow/')) {
    return [cacheKey('member', { id: Number(fields.user_id) }, language, who)];
  }
  return [];
}

async function run(
  { upstream, cache }: MirrorDeps,
  method: 'GET' | 'POST',
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const q = req.query as Record<string, unknown>;
  // A repeated parameter arrives as an array: one value each, or a clear refusal.
  const repeated = Object.keys(q).find((k) => typeof q[k] !== 'string');
  if (repeated) return hibiError(req, reply, 400, `invalid ${repeated} value`);
  const path = String(q.path ?? '').replace(/^\/+/, '');
  if (!path) return hibiError(req, reply, 400, 'Url cannot be empty');
  const table = method === 'GET' ? REQ_GET_PATHS : REQ_POST_PATHS;
  // Own keys only: `__proto__` or `constructor` must not find Object.prototype's members.
  const allowed = Object.hasOwn(table, path) ? table[path] : undefined;
  if (!allowed) return hibiError(req, reply, 400, "Can't make a request");
  const data = parseJson(method === 'GET' ? q.params : q.data);
  if (!data) return hibiError(req, reply, 400, 'invalid params value');
  for (const check of allowed.checks) {
    const problem = check(data);
    if (problem) return hibiError(req, reply, 400, problem);
  }
  const token = req.headers[USER_TOKEN_HEADER];
  if (typeof token !== 'string' || !/^[\w-]{43}$/.test(token)) {
    return hibiError(req, reply, 401, 'login.required');
  }
  const fields: Query = {};
  for (const f of allowed.fields) {
    const v = data[f];
    if (v !== undefined) fields[f] = Array.isArray(v) ? v.map(String) : String(v);
  }
  if (method === 'POST' && /(bookmark|follow)\/add$/.test(path) && fields.restrict === undefined)
    fields.restrict = 'public';
  const language = firstLanguage(req.headers['accept-language']);
  const { client, userKey } = upstream.asUser(token, language);
  try {
    const res =
      method === 'GET'
        ? await client.get(`/${path}`, fields)
        : await client.post(`/${path}`, fields);
    if (method === 'POST' && res.status === 200) {
      await cache.invalidate(staleAfter(path, fields, language, userKey));
    }
    return reply.code(200).header('cache-control', 'no-store').send(res.body);
  } catch (error) {
    if (error instanceof PixivError && error.kind === 'auth')
      return hibiError(req, reply, 401, 'login.token_invalid');
    if (error instanceof PixivError)
      return hibiError(req, reply, 502, 'Upstram API request failed');
    throw error;
  }
}

export function reqRoutes(app: FastifyInstance, deps: MirrorDeps): void {
  app.get('/req_get', (req, reply) => run(deps, 'GET', req, reply));
  app.get('/req_post', (req, reply) => run(deps, 'POST', req, reply));
}
