/**
 * `GET /ajax/illust/{id}/ugoira_meta` (pixiv-upstream.md §3, the item4/ugoira capture):
 * `{src: …_ugoira600x600.zip, originalSrc: …_ugoira1920x1080.zip, mime_type, frames}` with the
 * same frames and delays as `/v1/ugoira/metadata`, so both zips hold exactly those files. A
 * work that is not an ugoira answers the error envelope with pixiv's message.
 */
import type { FastifyInstance } from 'fastify';
import { ugoiraZipUrl } from '../../images/ugoira-zip.ts';
import type { SandboxState } from '../../state.ts';
import { firstLanguage } from '../app-api/common.ts';
import { ugoiraFrames } from '../app-api/illusts.ts';
import { ajaxError, ajaxOk } from './ajax.ts';

function notUgoira(language: string): string {
  if (language.startsWith('ko')) return '지정한 ID는 우고이라가 아닙니다';
  if (language.startsWith('ja')) return '指定されたIDはうごイラではありません';
  return 'The specified ID is not an ugoira.';
}

export function registerWebUgoira(app: FastifyInstance, state: SandboxState): void {
  app.get('/ajax/illust/:id/ugoira_meta', async (req, reply) => {
    const { id } = req.params as { id: string };
    const q = req.query as Record<string, string | undefined>;
    const language = q.lang ?? firstLanguage(req.headers['accept-language']);
    const work = /^\d{1,12}$/.test(id) ? state.data.workById(Number(id)) : undefined;
    if (!work) return reply.code(404).send(ajaxError(''));
    if (work.kind !== 'ugoira') return reply.code(400).send(ajaxError(notUgoira(language)));
    return ajaxOk({
      src: ugoiraZipUrl(work.id, work.uploaded, '600x600'),
      originalSrc: ugoiraZipUrl(work.id, work.uploaded, '1920x1080'),
      mime_type: 'image/jpeg',
      frames: ugoiraFrames(state, work.id),
    });
  });
}
