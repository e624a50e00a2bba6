/**
 * Novel endpoints (pixiv-upstream.md §1.2): detail, the webview reader page, ranking,
 * recommended, new, related, a user's novels and series, and series pages. Search, trending
 * tags and the account's own novel lists are in novel-search.ts and novel-social.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jstDay } from '../../clock.ts';
import { rawNovel, rawNovelDetail, webviewNovel } from '../../data/novel-json.ts';
import { NovelRankings } from '../../data/novel-ranking.ts';
import type { NovelSeries } from '../../data/novels.ts';
import { rawUser } from '../../data/app-json.ts';
import { latestRankingDay } from '../../data/ranking.ts';
import { novelCoverUrls } from '../../images/urls.ts';
import { Rng } from '../../rng.ts';
import type { SandboxState } from '../../state.ts';
import {
  PAGE_SIZE,
  appError,
  intParam,
  messages,
  nextUrl,
  viewerOf,
  type Query,
} from './common.ts';
import { findNovel, novelAllowed, novelNotFound, novelPage, novelViewer } from './novel-common.ts';
import { webviewHtml } from './novel-webview.ts';
import { newestPage, rankingArgs } from './work-lists.ts';

const DAY_MS = 86_400_000;
/** Related novels: at most three pages. */
const RELATED_MAX = 90;

