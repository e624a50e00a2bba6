import type { ContentSettings } from '@pv/core';
import { NOVEL_RANK_MODES, type NovelRankMode } from '../../state/queries/novels.ts';

export function isNovelRankMode(mode: string | undefined): mode is NovelRankMode {
  return (NOVEL_RANK_MODES as readonly (string | undefined)[]).includes(mode);
}

/**
 * The illustration ranking's type names (`/rank/daily`, core's RANK_TYPES) for the novel modes,
 * so that `/rank_novel/daily` works as `/rank/daily` does; the AI weeklies follow their naming
 * (`daily_r18_ai`).
 */
const NOVEL_TYPE_NAMES: Readonly<Record<string, NovelRankMode>> = {
  daily: 'day',
  weekly: 'week',
  rookie: 'week_rookie',
  weekly_ai: 'week_ai',
  male: 'day_male',
  female: 'day_female',
  daily_r18: 'day_r18',
  weekly_r18: 'week_r18',
  weekly_r18_ai: 'week_ai_r18',
  male_r18: 'day_male_r18',
  female_r18: 'day_female_r18',
};

/** The novel mode a route type names: a mode itself, or a ranking type name; else undefined. */
export function novelRankModeOf(type: string | undefined): NovelRankMode | undefined {
  if (isNovelRankMode(type)) return type;
  return type !== undefined && Object.hasOwn(NOVEL_TYPE_NAMES, type)
    ? NOVEL_TYPE_NAMES[type]
    : undefined;
}

/** Whether a novel ranking mode is an adult one (its nav item needs R-18 on). */
export const isAdultNovelMode = (mode: NovelRankMode) => mode.includes('r18');
/** Whether a novel ranking mode lists AI-generated novels (its nav item needs AI on). */
export const isAiNovelMode = (mode: NovelRankMode) => /(^|_)ai(_|$)/.test(mode);

/**
 * Whether a novel ranking mode is offered (spec 000 §2 Ranking): R-18 modes only with R-18 on,
 * AI modes only with AI on, and week_ai_r18 only with both.
 */
export function isNovelRankModeVisible(
  mode: NovelRankMode,
  content: Pick<ContentSettings, 'r18' | 'ai'>,
): boolean {
  return (!isAdultNovelMode(mode) || content.r18) && (!isAiNovelMode(mode) || content.ai);
}

/** The modes of the nav, in the spec's order, that the content settings allow. */
export function visibleNovelRankModes(content: Pick<ContentSettings, 'r18' | 'ai'>) {
  return NOVEL_RANK_MODES.filter((m) => isNovelRankModeVisible(m, content));
}
