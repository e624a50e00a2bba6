/**
 * `GET /api/pixiv/me` (spec 000 §7 "/me (_t)", spec 001 §7.3): the signed-in user's own account,
 * answered as `member` answers it for their id (`v1/user/detail`). Only with the user's own token
 * (`x-pixiv-refresh-token`): the server's accounts are nobody's "me". Never cached or shared;
 * `_t` (the app's cache buster) and any other parameter are ignored.
 */
import type { FastifyInstance } from 'fastify';
import { PixivError } from '@pv/pixiv';
import { hibiError } from '../../../lib/hibi-errors.ts';
import { firstLanguage, type Upstream } from '../../../plugins/upstream.ts';
import { USER_TOKEN_HEADER } from './index.ts';

export function meRoutes(app: FastifyInstance, upstream: Upstream): void {
  app.get('/me', async (req, reply) => {
    const token = req.headers[USER_TOKEN_HEADER];
    if (typeof token !== 'string') return hibiError(req, reply, 401, 'login.required');
    if (!/^[\w-]{43}$/.test(token)) return hibiError(req, reply, 401, 'login.token_format');
    const user = upstream.asUser(token, firstLanguage(req.headers['accept-language']));
    try {
      const id = await user.userId();
      if (!id) return hibiError(req, reply, 502, 'Upstram API request failed');
      const res = await user.client.get('/v1/user/detail', { user_id: id, filter: 'for_ios' });
      return reply
        .code(200)
        .header('cache-control', 'private, no-store')
        .header('vary', USER_TOKEN_HEADER)
        .send(res.body);
    } catch (error) {
      if (error instanceof PixivError && error.kind === 'auth')
        return hibiError(req, reply, 401, 'login.token_invalid');
      if (error instanceof PixivError && error.kind === 'bad_response')
        return hibiError(req, reply, 500, 'JSONDecodeError');
      if (error instanceof PixivError)
        return hibiError(req, reply, 502, 'Upstram API request failed');
      throw error;
    }
  });
}
