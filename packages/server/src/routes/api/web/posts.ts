/**
 * The www form posts `/api/web/*` may make, with the browser's session and CSRF token (both
 * required, `login.required` otherwise): bookmark add and delete, follow add and delete. Bodies
 * are JSON; the wrapper's rejections (spec 000 §8: 'illust_id required', 'user_id required',
 * 'invalid restrict value', 'invalid tags value', 'comment required') answer 422. Upstream's
 * answer comes back as an envelope with upstream's status (5xx and network failures as 502).
 *
 * The browser's CSRF token was read at login and goes stale when pixiv rotates it. When pixiv
 * refuses it, the post reads the current token from the www top page with the same session (as
 * the login does), posts once more with it, and hands the new token back in
 * `x-csrf-token-refreshed` for the browser to keep. Nothing is kept here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PixivError,
  createWebClient,
  isCsrfRefusal,
  readWebSession,
  type WebClient,
  type WebResult,
  type WebSession,
} from '@pv/pixiv';
import { z } from 'zod';
import { hibiError } from '../../../lib/hibi-errors.ts';
import type { Upstream } from '../../../plugins/upstream.ts';
import { NEW_CSRF_HEADER, sessionOf } from './session.ts';

/** pixiv's limits on a bookmark: 10 tags, a comment of 140 characters. */
export const BOOKMARK_TAGS_MAX = 10;
export const BOOKMARK_COMMENT_MAX = 140;

type Body = Record<string, unknown>;

interface WebPost {
  /** The first rejection of the body, or null. */
  check(body: Body): string | null;
  request(body: Body): { path: string; body: string; contentType: string };
  /** The form endpoints answer bare JSON; wrap it in the ajax envelope. */
  bare?: boolean;
}

const isId = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ||
  (typeof v === 'string' && /^\d{1,12}$/.test(v) && Number(v) > 0);
const restrictOf = (v: unknown) =>
  v === undefined || v === 'public' ? 0 : v === 'private' ? 1 : null;
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  contentType: 'application/x-www-form-urlencoded; charset=utf-8',
});

const Tags = z.array(z.string().min(1).max(100)).max(BOOKMARK_TAGS_MAX);

export const WEB_POSTS: Record<string, WebPost> = {
  bookmark_add: {
    check: (b) => {
      if (!isId(b.illust_id)) return 'illust_id required';
      if (restrictOf(b.restrict) === null) return 'invalid restrict value';
      if (b.tags !== undefined && !Tags.safeParse(b.tags).success) return 'invalid tags value';
      if (
        b.comment !== undefined &&
        (typeof b.comment !== 'string' || b.comment.length > BOOKMARK_COMMENT_MAX)
      ) {
        return 'comment required';
      }
      return null;
    },
    request: (b) => ({
      path: '/ajax/illusts/bookmarks/add',
      body: JSON.stringify({
        illust_id: String(b.illust_id),
        restrict: restrictOf(b.restrict),
        comment: (b.comment as string | undefined) ?? '',
        tags: (b.tags as string[] | undefined) ?? [],
      }),
      contentType: 'application/json; charset=utf-8',
    }),
  },
  bookmark_delete: {
    check: (b) => (isId(b.bookmark_id) ? null : 'bookmark_id required'),
    request: (b) => ({
      path: '/ajax/illusts/bookmarks/delete',
      ...form({ bookmark_id: String(b.bookmark_id) }),
    }),
  },
  follow_add: {
    check: (b) =>
      !isId(b.user_id)
        ? 'user_id required'
        : restrictOf(b.restrict) === null
          ? 'invalid restrict value'
          : null,
    request: (b) => ({
      path: '/bookmark_add.php',
      ...form({
        mode: 'add',
        type: 'user',
        user_id: String(b.user_id),
        tag: '',
        restrict: String(restrictOf(b.restrict)),
        format: 'json',
      }),
    }),
    bare: true,
  },
  follow_delete: {
    check: (b) => (isId(b.user_id) ? null : 'user_id required'),
    request: (b) => ({
      path: '/rpc_group_setting.php',
      ...form({ mode: 'del', type: 'bookuser', id: String(b.user_id) }),
    }),
    bare: true,
  },
};

async function handlePost(
  upstream: Upstream,
  post: WebPost,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('cache-control', 'no-store');
  const session = sessionOf(req);
  if (session === 'malformed') return reply.code(400).send({ error: 'login.session_format' });
  if (!session?.csrfToken) return reply.code(401).send({ error: 'login.required' });
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Body;
  const rejection = post.check(body);
  if (rejection) return hibiError(req, reply, 422, rejection);
  const { path, body: payload, contentType } = post.request(body);
  let res: WebResult;
  try {
    const sent = await postWithFreshToken(upstream, session, (web) =>
      web.post(path, payload, contentType),
    );
    res = sent.res;
    if (sent.newToken) reply.header(NEW_CSRF_HEADER, sent.newToken);
  } catch (error) {
    if (!(error instanceof PixivError)) throw error;
    req.log.warn({ kind: error.kind, path }, 'www post failed');
    return reply.code(502).send({ error: true, message: 'tip.unknown_err', body: [] });
  }
  const status = res.status >= 500 ? 502 : res.status;
  const envelope = post.bare
    ? { error: res.status !== 200, message: '', body: res.body }
    : (res.body as object);
  return reply.code(status).send(envelope);
}

/**
 * A form post, and when pixiv refuses the CSRF token, one more with the token the www top page
 * carries now. `newToken` is set only when the second post was made.
 */
export async function postWithFreshToken(
  upstream: Pick<Upstream, 'hosts'>,
  session: WebSession,
  send: (web: WebClient) => Promise<WebResult>,
): Promise<{ res: WebResult; newToken?: string }> {
  const res = await send(createWebClient({ hosts: upstream.hosts, session }));
  if (!isCsrfRefusal(res.status, res.body)) return { res };
  const read = await readWebSession(
    createWebClient({ hosts: upstream.hosts, session: { phpsessid: session.phpsessid } }),
    session.phpsessid,
  );
  // A dead session, or a token that is not new: a second post would be refused the same way.
  if (read.kind !== 'ok' || read.token === session.csrfToken) return { res };
  const fresh = { phpsessid: session.phpsessid, csrfToken: read.token };
  return {
    res: await send(createWebClient({ hosts: upstream.hosts, session: fresh })),
    newToken: read.token,
  };
}

export function registerWebPosts(app: FastifyInstance, upstream: Upstream): void {
  for (const [name, post] of Object.entries(WEB_POSTS)) {
    app.post(`/${name}`, (req, reply) => handlePost(upstream, post, req, reply));
  }
}
