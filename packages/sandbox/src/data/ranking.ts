/**
 * Rankings for every mode and day since 2007-09-13: a deterministic pick of up to 500 works
 * posted in the weeks before the day (60 days for daily modes, 90 weekly, 150 monthly) that fit
 * the mode, ordered by bookmarks weighted towards recent works. The manga modes hold manga only;
 * every other mode mixes the types as pixiv's do, manga among the illustrations.
 */
import { DAY_MS, FIRST_RANKING_DAY, jstDay, jstDayEnd } from '../clock.ts';
import { AI_LABEL_START_MS, type Dataset } from './dataset.ts';
import { Rng } from '../rng.ts';

export const RANKING_SIZE = 500;
export const RANKING_PAGE = 30;

interface ModeRule extends WindowRule {
  /** Manga only (the `*_manga` modes); otherwise every type, manga mixed in. */
  manga: boolean;
}

/**
 * Manga's share of the top of a ranking that mixes types: pixiv's daily ranking (mode `day`,
 * captured) held 10 manga among its 30 works, the other 20 illustrations. Manga are fewer than
 * illustrations among all works, so the ranking draws them ahead of their share of the pool.
 */
export const MIXED_MANGA_SHARE = 1 / 3;

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

/** What every ranking mode says: the rating, AI works only or none, and the window. */
export interface WindowRule {
  xRestrict: number;
  /** 'only' AI works, or 'none' of them (pixiv keeps AI works out of the regular rankings). */
  ai: 'only' | 'none';
  /** Days of works the ranking draws on. */
  windowDays: number;
}

/** One kind of work (illusts, novels) as a ranking reads it: indexes grow with creation time. */
export interface RankedKind<R extends WindowRule> {
  modes: Readonly<Record<string, R>>;
  /** The Rng label of a day's pick: `<label>:<mode>:<day>`. */
  label: string;
  size: number;
  seed: number;
  /** The kind's columns by index (the dataset or the novels). */
  works: {
    created: ArrayLike<number>;
    bookmarks: ArrayLike<number>;
    xRestrict: ArrayLike<number>;
    aiType: ArrayLike<number>;
    firstIndexFrom(ms: number): number;
  };
  /** The kind's own rules beyond rating and AI (manga, rookie, audience). */
  fits(index: number, rule: R, windowStart: number): boolean;
  /**
   * For a mode that mixes types, the type that takes `MIXED_MANGA_SHARE` of each stretch of the
   * ranking (manga among illustrations); undefined when the mode holds one type.
   */
  mixed?(rule: R): ((index: number) => boolean) | undefined;
}

/**
 * `ordered` (best first) with the works of one type spread through it: each next place goes to
 * that type's best remaining work with probability `share`, else to the others' best, so every
 * stretch of the ranking holds about that share while each type keeps its own order.
 */
function interleave(
  ordered: readonly number[],
  isMinority: (index: number) => boolean,
  share: number,
  rng: Rng,
): number[] {
  const minority = ordered.filter(isMinority);
  const rest = ordered.filter((i) => !isMinority(i));
  const out: number[] = [];
  let m = 0;
  let r = 0;
  while (m < minority.length || r < rest.length) {
    const takeMinority = r >= rest.length || (m < minority.length && rng.next() < share);
    out.push(takeMinority ? minority[m++]! : rest[r++]!);
  }
  return out;
}

/**
 * Rankings for every mode and day since 2007-09-13: a deterministic pick of up to `size` works
 * posted in the mode's window before the day that fit the mode, ordered by bookmarks weighted
 * towards recent works with the day's own luck. Computed days are kept (up to 500).
 */
export class WindowRankings<R extends WindowRule> {
  private readonly cache = new Map<string, Uint32Array>();

  /** `clock` is the sandbox's running clock: a ranking comes out at 14:00 JST while it runs. */
  constructor(
    private readonly kind: RankedKind<R>,
    private readonly clock: () => number,
  ) {}

  /** Indexes of a ranking, best first; empty for unknown modes or days outside the range. */
  indexes(mode: string, day: string): Uint32Array {
    const modeRule = this.kind.modes[mode];
    if (!modeRule || day < FIRST_RANKING_DAY || day > latestRankingDay(this.clock())) {
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

  private compute(mode: string, modeRule: R, day: string): Uint32Array {
    const end = jstDayEnd(day);
    if (modeRule.ai === 'only' && end < AI_LABEL_START_MS) return new Uint32Array(0);
    const k = this.kind;
    const w = k.works;
    const windowStart = end - modeRule.windowDays * DAY_MS;
    const from = w.firstIndexFrom(windowStart);
    const to = w.firstIndexFrom(end);
    const pool: number[] = [];
    for (let i = from; i < to; i++) {
      if (w.xRestrict[i] !== modeRule.xRestrict) continue;
      if ((w.aiType[i] === 2) !== (modeRule.ai === 'only')) continue;
      if (!k.fits(i, modeRule, windowStart)) continue;
      pool.push(i);
    }
    const rng = Rng.of(k.seed, `${k.label}:${mode}:${day}`);
    const picked = rng.sample(pool, k.size);
    // Popular and recent works rank high, with the day's own luck, so that neighbouring days
    // share works but never their order.
    const halfLife = (modeRule.windowDays * DAY_MS) / 4;
    const score = new Map<number, number>();
    for (const i of picked) {
      const age = end - w.created[i]!;
      score.set(i, (w.bookmarks[i]! + 50) * Math.pow(0.5, age / halfLife) * (0.25 + rng.next()));
    }
    picked.sort((a, b) => score.get(b)! - score.get(a)! || a - b);
    const minority = k.mixed?.(modeRule);
    return Uint32Array.from(
      minority ? interleave(picked, minority, MIXED_MANGA_SHARE, rng) : picked,
    );
  }
}

/** Illust rankings: up to 500 works; manga modes of manga only, the others mixed. */
export class Rankings extends WindowRankings<ModeRule> {
  constructor(data: Dataset, clock: () => number) {
    super(
      {
        modes: ILLUST_RANKING_MODES,
        label: 'ranking',
        size: RANKING_SIZE,
        seed: data.seed,
        works: data,
        fits: (i, rule) => !rule.manga || data.kind[i] === 1,
        mixed: (rule) => (rule.manga ? undefined : (i) => data.kind[i] === 1),
      },
      clock,
    );
  }
}
