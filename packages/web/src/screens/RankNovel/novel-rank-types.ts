import type { ContentSettings } from '@pv/core';
import { NOVEL_RANK_MODES, type NovelRankMode } from '../../state/queries/novels.ts';

export function isNovelRankMode(mode: string | undefined): mode is NovelRankMode {
  return (NOVEL_RANK_MODES as readonly (string | undefined)[]).includes(mode);
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
