/**
 * `/v1/novel/series` (`series_id`, `offset`), which pixiv-api-client's novelSeries and pixiv.ts'
 * novel.series still call: the body of `/v2/novel/series` (novels.ts) — the same
 * `novel_series_detail`, first and latest novel and 30 novels a page — paged by `offset`
 * instead of `last_order`, with an empty `novels` past the end.
 */
import type { FastifyInstance } from 'fastify';
import { rawNovel } from '../../data/novel-json.ts';
import type { SandboxState } from '../../state.ts';
import { PAGE_SIZE, appError, intParam, nextUrl, type Query } from './common.ts';
import { novelNotFound, novelViewer } from './novel-common.ts';
import { seriesDetail } from './novels.ts';

export function registerNovelSeriesV1(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/novel/series', async (req, reply) => {
    const query = req.query as Query;
    const series = /^\d{1,10}$/.test(query.series_id ?? '')
      ? state.novels.seriesOf(Number(query.series_id))
      : undefined;
    const offset = intParam(query.offset);
    if (!series) return reply.code(404).send(novelNotFound(req));
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    const viewer = novelViewer(req);
    const page = series.novels.slice(offset, offset + PAGE_SIZE);
    return reply.send({
      novel_series_detail: seriesDetail(state, series, viewer),
      novel_series_first_novel: rawNovel(state.novels.at(series.novels[0]!), viewer),
      novel_series_latest_novel: rawNovel(state.novels.at(series.novels.at(-1)!), viewer),
      novels: page.map((i) => rawNovel(state.novels.at(i), viewer)),
      next_url:
        offset + PAGE_SIZE < series.novels.length
          ? nextUrl('/v1/novel/series', query, { offset: offset + PAGE_SIZE })
          : null,
    });
  });
}
