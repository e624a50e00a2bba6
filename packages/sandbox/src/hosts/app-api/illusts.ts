/** Illust endpoints: ranking, detail, related, recommended, new, walkthrough, ugoira metadata. */
import type { FastifyInstance } from 'fastify';
import { jstDay, jstPathDate } from '../../clock.ts';
import { rawIllust, rawIllustDetail } from '../../data/app-json.ts';
import { RANKING_PAGE, latestRankingDay } from '../../data/ranking.ts';
import { LONG_UGOIRA_ID } from '../../data/dataset.ts';
import { longUgoiraFrames } from '../../images/long-ugoira.ts';
import { Rng } from '../../rng.ts';
import type { SandboxState } from '../../state.ts';
import {
  allowedFor,
  appError,
  intParam,
  messages,
  nextUrl,
  offsetPage,
  viewerOf,
  type Query,
} from './common.ts';
import { relatedIndexes, recommendedIndexes } from './picks.ts';
import { newestPage, rankingArgs } from './work-lists.ts';

const DAY_MS = 86_400_000;

export function registerIllusts(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/illust/ranking', async (req, reply) => {
    const args = rankingArgs(state, req.query as Query);
    if (!args) return reply.code(400).send(appError('Invalid parameters'));
    const ranking = state.rankings.indexes(args.mode, args.date);
    return reply.send(
      offsetPage(state, req, '/v1/illust/ranking', ranking.subarray(0), args.offset),
    );
  });

  app.get('/v1/illust/detail', async (req, reply) => {
    const query = req.query as Query;
    const viewer = viewerOf(req);
    const work = /^\d+$/.test(query.illust_id ?? '')
      ? state.data.workById(Number(query.illust_id))
      : undefined;
    if (!work) return reply.code(404).send(appError('', messages(viewer.language).notFound));
    return reply.send({ illust: rawIllustDetail(work, viewer) });
  });

  app.get('/v2/illust/related', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    const index = /^\d+$/.test(query.illust_id ?? '')
      ? state.data.indexOf(Number(query.illust_id))
      : undefined;
    if (index === undefined || offset === null) {
      return reply.code(404).send(appError('', messages(viewerOf(req).language).notFound));
    }
    const related = relatedIndexes(state, index).filter(allowedFor(state, req));
    return reply.send(offsetPage(state, req, '/v2/illust/related', related, offset));
  });

  for (const [path, manga] of [
    ['/v1/illust/recommended', false],
    ['/v1/manga/recommended', true],
  ] as const) {
    app.get(path, async (req, reply) => {
      const query = req.query as Query;
      const offset = intParam(query.offset);
      if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
      const kind = manga || query.content_type === 'manga';
      const seed = `${req.sandboxAccount?.userId ?? 0}:${jstDay(state.now)}:${kind}`;
      const picks = recommendedIndexes(state, kind, seed).filter(allowedFor(state, req));
      const page = offsetPage(state, req, path, picks, offset);
      const viewer = viewerOf(req);
      const ranking =
        query.include_ranking_illusts === 'true' && offset === 0
          ? Array.from(
              state.rankings
                .indexes(kind ? 'day_manga' : 'day', latestRankingDay(state.clock()))
                .subarray(0, 3),
              (i) => rawIllust(state.data.work(i), viewer),
            )
          : [];
      const next = page.next_url
        ? nextUrl(path, query, {
            offset: offset + RANKING_PAGE,
            max_bookmark_id_for_recommend: 9_000_000_000 + offset,
            min_bookmark_id_for_recent_illust: 8_000_000_000 + offset,
          })
        : null;
      return reply.send({
        illusts: page.illusts,
        ranking_illusts: ranking,
        contest_exists: false,
        privacy_policy: {},
        next_url: next,
      });
    });
  }

  app.get('/v1/illust/new', async (req, reply) => {
    const query = req.query as Query;
    const manga = query.content_type === 'manga';
    const maxId = intParam(query.max_illust_id, Number.MAX_SAFE_INTEGER);
    if (maxId === null) return reply.code(400).send(appError('Invalid parameters'));
    const allowed = allowedFor(state, req);
    const viewer = viewerOf(req);
    const page = newestPage({
      path: '/v1/illust/new',
      query,
      cursor: 'max_illust_id',
      maxId,
      size: RANKING_PAGE,
      count: state.data.illustCount,
      ids: state.data.ids,
      keep: (i) => (state.data.kind[i] === 1) === manga && allowed(i),
      raw: (i) => rawIllust(state.data.work(i), viewer),
    });
    return reply.send({ illusts: page.works, next_url: page.next_url });
  });

  app.get('/v1/walkthrough/illusts', async (req, reply) => {
    const viewer = { xRestrict: 0, language: viewerOf(req).language };
    const from = state.data.firstIndexFrom(state.data.now - 30 * DAY_MS);
    const pool: number[] = [];
    for (let i = from; i < state.data.illustCount; i++) {
      if (state.data.xRestrict[i] === 0 && state.data.aiType[i] !== 2 && state.data.kind[i] === 0)
        pool.push(i);
    }
    const picks = Rng.of(state.data.seed, `walkthrough:${jstDay(state.now)}`).sample(pool, 60);
    return reply.send({
      illusts: picks.map((i) => rawIllust(state.data.work(i), viewer)),
      next_url: null,
    });
  });

  app.get('/v1/ugoira/metadata', async (req, reply) => {
    const query = req.query as Query;
    const work = /^\d+$/.test(query.illust_id ?? '')
      ? state.data.workById(Number(query.illust_id))
      : undefined;
    if (!work) return reply.code(404).send(appError('', messages(viewerOf(req).language).notFound));
    if (work.kind !== 'ugoira')
      return reply.code(400).send(appError('', 'This work is not an ugoira.'));
    return reply.send({
      ugoira_metadata: {
        zip_urls: {
          medium: `https://i.pximg.net/img-zip-ugoira/img/${jstPathDate(work.uploaded)}/${work.id}_ugoira600x600.zip`,
        },
        frames: ugoiraFrames(state, work.id),
      },
    });
  });
}

/**
 * The frames of an ugoira: 8 to 24 JPEGs with delays of 40 to 160 ms; the long ugoira has 150.
 */
export function ugoiraFrames(state: SandboxState, id: number): { file: string; delay: number }[] {
  if (id === LONG_UGOIRA_ID) return longUgoiraFrames();
  const r = Rng.of(state.data.seed, `ugoira:${id}`);
  const count = r.int(8, 24);
  const base = r.pick([40, 60, 80, 100, 120]);
  return Array.from({ length: count }, (_, k) => ({
    file: `${String(k).padStart(6, '0')}.jpg`,
    delay: r.chance(0.2) ? r.int(40, 160) : base,
  }));
}
