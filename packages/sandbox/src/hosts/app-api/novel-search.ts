/**
 * Novel search as `/v1/search/illust` does it for works (search.ts): the same sorts, durations,
 * date windows, AI and bookmark filters, exclusions and 5000 offset ceiling, with the novel
 * targets `partial_match_for_tags`, `exact_match_for_tags`, `text` (title, caption and body)
 * and `keyword` (tags, title and caption); popular preview; trending novel tags.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rawIllust, translateTag } from '../../data/app-json.ts';
import { rawNovel } from '../../data/novel-json.ts';
import { novelText } from '../../data/novel-text.ts';
import { NOVEL_TAGS } from '../../data/novel-words.ts';
import { TAG_AI, TAG_R18, TAG_R18G, type TagWord } from '../../data/words.ts';
import type { SandboxState } from '../../state.ts';
import { viewerOf, type Query } from './common.ts';
import { novelAllowed, novelPage, novelViewer } from './novel-common.ts';
import { DAY_MS, registerSearchRoutes, searchKind, type SearchKind } from './search-core.ts';

export const NOVEL_SEARCH_TARGETS = [
  'partial_match_for_tags',
  'exact_match_for_tags',
  'text',
  'keyword',
];
const NOVEL_TAG_WORDS: readonly TagWord[] = [...NOVEL_TAGS, TAG_R18, TAG_R18G, TAG_AI];

/**
 * Searchable text: titles and captions are kept lower-cased after the first search; bodies
 * (15 million characters over the set) are generated again for each new term instead, and only
 * the matches of recent terms are kept.
 */
interface SearchCache {
  heads: string[];
  bodyHits: Map<string, number[]>;
}
const caches = new WeakMap<SandboxState, SearchCache>();
const BODY_TERMS_KEPT = 64;

function searchCache(state: SandboxState): SearchCache {
  let cache = caches.get(state);
  if (!cache) {
    const heads = Array.from({ length: state.novels.count }, (_, i) => {
      const novel = state.novels.at(i);
      return `${novel.title}\n${novel.caption}`.toLowerCase();
    });
    caches.set(state, (cache = { heads, bodyHits: new Map() }));
  }
  return cache;
}

/** Novels whose body holds the (lower-cased) term. */
function bodyHits(state: SandboxState, w: string): number[] {
  const cache = searchCache(state);
  let hits = cache.bodyHits.get(w);
  if (!hits) {
    hits = [];
    for (let i = 0; i < state.novels.count; i++)
      if (novelText(state.novels, state.novels.at(i)).text.toLowerCase().includes(w)) hits.push(i);
    if (cache.bodyHits.size >= BODY_TERMS_KEPT) cache.bodyHits.clear();
    cache.bodyHits.set(w, hits);
  }
  return hits;
}

function matches(
  state: SandboxState,
  term: string,
  target: string,
  translated: boolean,
): Set<number> {
  const out = new Set<number>();
  const w = term.toLowerCase();
  if (target !== 'text') {
    const exact = target === 'exact_match_for_tags';
    const names = (t: TagWord) =>
      translated ? [t.name, t.en, t.zh, t.zh_tw, t.ko].filter((n): n is string => !!n) : [t.name];
    const tags = new Set(
      NOVEL_TAG_WORDS.filter((t) =>
        names(t).some((n) => (exact ? n.toLowerCase() === w : n.toLowerCase().includes(w))),
      ).map((t) => t.name),
    );
    for (let i = 0; i < state.novels.count; i++)
      if (state.novels.at(i).tags.some((t) => tags.has(t.name))) out.add(i);
  }
  if (target === 'text' || target === 'keyword') {
    const heads = searchCache(state).heads;
    for (let i = 0; i < heads.length; i++) if (heads[i]!.includes(w)) out.add(i);
  }
  if (target === 'text') {
    for (const i of bodyHits(state, w)) out.add(i);
  }
  return out;
}

function novelKind(state: SandboxState): SearchKind {
  const n = state.novels;
  return {
    targets: NOVEL_SEARCH_TARGETS,
    matches: (term, target, translated) => matches(state, term, target, translated),
    now: n.data.now,
    columns: n,
    allowedFor: (req) => novelAllowed(state, req),
  };
}

/** Novel indexes in answer order, or an error message. */
export function searchNovelIndexes(
  state: SandboxState,
  req: FastifyRequest,
  query: Query,
): number[] | string {
  return searchKind(novelKind(state), req, query);
}

export function registerNovelSearch(app: FastifyInstance, state: SandboxState): void {
  registerSearchRoutes(app, {
    kind: 'novel',
    works: novelKind(state),
    page: (req, path, indexes, offset) => novelPage(state, req, path, indexes, offset),
    raw: (req) => {
      const viewer = novelViewer(req);
      return (i) => rawNovel(state.novels.at(i), viewer);
    },
  });

  // The tags of novels of the last 90 days, most used first. Like the 2020 capture, each trend
  // carries an `illust` (the best recent all-ages work with that tag, or the best recent work).
  app.get('/v1/trending-tags/novel', async (req, reply) => {
    const viewer = viewerOf(req);
    const n = state.novels;
    const d = state.data;
    const counts = new Map<string, { count: number; tag: TagWord }>();
    for (let i = n.firstIndexFrom(n.data.now - 90 * DAY_MS); i < n.count; i++) {
      if (n.xRestrict[i] !== 0 || n.aiType[i] === 2) continue;
      for (const tag of n.at(i).tags) {
        const entry = counts.get(tag.name) ?? { count: 0, tag };
        entry.count++;
        counts.set(tag.name, entry);
      }
    }
    const recent = d.firstIndexFrom(d.now - 30 * DAY_MS);
    const best = (pool: ArrayLike<number>) => {
      let top = -1;
      for (let k = 0; k < pool.length; k++) {
        const i = pool[k]!;
        if (
          d.xRestrict[i] === 0 &&
          d.aiType[i] !== 2 &&
          (top < 0 || d.bookmarks[i]! > d.bookmarks[top]!)
        )
          top = i;
      }
      return top;
    };
    const fallback = best(Array.from({ length: d.illustCount - recent }, (_, k) => recent + k));
    const trend = [...counts.values()]
      .sort((a, b) => b.count - a.count || a.tag.name.localeCompare(b.tag.name))
      .slice(0, 40)
      .map(({ tag }) => {
        const own = best(state.indexes.withTag(tag.name));
        return {
          tag: tag.name,
          translated_name: translateTag(tag, viewer.language),
          illust: rawIllust(d.work(own >= 0 ? own : fallback), viewer),
        };
      });
    return reply.send({ trend_tags: trend });
  });
}
