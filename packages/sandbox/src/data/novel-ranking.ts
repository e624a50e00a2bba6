/**
 * Novel rankings for every mode and day since 2007-09-13, like the illust rankings: a
 * deterministic pick of up to 100 novels posted in the months before the day (novels are fewer
 * than works, so the windows are wider) that fit the mode, ordered by bookmarks weighted towards
 * recent novels with the day's own luck.
 */
import { hash32 } from '../rng.ts';
import { WindowRankings, type WindowRule } from './ranking.ts';
import type { Novels } from './novels.ts';

export const NOVEL_RANKING_SIZE = 100;

interface NovelModeRule extends WindowRule {
  /** Only authors whose first novel is inside the window. */
  rookie?: boolean;
  /** Readers' side of the male/female rankings: a stable half of the novels. */
  audience?: 0 | 1;
}

const rule = (xRestrict: number, windowDays: number, extra: Partial<NovelModeRule> = {}) => ({
  xRestrict,
  ai: 'none' as const,
  windowDays,
  ...extra,
});

/** Novel ranking modes of the app API (pixiv-upstream.md §1.2, spec 000 §9). */
export const NOVEL_RANKING_MODES: Readonly<Record<string, NovelModeRule>> = {
  day: rule(0, 180),
  week: rule(0, 365),
  week_rookie: rule(0, 365, { rookie: true }),
  week_ai: rule(0, 365, { ai: 'only' }),
  day_male: rule(0, 180, { audience: 0 }),
  day_female: rule(0, 180, { audience: 1 }),
  day_r18: rule(1, 180),
  week_r18: rule(1, 365),
  week_ai_r18: rule(1, 365, { ai: 'only' }),
  day_male_r18: rule(1, 180, { audience: 0 }),
  day_female_r18: rule(1, 180, { audience: 1 }),
  week_r18g: rule(2, 365),
};

export class NovelRankings extends WindowRankings<NovelModeRule> {
  constructor(n: Novels, clock: () => number) {
    super(
      {
        modes: NOVEL_RANKING_MODES,
        label: 'novel-ranking',
        size: NOVEL_RANKING_SIZE,
        seed: n.data.seed,
        works: n,
        fits: (i, rule, windowStart) =>
          (rule.audience === undefined || hash32(n.data.seed, `aud:${i}`) % 2 === rule.audience) &&
          !(rule.rookie && n.created[n.novelsOf(n.owner[i]!)[0]!]! < windowStart),
      },
      clock,
    );
  }
}
