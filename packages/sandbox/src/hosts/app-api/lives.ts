/** `GET /v1/live/list` (pixiv-upstream.md §1): broadcasting lives, 30 per page, `next_url`. */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../../state.ts';
import { appLive } from '../sketch-json.ts';
import { appError, intParam, nextUrl, type Query } from './common.ts';

export const LIVE_LIST_PAGE = 30;

export function registerLives(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/live/list', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    const listType = query.list_type ?? 'popular';
    if (offset === null || !['popular', 'following'].includes(listType)) {
      return reply.code(400).send(appError('Invalid parameters'));
    }
    const lives = listType === 'following' ? [] : state.lives.broadcasting();
    const page = lives.slice(offset, offset + LIVE_LIST_PAGE);
    return reply.send({
      lives: page.map(appLive),
      live_info: null,
      next_url:
        offset + LIVE_LIST_PAGE < lives.length
          ? nextUrl('/v1/live/list', query, { offset: offset + LIVE_LIST_PAGE })
          : null,
    });
  });
}
