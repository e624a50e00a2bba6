/**
 * Numbers and dates in the UI language, through Intl: one helper for every count and date the
 * screens show. Formatters are cached per language and style.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isTimeZone } from '@pv/core';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * Texts the server's render formatted, by what each formatted (the language, the kind, the
 * options, the value): the server records every number and date its render writes (a `Map` given
 * as the table: its `set` records), hands them to the app in the page's data block
 * (`carriedFormats`), and the app takes its texts from them where it formats the same, before Intl
 * (issue 33). A page's first `Intl.NumberFormat` or `Intl.DateTimeFormat` costs 50–90 ms at 4×
 * CPU (ICU's number and calendar data; the next ones well under a millisecond to 17 ms): with
 * these, the take-over of a server-rendered page makes none, and the same value writes the same
 * text from markup to app.
 */
export interface FormatTable {
  get(key: string): string | undefined;
  /** The server's: records what it formats (the app's is read-only). */
  set?(key: string, text: string): void;
}

/** The table the formatters read (null: Intl for everything: a page the app rendered itself). */
export const FormatTableContext = createContext<FormatTable | null>(null);

/**
 * The app's table from the page's data block (read back from the page: anything but a string
 * is left out), or null when the block carried none.
 */
export function carriedFormats(carried: unknown): FormatTable | null {
  if (typeof carried !== 'object' || carried === null) return null;
  const texts = new Map<string, string>();
  for (const [key, text] of Object.entries(carried))
    if (typeof text === 'string') texts.set(key, text);
  return texts.size > 0 ? { get: (key) => texts.get(key) } : null;
}

/** The text `table` holds for `key`, or `make()`'s (recorded by a recording table). */
function tabled(table: FormatTable | null | undefined, key: string, make: () => string): string {
  if (!table) return make();
  let text = table.get(key);
  if (text === undefined) {
    text = make();
    table.set?.(key, text);
  }
  return text;
}

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** 12345 -> '12,345' (en), '12.345' (de), '12 345' (fr). */
export function formatNumber(n: number, language: string, table?: FormatTable | null): string {
  return tabled(table, `n|${language}|${n}`, () =>
    cached(`n|${language}`, () => new Intl.NumberFormat(language)).format(n),
  );
}

/** 12345 -> '12K' (en), '1.2万' (ja): for tight places such as cards. */
export function formatCompact(n: number, language: string, table?: FormatTable | null): string {
  return tabled(table, `c|${language}|${n}`, () =>
    cached(
      `c|${language}`,
      () => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }),
    ).format(n),
  );
}

export type DateStyle = 'date' | 'datetime';

/** What differs between tests, the server and the browser: the zone and the present. */
export interface DateContext {
  /** An IANA zone; by default the viewer's own (the browser's). */
  timeZone?: string;
  /** The present, ms since the epoch; by default `Date.now()`. */
  now?: number;
  /** Names the zone after a date and time ('10:07 AM GMT+9'). */
  showZone?: boolean;
  /** Never relative: a recent time reads as its date. */
  absolute?: boolean;
}

/**
 * Dates in the server's markup and in the app's hydration render over it (issue 33). The server
 * knows neither the viewer's zone nor their clock, so a date is in pixiv's own zone (JST), the
 * zone named after a time, and never relative; the render after hydration shows the viewer's.
 */
export const SERVER_DATES: DateContext = { timeZone: 'Asia/Tokyo', showZone: true, absolute: true };

/**
 * The dates of a page the server rendered in `timeZone`, the browser's as the first-paint cookie
 * carried it (core rules/first-paint.ts): written as the app writes them in that zone, absolute,
 * so that the render after hydration changes nothing but recent times. Without one (a first
 * visit, an older cookie, a name this browser's Intl does not know): SERVER_DATES.
 */
export function serverDates(timeZone: string | undefined): DateContext {
  return timeZone !== undefined && isTimeZone(timeZone)
    ? { timeZone, absolute: true }
    : SERVER_DATES;
}

/** The dates of the server's render and of the app's hydration over it (serverDates). */
export const ServerDatesContext = createContext<DateContext>(SERVER_DATES);

