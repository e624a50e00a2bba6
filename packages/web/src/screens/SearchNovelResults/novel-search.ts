import { parseSearchFilters, planSearch, type ContentSettings, type KeywordChecks } from '@pv/core';
import {
  NOVEL_SEARCH_MODES,
  type NovelSearch,
  type NovelSearchMode,
} from '../../state/queries/novels.ts';

export type NovelSearchPlan =
  | { kind: 'empty' }
  | { kind: 'artwork'; id: number }
  | { kind: 'refused' }
  | { kind: 'search'; search: NovelSearch; dropAdult: boolean; minFav?: number };

/**
 * What `/search_novel/{keyword}?{filters}` searches for this user: core's keyword rules (R-18
 * exclusions appended, R-18 queries refused, search_ai_type=1 with AI off) and the filters of
 * the URL, with the novel search targets in place of the illust ones. A keyword holding a
 * sensitive word or a blocked word is refused.
 */
export function planNovelSearch(
  keyword: string,
  params: URLSearchParams,
  content: ContentSettings,
  checks: KeywordChecks = {},
): NovelSearchPlan {
  const plan = planSearch(keyword, content, checks);
  if (plan.kind !== 'search') return plan;
  const f = parseSearchFilters(params);
  const mode = params.get('mode');
  return {
    kind: 'search',
    dropAdult: plan.dropAdult,
    minFav: f.minFav,
    search: {
      word: plan.word,
      hideAi: plan.hideAi,
      mode: (NOVEL_SEARCH_MODES as readonly (string | null)[]).includes(mode)
        ? (mode as NovelSearchMode)
        : 'partial_match_for_tags',
      sort: f.order,
      duration: f.duration,
      start_date: f.start_date,
      end_date: f.end_date,
    },
  };
}
