/**
 * The search both kinds of work share (search.ts for illusts, novel-search.ts for novels): the
 * word's terms and `-` exclusions, pixiv's sorts, durations, date windows, AI and bookmark
 * filters, the age gate, and the `/v1/search/<kind>` and popular-preview routes with the 5000
 * offset ceiling. Each kind brings its targets, its matcher and its columns.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jstDayEnd } from '../../clock.ts';
import { SEARCH_OFFSET_LIMIT, appError, intParam, type Query } from './common.ts';

export const DAY_MS = 86_400_000;
/** pixiv's search `sort` values; popular_desc sorts only for premium accounts. */
export const SORTS = ['date_desc', 'date_asc', 'popular_desc'];
/** pixiv's search `duration` values, in days back from the present. */
export const DURATIONS: Record<string, number> = {
  within_last_day: 1,
  within_last_week: 7,
  within_last_month: 30,
};

/** One kind of work as the search reads it: indexes grow with creation time. */
export interface SearchKind {
  targets: readonly string[];
  /** Indexes (any order) matching one term under the search target. */
  matches(term: string, target: string, translated: boolean): Set<number>;
  now: number;
  /** The kind's columns by index (the dataset or the novels). */
  columns: {
    created: ArrayLike<number>;
    bookmarks: ArrayLike<number>;
    aiType: ArrayLike<number>;
  };
  /** Whether the viewer's own age setting lets a work appear in lists at all. */
  allowedFor(req: FastifyRequest): (index: number) => boolean;
}

interface Term {
  text: string;
  exclude: boolean;
}

function terms(word: string): Term[] {
  return word
    .split(/[\s\u3000]+/)
    .filter(Boolean)
    .map((t) =>
      t.startsWith('-') && t.length > 1
        ? { text: t.slice(1), exclude: true }
        : { text: t, exclude: false },
    );
}

/** The search result as indexes in answer order, or an error message. */
export function searchKind(kind: SearchKind, req: FastifyRequest, query: Query): number[] | string {
  const target = query.search_target ?? 'partial_match_for_tags';
  const sort = query.sort ?? 'date_desc';
  if (!query.word?.trim()) return 'word is required';
  if (!kind.targets.includes(target) || !SORTS.includes(sort)) return 'Invalid parameters';
  if (query.duration && !(query.duration in DURATIONS)) return 'Invalid parameters';
  const translated = query.include_translated_tag_results !== 'false';
  const all = terms(query.word);
  const include = all.filter((t) => !t.exclude);
  const exclude = all.filter((t) => t.exclude);
  if (include.length === 0) return [];
  let hits: number[] | undefined;
  for (const t of include) {
    const set = kind.matches(t.text, target, translated);
    hits = hits ? hits.filter((i) => set.has(i)) : [...set].sort((a, b) => a - b);
  }
  for (const t of exclude) {
    const set = kind.matches(t.text, target, translated);
    hits = hits!.filter((i) => !set.has(i));
  }
  let from = 0;
  let to = Infinity;
  if (query.duration) from = kind.now - DURATIONS[query.duration]! * DAY_MS;
  if (query.start_date && /^\d{4}-\d{2}-\d{2}$/.test(query.start_date))
    from = Math.max(from, jstDayEnd(query.start_date) - DAY_MS);
  if (query.end_date && /^\d{4}-\d{2}-\d{2}$/.test(query.end_date)) to = jstDayEnd(query.end_date);
  const min = intParam(query.bookmark_num_min, 0) ?? 0;
  const max = intParam(query.bookmark_num_max, Number.MAX_SAFE_INTEGER) ?? Number.MAX_SAFE_INTEGER;
  // search_ai_type=1 hides AI-generated works; 0 or none shows them. pixiv-upstream.md §1.2
  // says the reverse, but the spec (000 §5: "AI off → search_ai_type=1") and the app clients'
  // enum (SHOW_AI = 0, HIDE_AI = 1) agree on this reading. Without it, the account's AI
  // display setting decides (account-settings.ts).
  const hideAi =
    query.search_ai_type === '1' ||
    (query.search_ai_type === undefined && req.sandboxSocial?.showAi === false);
  const allowed = kind.allowedFor(req);
  const { created, bookmarks, aiType } = kind.columns;
  const result = hits!.filter(
    (i) =>
      created[i]! >= from &&
      created[i]! < to &&
      bookmarks[i]! >= min &&
      bookmarks[i]! <= max &&
      !(hideAi && aiType[i] === 2) &&
      allowed(i),
  );
  // popular_desc is for premium accounts; others get the newest first, as on pixiv.
  if (sort === 'popular_desc' && req.sandboxAccount?.isPremium)
    result.sort((a, b) => bookmarks[b]! - bookmarks[a]! || b - a);
  else if (sort !== 'date_asc') result.reverse();
  return result;
}

/** How a kind's search routes answer. */
export interface SearchRoutes {
  /** `illust` or `novel`: the paths end with it and the lists are named by its plural. */
  kind: 'illust' | 'novel';
  works: SearchKind;
  /** One offset page of indexes as app JSON under the plural, with next_url. */
  page(
    req: FastifyRequest,
    path: string,
    indexes: number[],
    offset: number,
  ): Record<string, unknown> & { next_url: string | null };
  /** The app JSON of one index for this viewer. */
  raw(req: FastifyRequest): (index: number) => unknown;
}

/** `/v1/search/<kind>` and `/v1/search/popular-preview/<kind>`. */
export function registerSearchRoutes(app: FastifyInstance, routes: SearchRoutes): void {
  const path = `/v1/search/${routes.kind}`;
  const list = `${routes.kind}s`;

  app.get(path, async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    if (offset > SEARCH_OFFSET_LIMIT) {
      return reply
        .code(400)
        .send(appError(`{"offset":["Offset must be no more than ${SEARCH_OFFSET_LIMIT}"]}`));
    }
    const result = searchKind(routes.works, req, query);
    if (typeof result === 'string') return reply.code(400).send(appError(result));
    const page = routes.page(req, path, result, offset);
    const next = page.next_url && offset + 30 <= SEARCH_OFFSET_LIMIT ? page.next_url : null;
    return reply.send({
      [list]: page[list],
      next_url: next,
      search_span_limit: 31_536_000,
      show_ai: req.sandboxSocial?.showAi ?? true,
    });
  });

  app.get(`/v1/search/popular-preview/${routes.kind}`, async (req, reply) => {
    const query = req.query as Query;
    const result = searchKind(routes.works, req, { ...query, sort: 'date_desc' });
    if (typeof result === 'string') return reply.code(400).send(appError(result));
    const raw = routes.raw(req);
    const { bookmarks } = routes.works.columns;
    const top = result.sort((a, b) => bookmarks[b]! - bookmarks[a]!).slice(0, 30);
    return reply.send({ [list]: top.map(raw), search_span_limit: 31_536_000 });
  });
}