/** 'medium' date and 'short' time with the zone named: 'Dec 2, 2026, 8:45 PM GMT+9'. */
const ZONED_DATETIME: Intl.DateTimeFormatOptions = {
  dateStyle: undefined,
  timeStyle: undefined,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** The viewer's zone as read in this task (viewerZone). */
let zoneThisTask: string | undefined;

/**
 * The viewer's zone: in the formatters' cache key, so that a changed zone is followed. Read once
 * until the running code yields (a microtask forgets it: a render's dates share one read; it was
 * a new `Intl.DateTimeFormat` each time, once a date of a list of comments, a few hundred
 * microseconds each at 4× CPU); the zone cannot change while code runs, and the next read after
 * it yields asks again.
 */
export function viewerZone(): string {
  if (zoneThisTask === undefined) {
    zoneThisTask = Intl.DateTimeFormat().resolvedOptions().timeZone;
    queueMicrotask(() => (zoneThisTask = undefined));
  }
  return zoneThisTask;
}

/** pixiv writes wall times in Japan (JST, UTC+9, no summer time). */
const JST_OFFSET = '+09:00';
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The www comments' `2026-11-26 03:32`: a JST wall time without its offset. */
const JST_WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * The instant a pixiv time names: an ISO time with its offset (`2026-11-30T10:07:00+09:00`), a
 * www comment's `2026-11-26 03:32` (JST wall time), ms since the epoch or a Date. Null when
 * unreadable.
 */
export function parsePixivTime(value: string | number | Date): Date | null {
  let date: Date;
  if (typeof value === 'string') {
    const wall = JST_WALL_TIME.exec(value.trim());
    date = new Date(wall ? `${wall[1]}T${wall[2]}${JST_OFFSET}` : value);
  } else date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date ('2026-11-20', a pixiv time, ms since the epoch) in the language and the viewer's time
 * zone, one format per language: '20 Nov 2026', '2026/11/20'; 'datetime' adds the time. A plain
 * 'YYYY-MM-DD' is a calendar day, shown as that day wherever the user is. An unreadable value
 * gives ''.
 */
export function formatDate(
  value: string | number | Date,
  language: string,
  style: DateStyle = 'date',
  context: DateContext = {},
  table?: FormatTable | null,
): string {
  const day = typeof value === 'string' && CALENDAR_DAY.test(value);
  const date = day ? new Date(`${value as string}T00:00:00Z`) : parsePixivTime(value);
  if (!date || Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions =
    style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
  const timeZone = day ? 'UTC' : (context.timeZone ?? viewerZone());
  options.timeZone = timeZone;
  const zoned = !day && style === 'datetime' && context.showZone === true;
  // Intl takes no zone name with dateStyle/timeStyle: the same fields, spelt out
  if (zoned) Object.assign(options, ZONED_DATETIME);
  const format = `d|${language}|${style}|${timeZone}|${zoned ? 'z' : ''}`;
  return tabled(table, `${format}|${date.getTime()}`, () =>
    cached(format, () => new Intl.DateTimeFormat(language, options)).format(date),
  );
}

/**
 * Times younger than this read as relative ('5 minutes ago', '3 days ago'); older ones as the
 * date. A week: a comment thread or a notification is read within days, and past a week 'n
 * days ago' makes the reader count back.
 */
export const RECENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** A time this far in the future (another device's clock) still reads as 'now'. */
const CLOCK_SKEW_MS = 60 * 1000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];
const relative = new Map<string, Intl.RelativeTimeFormat>();

/** `ms` before now in the largest whole unit: 'now', '5 minutes ago', 'yesterday', '3 days ago'. */
export function formatAgo(ms: number, language: string): string {
  let f = relative.get(language);
  if (!f) {
    f = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relative.set(language, f);
  }
  for (const [unit, size] of UNITS) if (ms >= size) return f.format(-Math.floor(ms / size), unit);
  return f.format(0, 'second');
}

/**
 * A recent time (a comment, a live, a notification): relative inside RECENT_WINDOW_MS, else the
 * date ('datetime' style kept for the title). '' when unreadable.
 */
export function formatRecent(
  value: string | number | Date,
  language: string,
  context: DateContext = {},
  table?: FormatTable | null,
): string {
  const date = parsePixivTime(value);
  if (!date) return '';
  const ago = (context.now ?? Date.now()) - date.getTime();
  if (!context.absolute && ago >= -CLOCK_SKEW_MS && ago < RECENT_WINDOW_MS)
    return formatAgo(Math.max(ago, 0), language);
  return formatDate(date, language, 'date', context, table);
}

/** Whether the app's dates are still the server's (holdServerDates until settleDates). */
let datesHeld = false;
const dateListeners = new Set<() => void>();
function subscribeDates(listener: () => void): () => void {
  dateListeners.add(listener);
  return () => void dateListeners.delete(listener);
}

/**
 * Keeps the dates of a page the app takes over as the server wrote them (ServerDatesContext)
 * past the hydration, until settleDates (main.tsx, in a task after the take-over): in the
 * viewer's zone, or relative, a date needs a DateTimeFormat the server's table does not hold,
 * the page's first Intl formatter (FormatTable), which the take-over need not wait for.
 */
export function holdServerDates(): void {
  datesHeld = true;
}

/** From now on the app's dates are the viewer's: every date shown renders again. */
export function settleDates(): void {
  if (!datesHeld) return;
  datesHeld = false;
  for (const listener of [...dateListeners]) listener();
}

/** True on the server, in the hydration and, once held, until the dates are settled. */
function useServerDates(): boolean {
  return useSyncExternalStore(
    subscribeDates,
    () => datesHeld,
    () => true,
  );
}

/** The number formatters bound to the current UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const table = useContext(FormatTableContext);
  return {
    number: (n: number) => formatNumber(n, language, table),
    compact: (n: number) => formatCompact(n, language, table),
  };
}

/**
 * The date formatters bound to the current UI language: the server's dates (its zone, absolute)
 * on the server, in the hydration and while they are held; the viewer's after.
 */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const table = useContext(FormatTableContext);
  const server = useContext(ServerDatesContext);
  const context = useServerDates() ? server : {};
  return {
    date: (value: string | number | Date, style?: DateStyle) =>
      formatDate(value, language, style, context, table),
    recent: (value: string | number | Date) => formatRecent(value, language, context, table),
  };
}
