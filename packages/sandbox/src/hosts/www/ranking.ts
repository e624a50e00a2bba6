/**
 * `GET /ranking.php?format=json&mode=&content=&date=YYYYMMDD&p=` on www.pixiv.net
 * (pixiv-upstream.md §3): no envelope, 50 works per page, up to 500, a 404
 * `{"error": "ランキング集計の範囲外です"}` past the end. `content` narrows the ranking to
 * illustrations, manga or ugoira.
 */
import type { FastifyInstance } from 'fastify';
import { FIRST_RANKING_DAY, jstPathDate } from '../../clock.ts';
import { latestRankingDay } from '../../data/ranking.ts';
import type { Work } from '../../data/dataset.ts';
import { illustSeriesOf } from '../../data/series.ts';
import { avatarUrl, PXIMG } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';

export const WEB_RANKING_PAGE = 50;
export const OUT_OF_RANGE = 'ランキング集計の範囲外です';

/** Web ranking modes and the app-API ranking each one reads, per content. */
const WEB_MODES: Record<string, { all: string; manga?: string }> = {
  daily: { all: 'day', manga: 'day_manga' },
  weekly: { all: 'week', manga: 'week_manga' },
  monthly: { all: 'month', manga: 'month_manga' },
  rookie: { all: 'week_rookie', manga: 'week_rookie_manga' },
  original: { all: 'week_original' },
  daily_ai: { all: 'day_ai' },
  male: { all: 'day_male' },
  female: { all: 'day_female' },
  daily_r18: { all: 'day_r18', manga: 'day_r18_manga' },
  weekly_r18: { all: 'week_r18', manga: 'week_r18_manga' },
  male_r18: { all: 'day_male_r18' },
  female_r18: { all: 'day_female_r18' },
  r18g: { all: 'week_r18g' },
  daily_r18_ai: { all: 'day_r18_ai' },
};

/** Which web modes each content offers (monthly has no ugoira ranking; rookie none either). */
const CONTENT_MODES: Record<string, readonly string[]> = {
  all: Object.keys(WEB_MODES),
  illust: ['daily', 'weekly', 'monthly', 'rookie', 'daily_r18', 'weekly_r18'],
  manga: ['daily', 'weekly', 'monthly', 'rookie', 'daily_r18', 'weekly_r18'],
  ugoira: ['daily', 'weekly', 'daily_r18', 'weekly_r18'],
};

const KIND_CODE = { illust: '0', manga: '1', ugoira: '2' } as const;

const dashed = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const compact = (d: string) => d.replaceAll('-', '');

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function formatJaDate(ms: number): string {
  const d = new Date(ms + 9 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}年${pad(d.getUTCMonth() + 1)}月${pad(d.getUTCDate())}日 ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The series the app API names in `illust.series` (data/series.ts), or false. */
function rankingSeries(work: Work) {
  const series = illustSeriesOf(work);
  if (!series) return false;
  return {
    illust_series_id: String(series.id),
    illust_series_user_id: String(work.user.id),
    illust_series_title: series.title,
  };
}

function contentItem(work: Work, rank: number, yesRank: number) {
  const date = jstPathDate(work.uploaded);
  const stem = work.kind === 'ugoira' ? `${work.id}` : `${work.id}_p0`;
  return {
    title: work.title,
    date: formatJaDate(work.created),
    tags: work.tags.map((t) => t.name),
    url: `${PXIMG}/c/240x480/img-master/img/${date}/${stem}_master1200.jpg`,
    illust_type: KIND_CODE[work.kind],
    illust_book_style: String(work.bookStyle),
    illust_page_count: String(work.pageCount),
    user_name: work.user.name,
    profile_img: avatarUrl(work.user, 50),
    illust_content_type: {
      sexual: work.xRestrict === 1 ? 2 : 0,
      lo: false,
      grotesque: work.xRestrict === 2,
      violent: false,
      homosexual: false,
      drug: false,
      thoughts: false,
      antisocial: false,
      religion: false,
      original: work.tags.some((t) => t.name === 'オリジナル'),
      furry: false,
      bl: false,
      yuri: false,
    },
    illust_series: rankingSeries(work),
    illust_id: work.id,
    width: work.width,
    height: work.height,
    user_id: work.user.id,
    rank,
    yes_rank: yesRank,
    rating_count: Math.round(work.bookmarks * 1.4),
    view_count: work.views,
    illust_upload_timestamp: Math.floor(work.uploaded / 1000),
    attr: work.tags.some((t) => t.name === 'オリジナル') ? 'original' : '',
    is_bookmarked: false,
    bookmarkable: true,
  };
}

export function registerWebRanking(app: FastifyInstance, state: SandboxState): void {
  app.get('/ranking.php', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.format !== 'json') {
      return reply
        .type('text/html; charset=utf-8')
        .send('<!DOCTYPE html><html><head><title>pixiv ranking</title></head><body></body></html>');
    }
    const mode = q.mode ?? 'daily';
    const content = q.content ?? 'all';
    const page = q.p === undefined ? 1 : Number(q.p);
    const latest = latestRankingDay(state.clock());
    const day = q.date && /^\d{8}$/.test(q.date) ? dashed(q.date) : latest;
    const modes = CONTENT_MODES[content];
    const rule = WEB_MODES[mode];
    if (!modes || !rule || !modes.includes(mode) || !Number.isInteger(page) || page < 1) {
      return reply.code(400).send({ error: '不正なリクエストです' });
    }
    if (day < FIRST_RANKING_DAY || day > latest)
      return reply.code(404).send({ error: OUT_OF_RANGE });
    const appMode = content === 'manga' ? rule.manga! : rule.all;
    const rankingOf = (d: string) =>
      Array.from(state.rankings.indexes(appMode, d))
        .map((i) => state.data.work(i))
        .filter((w) => content === 'all' || content === 'manga' || w.kind === content);
    const works = rankingOf(day);
    const start = (page - 1) * WEB_RANKING_PAGE;
    if (start >= works.length) return reply.code(404).send({ error: OUT_OF_RANGE });
    const yesterday = rankingOf(shiftDay(day, -1));
    const yesRank = new Map(yesterday.map((w, i) => [w.id, i + 1]));
    const slice = works.slice(start, start + WEB_RANKING_PAGE);
    const pages = Math.ceil(works.length / WEB_RANKING_PAGE);
    const prevDay = shiftDay(day, -1);
    const nextDay = shiftDay(day, 1);
    return reply.send({
      contents: slice.map((w, i) => contentItem(w, start + i + 1, yesRank.get(w.id) ?? 0)),
      mode,
      content,
      page,
      prev: page > 1 ? page - 1 : false,
      next: page < pages ? page + 1 : false,
      date: compact(day),
      prev_date: prevDay >= FIRST_RANKING_DAY ? compact(prevDay) : false,
      next_date: nextDay <= latest ? compact(nextDay) : false,
      rank_total: works.length,
    });
  });
}
