/**
 * The ranking screen's route types (`/rank/{type}`, spec 000 §5 Ranking) and the app-API mode
 * each one asks for. `r18`, `r18g` and `ai` mark the types whose nav items are hidden while
 * the matching content setting is off.
 */
export interface RankType {
  /** Route segment: `/rank/daily`. */
  type: string;
  /** App-API ranking mode. */
  mode: string;
  category: 'overall' | 'manga';
  r18?: boolean;
  r18g?: boolean;
  ai?: boolean;
}

export const RANK_TYPES: readonly RankType[] = [
  { type: 'daily', mode: 'day', category: 'overall' },
  { type: 'weekly', mode: 'week', category: 'overall' },
  { type: 'monthly', mode: 'month', category: 'overall' },
  { type: 'rookie', mode: 'week_rookie', category: 'overall' },
  { type: 'original', mode: 'week_original', category: 'overall' },
  { type: 'daily_ai', mode: 'day_ai', category: 'overall', ai: true },
  { type: 'male', mode: 'day_male', category: 'overall' },
  { type: 'female', mode: 'day_female', category: 'overall' },
  { type: 'daily_r18', mode: 'day_r18', category: 'overall', r18: true },
  { type: 'weekly_r18', mode: 'week_r18', category: 'overall', r18: true },
  { type: 'daily_r18_ai', mode: 'day_r18_ai', category: 'overall', r18: true, ai: true },
  { type: 'male_r18', mode: 'day_male_r18', category: 'overall', r18: true },
  { type: 'female_r18', mode: 'day_female_r18', category: 'overall', r18: true },
  { type: 'r18g', mode: 'week_r18g', category: 'overall', r18g: true },
  { type: 'daily_manga', mode: 'day_manga', category: 'manga' },
  { type: 'weekly_manga', mode: 'week_manga', category: 'manga' },
  { type: 'monthly_manga', mode: 'month_manga', category: 'manga' },
  { type: 'rookie_manga', mode: 'week_rookie_manga', category: 'manga' },
  { type: 'daily_r18_manga', mode: 'day_r18_manga', category: 'manga', r18: true },
  { type: 'weekly_r18_manga', mode: 'week_r18_manga', category: 'manga', r18: true },
];

export function rankTypeOf(type: string | undefined): RankType | undefined {
  return RANK_TYPES.find((t) => t.type === type);
}

/** Whether a rank type may be shown under the content settings {r18, r18g, ai}. */
export function isRankTypeVisible(
  t: RankType,
  settings: { r18: boolean; r18g: boolean; ai: boolean },
): boolean {
  return (!t.r18 || settings.r18) && (!t.r18g || settings.r18g) && (!t.ai || settings.ai);
}

/** Novel ranking modes (spec 000 §9), as `/api/pixiv/rank_novel` takes them. */
export const NOVEL_RANK_MODES = [
  'day',
  'week',
  'week_rookie',
  'week_ai',
  'day_male',
  'day_female',
  'day_r18',
  'week_r18',
  'week_ai_r18',
  'day_male_r18',
  'day_female_r18',
] as const;
export type NovelRankMode = (typeof NOVEL_RANK_MODES)[number];
