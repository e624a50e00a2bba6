/** The first day pixiv has a ranking for. */
export const RANKING_FIRST_DATE = '2007-09-13';

/** pixiv publishes rankings by the day in Japan; every ranking date is a JST calendar day. */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The hour (JST) from which yesterday's ranking is considered published. */
export const RANKING_PUBLISH_HOUR = 14;

export interface RankingDateWindow {
  /** First selectable day, 'YYYY-MM-DD'. */
  min: string;
  /** Last selectable day: yesterday, or two days ago before 14:00 (JST). */
  max: string;
  /** The day shown when none is chosen: two days ago. */
  defaultDate: string;
}

/** 'YYYY-MM-DD' of the JST calendar day `daysBack` days before the JST day of `now`. */
export function jstDay(now: Date, daysBack = 0): string {
  return new Date(now.getTime() + JST_OFFSET_MS - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The ranking calendar's bounds (spec 000 §5 Ranking): from 2007-09-13 to yesterday, or to two
 * days ago while it is before 14:00; the default date is two days ago. Times are JST, pixiv's.
 */
export function rankingDateWindow(now: Date): RankingDateWindow {
  const jstHour = new Date(now.getTime() + JST_OFFSET_MS).getUTCHours();
  return {
    min: RANKING_FIRST_DATE,
    max: jstDay(now, jstHour < RANKING_PUBLISH_HOUR ? 2 : 1),
    defaultDate: jstDay(now, 2),
  };
}

/**
 * Whether `date` is a real calendar day written 'YYYY-MM-DD' (not `2026-02-30`, nothing after it)
 * inside the window.
 */
export function isRankingDateAllowed(date: string, window: RankingDateWindow): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const day = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  if (day.toISOString().slice(0, 10) !== date) return false;
  return date >= window.min && date <= window.max;
}
