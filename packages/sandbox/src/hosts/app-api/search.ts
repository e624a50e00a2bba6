/**
 * Search: illust search with pixiv's targets (the sorts, durations, date windows, AI and
 * bookmark filters and the 5000 offset ceiling are search-core.ts's); popular preview;
 * autocomplete v1 and v2; trending tags.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rawIllust, translateTag } from '../../data/app-json.ts';
import type { SandboxState } from '../../state.ts';
import { allowedFor, offsetPage, viewerOf, type Query } from './common.ts';
import { DAY_MS, registerSearchRoutes, searchKind, type SearchKind } from './search-core.ts';

const TARGETS = ['partial_match_for_tags', 'exact_match_for_tags', 'title_and_caption', 'keyword'];

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

function illustKind(state: SandboxState): SearchKind {
  const d = state.data;
  return {
    targets: TARGETS,
    matches: (term, target, translated) => matches(state, term, target, translated),
    now: d.now,
    columns: d,
    allowedFor: (req) => allowedFor(state, req),
  };
}

/** The search result as work indexes in answer order, or an error message. */
export function searchIndexes(
  state: SandboxState,
  req: FastifyRequest,
  query: Query,
): number[] | string {
  return searchKind(illustKind(state), req, query);
}

export function registerSearch(app: FastifyInstance, state: SandboxState): void {
  registerSearchRoutes(app, {
    kind: 'illust',
    works: illustKind(state),
    page: (req, path, indexes, offset) => offsetPage(state, req, path, indexes, offset),
    raw: (req) => {
      const viewer = viewerOf(req);
      return (i) => rawIllust(state.data.work(i), viewer);
    },
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
