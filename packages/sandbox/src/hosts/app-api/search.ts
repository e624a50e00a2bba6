/**
 * Search: illust search with pixiv's targets, sorts, durations, date windows, AI and bookmark
 * filters and the 5000 offset ceiling; popular preview; autocomplete v1 and v2; trending tags.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jstDayEnd } from '../../clock.ts';
import { rawIllust, translateTag } from '../../data/app-json.ts';
import type { SandboxState } from '../../state.ts';
import {
  allowedFor,
  appError,
  intParam,
  offsetPage,
  viewerOf,
  SEARCH_OFFSET_LIMIT,
  type Query,
} from './common.ts';

const DAY_MS = 86_400_000;
const TARGETS = ['partial_match_for_tags', 'exact_match_for_tags', 'title_and_caption', 'keyword'];
const SORTS = ['date_desc', 'date_asc', 'popular_desc'];
const DURATIONS: Record<string, number> = {
  within_last_day: 1,
  within_last_week: 7,
  within_last_month: 30,
};

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

/** Work indexes (ascending) matching one term under the search target. */
function matches(
  state: SandboxState,
  term: string,
  target: string,
  translated: boolean,
): Set<number> {
  const out = new Set<number>();
  if (target !== 'title_and_caption') {
    for (const tag of state.indexes.matchingTags(
      term,
      target === 'exact_match_for_tags',
      translated,
    )) {
      for (const i of state.indexes.withTag(tag.name)) out.add(i);
    }
  }
  if (target === 'title_and_caption' || target === 'keyword') {
    const lower = term.toLowerCase();
    for (let i = 0; i < state.data.illustCount; i++)
      if (state.indexes.text(i).includes(lower)) out.add(i);
  }
  return out;
}

/** The search result as work indexes in answer order, or an error message. */
export function searchIndexes(
  state: SandboxState,
  req: FastifyRequest,
  query: Query,
): number[] | string {
  const target = query.search_target ?? 'partial_match_for_tags';
  const sort = query.sort ?? 'date_desc';
  if (!query.word?.trim()) return 'word is required';
  if (!TARGETS.includes(target) || !SORTS.includes(sort)) return 'Invalid parameters';
  if (query.duration && !(query.duration in DURATIONS)) return 'Invalid parameters';
  const translated = query.include_translated_tag_results !== 'false';
  const all = terms(query.word);
  const include = all.filter((t) => !t.exclude);
  const exclude = all.filter((t) => t.exclude);
  if (include.length === 0) return [];
  let hits: number[] | undefined;
  for (const t of include) {
    const set = matches(state, t.text, target, translated);
    hits = hits ? hits.filter((i) => set.has(i)) : [...set].sort((a, b) => a - b);
  }
  for (const t of exclude) {
    const set = matches(state, t.text, target, translated);
    hits = hits!.filter((i) => !set.has(i));
  }
  const d = state.data;
  let from = 0;
  let to = Infinity;
  if (query.duration) from = d.now - DURATIONS[query.duration]! * DAY_MS;
  if (query.start_date && /^\d{4}-\d{2}-\d{2}$/.test(query.start_date))
    from = Math.max(from, jstDayEnd(query.start_date) - DAY_MS);
  if (query.end_date && /^\d{4}-\d{2}-\d{2}$/.test(query.end_date)) to = jstDayEnd(query.end_date);
  const min = intParam(query.bookmark_num_min, 0) ?? 0;
  const max = intParam(query.bookmark_num_max, Number.MAX_SAFE_INTEGER) ?? Number.MAX_SAFE_INTEGER;
  // search_ai_type=1 hides AI-generated works; 0 or none shows them. pixiv-upstream.md §1.2
  // says the reverse, but the spec (000 §5: "AI off → search_ai_type=1") and the app clients'
  // enum (SHOW_AI = 0, HIDE_AI = 1) agree on this reading.
  const hideAi = query.search_ai_type === '1';
  const allowed = allowedFor(state, req);
  const result = hits!.filter(
    (i) =>
      d.created[i]! >= from &&
      d.created[i]! < to &&
      d.bookmarks[i]! >= min &&
      d.bookmarks[i]! <= max &&
      !(hideAi && d.aiType[i] === 2) &&
      allowed(i),
  );
  // popular_desc is for premium accounts; others get the newest first, as on pixiv.
  if (sort === 'popular_desc' && req.sandboxAccount?.isPremium)
    result.sort((a, b) => d.bookmarks[b]! - d.bookmarks[a]! || b - a);
  else if (sort !== 'date_asc') result.reverse();
  return result;
}