export function registerNovels(app: FastifyInstance, state: SandboxState): void {
  let rankings: NovelRankings | undefined;
  const ranking = (mode: string, day: string) =>
    (rankings ??= new NovelRankings(state.novels, state.clock)).indexes(mode, day);
  /** A user list call's query, viewer, user and offset; null once its error is sent. */
  const userCall = (req: FastifyRequest, reply: FastifyReply) => {
    const query = req.query as Query;
    const viewer = viewerOf(req);
    const user = /^\d+$/.test(query.user_id ?? '')
      ? state.data.user(Number(query.user_id))
      : undefined;
    const offset = intParam(query.offset);
    if (!user) reply.code(404).send(appError('', messages(viewer.language).userNotFound));
    else if (offset === null) reply.code(400).send(appError('Invalid parameters'));
    else return { query, viewer, user, offset };
    return null;
  };

  app.get('/v2/novel/detail', async (req, reply) => {
    const novel = findNovel(state, (req.query as Query).novel_id);
    if (!novel) return reply.code(404).send(novelNotFound(req));
    return reply.send({ novel: rawNovelDetail(novel, novelViewer(req)) });
  });

  app.get('/webview/v2/novel', async (req, reply) => {
    const novel = findNovel(state, (req.query as Query).id);
    const viewer = novelViewer(req);
    // A novel above the account's age setting cannot be opened, as if it did not exist.
    if (!novel || novel.xRestrict > viewer.xRestrict) {
      return reply.code(404).send(novelNotFound(req));
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(webviewHtml(webviewNovel(state.novels, novel, viewer)));
  });

  app.get('/v1/novel/ranking', async (req, reply) => {
    const args = rankingArgs(state, req.query as Query);
    if (!args) return reply.code(400).send(appError('Invalid parameters'));
    const indexes = ranking(args.mode, args.date);
    return reply.send(novelPage(state, req, '/v1/novel/ranking', indexes, args.offset));
  });

  app.get('/v1/novel/recommended', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    const n = state.novels;
    const allowed = novelAllowed(state, req);
    const pool: number[] = [];
    for (let i = n.firstIndexFrom(n.data.now - 3 * 365 * DAY_MS); i < n.count; i++)
      if (allowed(i) && n.aiType[i] !== 2) pool.push(i);
    const seed = `${req.sandboxAccount?.userId ?? 0}:${jstDay(state.now)}`;
    const picks = Rng.of(n.data.seed, `novel-recommended:${seed}`).sample(pool, 300);
    const page = novelPage(state, req, '/v1/novel/recommended', picks, offset);
    const viewer = novelViewer(req);
    const rankingNovels =
      query.include_ranking_novels === 'true' && offset === 0
        ? Array.from(ranking('day', latestRankingDay(state.clock())))
            .filter(allowed)
            .slice(0, 3)
            .map((i) => rawNovel(n.at(i), viewer))
        : [];
    return reply.send({
      novels: page.novels,
      ranking_novels: rankingNovels,
      privacy_policy: {},
      next_url: page.next_url,
    });
  });

  app.get('/v1/novel/new', async (req, reply) => {
    const query = req.query as Query;
    const maxId = intParam(query.max_novel_id, Number.MAX_SAFE_INTEGER);
    if (maxId === null) return reply.code(400).send(appError('Invalid parameters'));
    const n = state.novels;
    const allowed = novelAllowed(state, req);
    const viewer = novelViewer(req);
    const page = newestPage({
      path: '/v1/novel/new',
      query,
      cursor: 'max_novel_id',
      maxId,
      size: PAGE_SIZE,
      count: n.count,
      ids: n.ids,
      keep: allowed,
      raw: (i) => rawNovel(n.at(i), viewer),
    });
    return reply.send({ novels: page.works, next_url: page.next_url });
  });

  app.get('/v1/novel/related', async (req, reply) => {
    const query = req.query as Query;
    const novel = findNovel(state, query.novel_id);
    const offset = intParam(query.offset);
    if (!novel) return reply.code(404).send(novelNotFound(req));
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    const n = state.novels;
    const names = new Set(novel.tags.map((t) => t.name));
    const allowed = novelAllowed(state, req);
    const scored: [number, number][] = [];
    for (let i = 0; i < n.count; i++) {
      if (i === novel.index || !allowed(i)) continue;
      const other = n.at(i);
      const shared = other.tags.filter((t) => names.has(t.name) && t.name !== 'R-18').length;
      const score = shared + (other.user === novel.user ? 3 : 0);
      if (score >= 2) scored.push([i, score]);
    }
    scored.sort((a, b) => b[1] - a[1] || n.bookmarks[b[0]]! - n.bookmarks[a[0]]! || b[0] - a[0]);
    const related = scored.slice(0, RELATED_MAX).map(([i]) => i);
    return reply.send(novelPage(state, req, '/v1/novel/related', related, offset));
  });

  app.get('/v1/user/novels', async (req, reply) => {
    const call = userCall(req, reply);
    if (!call) return reply;
    const { viewer, user, offset } = call;
    const own = [...state.novels.novelsOf(user.index)].filter(novelAllowed(state, req)).reverse();
    return reply.send({
      user: rawUser(user, viewer),
      ...novelPage(state, req, '/v1/user/novels', own, offset),
    });
  });

  app.get('/v2/novel/series', async (req, reply) => {
    const query = req.query as Query;
    const series = /^\d+$/.test(query.series_id ?? '')
      ? state.novels.seriesOf(Number(query.series_id))
      : undefined;
    const lastOrder = intParam(query.last_order);
    if (!series) return reply.code(404).send(novelNotFound(req));
    if (lastOrder === null) return reply.code(400).send(appError('Invalid parameters'));
    const viewer = novelViewer(req);
    const page = series.novels.slice(lastOrder, lastOrder + PAGE_SIZE);
    const more = lastOrder + PAGE_SIZE < series.novels.length;
    return reply.send({
      novel_series_detail: seriesDetail(state, series, viewer),
      novel_series_first_novel: rawNovel(state.novels.at(series.novels[0]!), viewer),
      novel_series_latest_novel: rawNovel(state.novels.at(series.novels.at(-1)!), viewer),
      novels: page.map((i) => rawNovel(state.novels.at(i), viewer)),
      next_url: more
        ? nextUrl('/v2/novel/series', query, { last_order: lastOrder + PAGE_SIZE })
        : null,
    });
  });

  app.get('/v1/user/novel-series', async (req, reply) => {
    const call = userCall(req, reply);
    if (!call) return reply;
    const { query, viewer, user, offset } = call;
    const all = state.novels.seriesOfUser(user.index).reverse();
    const details = all.slice(offset, offset + PAGE_SIZE).map((s) => ({
      ...seriesDetail(state, s, viewer),
      cover_image_urls: { medium: novelCoverUrls(state.novels.at(s.novels[0]!)).medium },
      latest_novel_id: state.novels.ids[s.novels.at(-1)!]!,
    }));
    return reply.send({
      novel_series_details: details,
      next_url:
        offset + PAGE_SIZE < all.length
          ? nextUrl('/v1/user/novel-series', query, { offset: offset + PAGE_SIZE })
          : null,
    });
  });
}

/** `novel_series_detail` (pixiv-upstream.md §1.2 `/v2/novel/series`). */
export function seriesDetail(
  state: SandboxState,
  series: NovelSeries,
  viewer: ReturnType<typeof viewerOf>,
) {
  const novels = series.novels.map((i) => state.novels.at(i));
  return {
    id: series.id,
    title: series.title,
    caption: series.caption,
    is_original: novels[0]!.isOriginal,
    is_concluded: series.isConcluded,
    content_count: novels.length,
    total_character_count: novels.reduce((sum, n) => sum + n.textLength, 0),
    user: rawUser(series.user, viewer),
    display_text: `${novels.length}話`,
    novel_ai_type: novels.some((n) => n.aiType === 2) ? 2 : novels[0]!.aiType,
    watchlist_added: false,
  };
}
