/**
 * The first-card benchmark's figures: each run's, their medians, the ratios to the limit and the
 * goals of issue 33.
 */
import type { Harvest, PageFigures } from './firstcard-page.ts';

/**
 * Goals (issue 33): ratios to the limit page, CLS, and the take-over against "today's first
 * contentful paint": the moment the app rendering its first screen itself (SSR=0, the `today`
 * contender) takes the page over, which is when that page first showed content when the issue
 * was filed.
 */
export const GOALS = {
  fcp_over_limit: 1.2,
  first_card_over_limit: 1.3,
  cards_over_limit: 1.3,
  cls_below: 0.02,
  interactive_over_today: 1.5,
} as const;

/** `cards`: a grid or rows of cards; `artwork`: its picture, then cards; `novel`: its text. */
export type Kind = 'cards' | 'artwork' | 'novel';

/** What a run in the page returns, and whether all it waited for came in time. */
export type RawRun = PageFigures & { complete: boolean };

/** One run's figures, in ms from the navigation's start (null: did not happen). */
export interface FirstCardRun {
  /** The page's HTML wholly arrived. */
  html_arrived_ms: number | null;
  first_contentful_paint_ms: number | null;
  /** The first card picture loaded; an artwork's own picture; a novel's first line painted. */
  first_card_loaded_ms: number | null;
  /** The last of the limit's pictures (`cards`) loaded; null on a novel. */
  cards_loaded_ms: number | null;
  largest_contentful_paint_ms: number | null;
  cls: number;
  /** `<html data-hydrated>` set: the app has taken the page over (null on the limit page). */
  hydrated_ms: number | null;
  bytes_before_first_paint: number;
  data_request_started_ms: number | null;
  data_arrived_ms: number | null;
  entry_script_arrived_ms: number | null;
  data_request_before_main_script: boolean;
  /** How many of the limit's pictures were among those this run loaded (null on a novel). */
  pictures_matched: number | null;
  complete: boolean;
}

export interface Contender {
  path: string;
  median: FirstCardRun;
  runs: FirstCardRun[];
}

export interface ViewportResult {
  /** The pictures the limit lists (those the app loaded without a scroll, at most 30). */
  cards: number | null;
  /** The novel's lines the limit page holds (null on other pages). */
  novel_lines: number | null;
  ours: Contender;
  limit: Contender;
  /** The same app with server rendering off (SSR=0): the app renders its first screen itself. */
  today: Contender;
  ratio_to_limit: {
    first_contentful_paint: number | null;
    first_card: number | null;
    cards: number | null;
    largest_contentful_paint: number | null;
  };
  /** Our take-over time over today's (SSR=0), medians of the same run: the goal. */
  interactive_over_today: number | null;
  /** Our take-over time over our own first contentful paint (information). */
  interactive_over_own_fcp: number | null;
  fcp_ok: boolean;
  first_card_ok: boolean;
  /** null on a novel (no cards). */
  cards_ok: boolean | null;
  cls_ok: boolean;
  interactive_ok: boolean;
}

export interface PageResult {
  path: string;
  mobile: ViewportResult;
  desktop: ViewportResult;
}

/** The median of the known values (the mean of the middle two of an even count); null: none. */
export function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

const ms = (n: number | null) => (n === null ? null : Math.round(n));
const ratio = (a: number | null, b: number | null) =>
  a === null || b === null || b === 0 ? null : Math.round((a / b) * 100) / 100;

function toRun(raw: RawRun, kind: Kind, listed: string[]): FirstCardRun {
  const { loads, ...figures } = raw;
  const srcs = new Set(loads.map((l) => l.src));
  return {
    ...figures,
    cards_loaded_ms: kind === 'novel' ? null : (loads[listed.length - 1]?.at ?? null),
    pictures_matched: kind === 'novel' ? null : listed.filter((src) => srcs.has(src)).length,
  };
}

function contender(path: string, runs: FirstCardRun[]): Contender {
  const of = (key: keyof FirstCardRun) => median(runs.map((r) => r[key] as number | null));
  const matched = runs.map((r) => r.pictures_matched).filter((n) => n !== null);
  return {
    path,
    median: {
      html_arrived_ms: ms(of('html_arrived_ms')),
      first_contentful_paint_ms: ms(of('first_contentful_paint_ms')),
      first_card_loaded_ms: ms(of('first_card_loaded_ms')),
      cards_loaded_ms: ms(of('cards_loaded_ms')),
      largest_contentful_paint_ms: ms(of('largest_contentful_paint_ms')),
      cls: Math.round((of('cls') ?? 0) * 10_000) / 10_000,
      hydrated_ms: ms(of('hydrated_ms')),
      bytes_before_first_paint: ms(of('bytes_before_first_paint')) ?? 0,
      data_request_started_ms: ms(of('data_request_started_ms')),
      data_arrived_ms: ms(of('data_arrived_ms')),
      entry_script_arrived_ms: ms(of('entry_script_arrived_ms')),
      data_request_before_main_script: runs.every((r) => r.data_request_before_main_script),
      // the worst run's
      pictures_matched: matched.length > 0 ? Math.min(...matched) : null,
      complete: runs.every((r) => r.complete),
    },
    runs,
  };
}

const within = (r: number | null, goal: number) => r !== null && r <= goal;

