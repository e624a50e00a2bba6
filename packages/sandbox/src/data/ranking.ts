/**
 * Rankings for every mode and day since 2007-09-13: a deterministic pick of up to 500 works
 * posted in the weeks before the day (60 days for daily modes, 90 weekly, 150 monthly) that fit
 * the mode, ordered by bookmarks weighted towards recent works.
 */
import { DAY_MS, FIRST_RANKING_DAY, jstDay, jstDayEnd } from '../clock.ts';
import { AI_LABEL_START_MS, type Dataset } from './dataset.ts';
import { Rng } from '../rng.ts';

export const RANKING_SIZE = 500;
export const RANKING_PAGE = 30;

interface ModeRule {
  xRestrict: number;
  /** 'only' AI works, or 'none' of them (pixiv keeps AI works out of the regular rankings). */
  ai: 'only' | 'none';
  manga: boolean;
  /** Days of works the ranking draws on. */
  windowDays: number;
}

const rule = (
  xRestrict: number,
  ai: 'only' | 'none',
  manga: boolean,
  windowDays = 60,
): ModeRule => ({
  xRestrict,
  ai,
  manga,
  windowDays,
});

/** Illust ranking modes of the app API (pixiv-upstream.md §1.2). */
export const ILLUST_RANKING_MODES: Readonly<Record<string, ModeRule>> = {
  day: rule(0, 'none', false),
  week: rule(0, 'none', false, 90),
  month: rule(0, 'none', false, 150),
  day_male: rule(0, 'none', false),
  day_female: rule(0, 'none', false),
  week_original: rule(0, 'none', false, 90),
  week_rookie: rule(0, 'none', false, 90),
  day_manga: rule(0, 'none', true),
  week_manga: rule(0, 'none', true, 90),
  month_manga: rule(0, 'none', true, 150),
  week_rookie_manga: rule(0, 'none', true, 90),
  day_ai: rule(0, 'only', false),
  day_r18: rule(1, 'none', false),
  day_male_r18: rule(1, 'none', false),
  day_female_r18: rule(1, 'none', false),
  week_r18: rule(1, 'none', false, 90),
  week_r18g: rule(2, 'none', false, 90),
  day_r18_ai: rule(1, 'only', false),
  day_r18_manga: rule(1, 'none', true),
  week_r18_manga: rule(1, 'none', true, 90),
};

/** Before 14:00 JST yesterday's ranking is not out yet (the same rule as the web calendar). */
export function latestRankingDay(now: number): string {
  const jstHour = new Date(now + 9 * 3600 * 1000).getUTCHours();
  return jstDay(now, jstHour < 14 ? 2 : 1);
}

export class Rankings {
  private readonly cache = new Map<string, Uint32Array>();

  constructor(
    private readonly data: Dataset,
    private readonly now: number,
  ) {}

  /** Work indexes of a ranking, best first; empty for unknown modes or days outside the range. */
  indexes(mode: string, day: string): Uint32Array {
    const modeRule = ILLUST_RANKING_MODES[mode];
    if (!modeRule || day < FIRST_RANKING_DAY || day > latestRankingDay(this.now)) {
      return new Uint32Array(0);
    }
    const key = `${mode}|${day}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.compute(mode, modeRule, day);
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, hit);
    }
    return hit;
  }

  private compute(mode: string, modeRule: ModeRule, day: string): Uint32Array {
    const end = jstDayEnd(day);
    if (modeRule.ai === 'only' && end < AI_LABEL_START_MS) return new Uint32Array(0);
    const d = this.data;
    const from = d.firstIndexFrom(end - modeRule.windowDays * DAY_MS);
    const to = d.firstIndexFrom(end);
    const pool: number[] = [];
    for (let i = from; i < to; i++) {
      if (d.xRestrict[i] !== modeRule.xRestrict) continue;
      if ((d.kind[i] === 1) !== modeRule.manga) continue;
      if ((d.aiType[i] === 2) !== (modeRule.ai === 'only')) continue;
      pool.push(i);
    }
    const rng = Rng.of(d.seed, `ranking:${mode}:${day}`);
    const picked = rng.sample(pool, RANKING_SIZE);
    // Popular and recent works rank high, with the day's own luck, so that neighbouring days
    // share works but never their order.
    const halfLife = (modeRule.windowDays * DAY_MS) / 4;
    const score = new Map<number, number>();
    for (const i of picked) {
      const age = end - d.created[i]!;
      score.set(i, (d.bookmarks[i]! + 50) * Math.pow(0.5, age / halfLife) * (0.25 + rng.next()));
    }
    picked.sort((a, b) => score.get(b)! - score.get(a)! || a - b);
    return Uint32Array.from(picked);
  }
}