export function registerSearch(app: FastifyInstance, state: SandboxState): void {
  app.get('/v1/search/illust', async (req, reply) => {
    const query = req.query as Query;
    const offset = intParam(query.offset);
    if (offset === null) return reply.code(400).send(appError('Invalid parameters'));
    if (offset > SEARCH_OFFSET_LIMIT) {
      return reply
        .code(400)
        .send(appError(`{"offset":["Offset must be no more than ${SEARCH_OFFSET_LIMIT}"]}`));
    }
    const result = searchIndexes(state, req, query);
    if (typeof result === 'string') return reply.code(400).send(appError(result));
    const page = offsetPage(state, req, '/v1/search/illust', result, offset);
    const next = page.next_url && offset + 30 <= SEARCH_OFFSET_LIMIT ? page.next_url : null;
    return reply.send({
      illusts: page.illusts,
      next_url: next,
      search_span_limit: 31_536_000,
      show_ai: true,
    });
  });

  app.get('/v1/search/popular-preview/illust', async (req, reply) => {
    const query = req.query as Query;
    const result = searchIndexes(state, req, { ...query, sort: 'date_desc' });
    if (typeof result === 'string') return reply.code(400).send(appError(result));
    const viewer = viewerOf(req);
    const top = result
      .sort((a, b) => state.data.bookmarks[b]! - state.data.bookmarks[a]!)
      .slice(0, 30);
    return reply.send({
      illusts: top.map((i) => rawIllust(state.data.work(i), viewer)),
      search_span_limit: 31_536_000,
    });
  });

  app.get('/v2/search/autocomplete', async (req, reply) => {
    const word = (req.query as Query).word ?? '';
    const language = viewerOf(req).language;
    const tags = word ? state.indexes.matchingTags(word, false, true).slice(0, 10) : [];
    return reply.send({
      tags: tags.map((t) => ({ name: t.name, translated_name: translateTag(t, language) })),
    });
  });

  app.get('/v1/search/autocomplete', async (req, reply) => {
    const word = (req.query as Query).word ?? '';
    const tags = word ? state.indexes.matchingTags(word, false, true).slice(0, 10) : [];
    return reply.send({ search_auto_complete_keywords: tags.map((t) => t.name) });
  });

  app.get('/v1/trending-tags/illust', async (req, reply) => {
    const viewer = viewerOf(req);
    const d = state.data;
    const from = d.firstIndexFrom(d.now - 7 * DAY_MS);
    const best = new Map<string, { count: number; top: number }>();
    for (let i = from; i < d.illustCount; i++) {
      if (d.xRestrict[i] !== 0 || d.aiType[i] === 2) continue;
      for (const tag of d.work(i).tags) {
        const entry = best.get(tag.name) ?? { count: 0, top: i };
        entry.count++;
        if (d.bookmarks[i]! > d.bookmarks[entry.top]!) entry.top = i;
        best.set(tag.name, entry);
      }
    }
    const trend = [...best]
      .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
      .slice(0, 40)
      .map(([name, { top }]) => {
        const work = d.work(top);
        const tag = work.tags.find((t) => t.name === name)!;
        return {
          tag: name,
          translated_name: translateTag(tag, viewer.language),
          illust: rawIllust(work, viewer),
        };
      });
    return reply.send({ trend_tags: trend });
  });
}