/** The medians, ratios and goals of one page at one viewport, and the goals it missed. */
export function summarise(o: {
  path: string;
  limitPath: string;
  kind: Kind;
  shown: Harvest;
  runs: { ours: RawRun[]; limit: RawRun[]; today: RawRun[] };
}): { result: ViewportResult; missed: string[] } {
  const listed = o.shown.pictures.map((p) => p.src);
  const ours = contender(
    o.path,
    o.runs.ours.map((r) => toRun(r, o.kind, listed)),
  );
  const limit = contender(
    o.limitPath,
    o.runs.limit.map((r) => toRun(r, o.kind, listed)),
  );
  const today = contender(
    o.path,
    o.runs.today.map((r) => toRun(r, o.kind, listed)),
  );
  const a = ours.median;
  const b = limit.median;
  const ratio_to_limit = {
    first_contentful_paint: ratio(a.first_contentful_paint_ms, b.first_contentful_paint_ms),
    first_card: ratio(a.first_card_loaded_ms, b.first_card_loaded_ms),
    cards: o.kind === 'novel' ? null : ratio(a.cards_loaded_ms, b.cards_loaded_ms),
    largest_contentful_paint: ratio(a.largest_contentful_paint_ms, b.largest_contentful_paint_ms),
  };
  const interactive = ratio(a.hydrated_ms, today.median.hydrated_ms);
  const result: ViewportResult = {
    cards: o.kind === 'novel' ? null : listed.length,
    novel_lines: o.kind === 'novel' ? o.shown.lines.length : null,
    ours,
    limit,
    today,
    ratio_to_limit,
    interactive_over_today: interactive,
    interactive_over_own_fcp: ratio(a.hydrated_ms, a.first_contentful_paint_ms),
    fcp_ok: within(ratio_to_limit.first_contentful_paint, GOALS.fcp_over_limit),
    first_card_ok: within(ratio_to_limit.first_card, GOALS.first_card_over_limit),
    cards_ok: o.kind === 'novel' ? null : within(ratio_to_limit.cards, GOALS.cards_over_limit),
    cls_ok: a.cls < GOALS.cls_below,
    interactive_ok: within(interactive, GOALS.interactive_over_today),
  };
  const limitOf = "the limit's";
  const checks = [
    [
      result.fcp_ok,
      'first contentful paint',
      a.first_contentful_paint_ms,
      limitOf,
      b.first_contentful_paint_ms,
      ratio_to_limit.first_contentful_paint,
      GOALS.fcp_over_limit,
    ],
    [
      result.first_card_ok,
      o.kind === 'novel' ? 'first line painted' : 'first card',
      a.first_card_loaded_ms,
      limitOf,
      b.first_card_loaded_ms,
      ratio_to_limit.first_card,
      GOALS.first_card_over_limit,
    ],
    [
      result.cards_ok,
      `${listed.length} cards`,
      a.cards_loaded_ms,
      limitOf,
      b.cards_loaded_ms,
      ratio_to_limit.cards,
      GOALS.cards_over_limit,
    ],
    [
      result.interactive_ok,
      'taken over (data-hydrated)',
      a.hydrated_ms,
      "today's (SSR=0) take-over",
      today.median.hydrated_ms,
      interactive,
      GOALS.interactive_over_today,
    ],
  ] as const;
  const missed = checks
    .filter(([ok]) => ok === false)
    .map(
      ([, what, ours, of, base, r, goal]) =>
        `${what} ${ours} ms, ${r}× ${of} ${base} ms (goal ≤ ${goal}×)`,
    );
  if (!result.cls_ok) missed.push(`CLS ${a.cls} (goal < ${GOALS.cls_below})`);
  return { result, missed };
}

/** One row a page and viewport: our medians, the limit's, and the ratios (for the console). */
export function firstcardTable(pages: Partial<Record<string, PageResult>>) {
  return Object.fromEntries(
    Object.entries(pages)
      .filter((entry): entry is [string, PageResult] => entry[1] !== undefined)
      .flatMap(([name, page]) =>
        (['mobile', 'desktop'] as const).map((viewport) => {
          const {
            ours,
            limit,
            today,
            ratio_to_limit: r,
            cards,
            interactive_over_today,
          } = page[viewport];
          const pair = (a: number | null, b: number | null, x: number | null) =>
            `${a} / ${b} (${x}×)`;
          return [
            `${name} ${viewport}`,
            {
              fcp: pair(
                ours.median.first_contentful_paint_ms,
                limit.median.first_contentful_paint_ms,
                r.first_contentful_paint,
              ),
              first_card: pair(
                ours.median.first_card_loaded_ms,
                limit.median.first_card_loaded_ms,
                r.first_card,
              ),
              cards:
                cards === null
                  ? '-'
                  : `${cards}: ${pair(ours.median.cards_loaded_ms, limit.median.cards_loaded_ms, r.cards)}`,
              lcp: pair(
                ours.median.largest_contentful_paint_ms,
                limit.median.largest_contentful_paint_ms,
                r.largest_contentful_paint,
              ),
              cls: ours.median.cls,
              hydrated: `${ours.median.hydrated_ms} / today ${today.median.hydrated_ms} (${interactive_over_today}×)`,
            },
          ];
        }),
      ),
  );
}
