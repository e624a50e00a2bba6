/**
 * Illust series (pixiv-upstream.md §1.2): `/v1/illust/series` (`illust_series_id`, `offset`:
 * `illust_series_detail`, `illust_series_first_illust`, `illusts` newest first, 30 a page,
 * `next_url`), `/v1/illust-series/illust` (`illust_id`: the work's place in its series,
 * `illust_series_detail` and `illust_series_context{content_order, prev, next}`, as the 2020
 * capture in An-Owlbear's docs shows it) and `/v1/user/illust-series` (`user_id`, `offset`:
 * `illust_series_details`). The series are those the works' `series` field names
 * (data/series.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jstIso } from '../../clock.ts';
import { rawIllust, rawIllustDetail, rawUser } from '../../data/app-json.ts';
import {
  illustSeries,
  illustSeriesOf,
  seriesCoverUrl,
  seriesOfUser,
  type IllustSeries,
} from '../../data/series.ts';
import type { SandboxState } from '../../state.ts';
import {
  appError,
  intParam,
  messages,
  nextUrl,
  offsetPage,
  viewerOf,
  type Query,
} from './common.ts';

export const SERIES_LIST_PAGE = 30;

function seriesDetail(state: SandboxState, req: FastifyRequest, series: IllustSeries) {
  const first = state.data.work(series.works[0]!);
  return {
    id: series.id,
    title: series.title,
    caption: series.caption,
    cover_image_urls: { medium: seriesCoverUrl(series) },
    series_work_count: series.works.length,
    create_date: jstIso(first.created),
    width: first.width,
    height: first.height,
    user: rawUser(series.user, viewerOf(req)),
    watchlist_added: false,
  };
}

export function registerSeries(app: FastifyInstance, state: SandboxState): void {
  const worksOf = (userIndex: number) => state.indexes.worksOf(userIndex);

  app.get('/v1/illust/series', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    if (offset === null) return reply.code(400).send(appError('Invalid offset'));
    const id = /^\d{1,9}$/.test(query.illust_series_id ?? '')
      ? Number(query.illust_series_id)
      : NaN;
    const series = illustSeries(state.data, worksOf, id);
    if (!series) {
      return reply.code(404).send(appError('', messages(viewerOf(req).language).notFound));
    }
    const newestFirst = [...series.works].reverse();
    const page = offsetPage(state, req, '/v1/illust/series', newestFirst, offset);
    return reply.send({
      illust_series_detail: seriesDetail(state, req, series),
      illust_series_first_illust: rawIllust(state.data.work(series.works[0]!), viewerOf(req)),
      illusts: page.illusts,
      next_url: page.next_url,
    });
  });

  app.get('/v1/illust-series/illust', async (req, reply) => {
    const query = req.query as Query;
    const language = viewerOf(req).language;
    const work = /^\d{1,12}$/.test(query.illust_id ?? '')
      ? state.data.workById(Number(query.illust_id))
      : undefined;
    if (!work) return reply.code(404).send(appError('', messages(language).notFound));
    const ref = illustSeriesOf(work);
    const series = ref ? illustSeries(state.data, worksOf, ref.id) : undefined;
    if (!series) return reply.code(404).send(appError('', messages(language).seriesNotFound));
    // content_order counts from 1 in posting order; prev and next are the neighbouring
    // episodes, null at either end, as illust objects with `total_comments` like the capture's.
    const at = series.works.indexOf(work.index);
    const neighbour = (k: number) => {
      const index = series.works[k];
      return index === undefined ? null : rawIllustDetail(state.data.work(index), viewerOf(req));
    };
    return reply.send({
      illust_series_detail: seriesDetail(state, req, series),
      illust_series_context: {
        content_order: at + 1,
        prev: neighbour(at - 1),
        next: neighbour(at + 1),
      },
    });
  });

  app.get('/v1/user/illust-series', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    const user = /^\d+$/.test(query.user_id ?? '')
      ? state.data.user(Number(query.user_id))
      : undefined;
    if (offset === null) return reply.code(400).send(appError('Invalid offset'));
    if (!user) {
      return reply.code(404).send(appError('', messages(viewerOf(req).language).userNotFound));
    }
    const all = seriesOfUser(state.data, worksOf, user.index);
    return reply.send({
      illust_series_details: all
        .slice(offset, offset + SERIES_LIST_PAGE)
        .map((s) => seriesDetail(state, req, s)),
      next_url:
        offset + SERIES_LIST_PAGE < all.length
          ? nextUrl('/v1/user/illust-series', query, { offset: offset + SERIES_LIST_PAGE })
          : null,
    });
  });
}
