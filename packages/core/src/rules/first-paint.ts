/**
 * What the first paint of a page needs from the user's settings before any app code runs (issue
 * 33): the theme, the accent, the interface language, the grid layout, the content filters, the
 * search results' minimum of likes and the browser's time zone.
 * The app mirrors them into one small cookie whenever they change; the server writes the first
 * four into the HTML it sends (`<html lang data-theme data-layout>`, the accent as custom
 * properties) and renders the page's lists with the layout and filters (server rendering). The
 * cookie is user input: it is read with allow-lists only, and any value outside them is dropped
 * whole. (The app has no column-count setting: columns follow the width.)
 */

/** The 12 interface languages (spec 001 §1); zh-Hans is the fallback. */
export const LANGUAGES = [
  'zh-Hans',
  'zh-Hant',
  'en',
  'ja',
  'ko',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'ru',
  'el',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'zh-Hans';

/** The first of the browser's languages that we have, by full tag then by primary subtag. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) {
      return /^zh-(tw|hk|mo|hant)/.test(lower) ? 'zh-Hant' : 'zh-Hans';
    }
    const hit = LANGUAGES.find(
      (l) => l.toLowerCase() === lower || l.toLowerCase() === lower.split('-')[0],
    );
    if (hit) return hit;
  }
  return FALLBACK_LANGUAGE;
}

/** Dark mode setting: 'auto' follows the system (`prefers-color-scheme`). */
export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Grid layouts (spec 001 §9): three main ones and the lab variants. */
export const WF_TYPES = [
  'Masonry',
  'Grid',
  'Justified',
  /** Lab: equal width, unequal height (columns filled in order, the true aspect kept). */
  'LabEqualWidth',
  /** Lab: equal size (fixed square tiles). */
  'LabEqualSize',
  /** Lab: equal height (rows of one height, not stretched to the width). */
  'LabEqualHeight',
] as const;
export type WfType = (typeof WF_TYPES)[number];

/** The cookie's name. */
export const FIRST_PAINT_COOKIE = 'pv_paint';
/** The cookie's lifetime, s (a year; rewritten on every change and at each start of the app). */
export const FIRST_PAINT_COOKIE_MAX_AGE_S = 31_536_000;

/**
 * The settings that decide which works a list shows, and how its pictures load. Blocked tags and
 * authors cannot fit a cookie: only whether there are any, and then the server renders no list
 * it cannot filter.
 */
export interface PaintFilters {
  /** R-18 works shown. */
  r18: boolean;
  /** R-18G works shown. */
  r18g: boolean;
  /** AI works shown. */
  ai: boolean;
  /** The user blocks at least one tag or author. */
  blocks: boolean;
  /** Rankings leave out manga (the app setting hideRankManga). */
  hideRankManga: boolean;
  /** Pictures get their address only near the viewport (the isImgLazyOb setting). */
  observeImages: boolean;
}

/** The filters' letters in the cookie, in this order; '-' stands for none of them. */
const FILTER_LETTERS: readonly (readonly [keyof PaintFilters, string])[] = [
  ['r18', 'r'],
  ['r18g', 'g'],
  ['ai', 'a'],
  ['blocks', 'b'],
  ['hideRankManga', 'm'],
  ['observeImages', 'o'],
];

export interface FirstPaint {
  theme: Theme;
  /** '#rrggbb', lower case. */
  accent: string;
  language: Language;
  layout: WfType;
  filters: PaintFilters;
  /**
   * Search results show works with at least this many likes (the searchMinFav setting); null in
   * a cookie written before it was carried: unknown, so the server renders no list that it
   * shapes (as for blocks) until the app writes the cookie again.
   */
  minLikes: number | null;
  /**
   * The browser's IANA time zone ('Europe/Berlin'): the server writes dates in it, as the app
   * then does, instead of in pixiv's zone with the zone named (a date that changed at the
   * take-over could rewrap its line and move what follows). Absent in a cookie written before it
   * was carried, or when this runtime's Intl does not know the name: then pixiv's zone.
   */
  timeZone?: string;
}

/** The longest time zone name carried ('America/Argentina/ComodRivadavia' is 32). */
const TIME_ZONE_MAX = 40;
/** An IANA name's shape: 'UTC', 'Asia/Tokyo', 'America/Indiana/Knox', 'Etc/GMT+9'. */
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
/** Names Intl took (or refused), so that a request does not build a formatter to check one. */
const zonesChecked = new Map<string, boolean>();

/** Whether `value` has an IANA zone name's shape (whether or not any Intl knows it). */
const zoneShaped = (value: string) => value.length <= TIME_ZONE_MAX && TIME_ZONE.test(value);

/** Whether `value` is a time zone this runtime's Intl knows, by an IANA name's shape first. */
export function isTimeZone(value: string): boolean {
  if (!zoneShaped(value)) return false;
  let known = zonesChecked.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // a handful per server in practice; a flood of made-up names is not kept
    if (zonesChecked.size < 1_000) zonesChecked.set(value, known);
  }
  return known;
}

/**
 * The cookie's value: `{theme}.{accent without #}.{language}.{layout}.{filters}.{minLikes}.{zone}`,
 * the filters as the letters of those on (`r` R-18, `g` R-18G, `a` AI, `b` blocks, `m` hide manga
 * in rankings, `o` pictures loaded by the observer, in that order; `-` for none), the minimum in
 * decimal digits and the time zone's IANA name, e.g. `dark.38a9f5.ja.Grid.ra.5.Asia/Tokyo` (only
 * cookie-safe characters, no escaping needed). A null minimum leaves its part and the zone's
 * out (the format before them); no zone, or one that is not a time zone, leaves its part out.
 */
export function formatFirstPaint(paint: FirstPaint): string {
  const filters = FILTER_LETTERS.filter(([key]) => paint.filters[key])
    .map(([, letter]) => letter)
    .join('');
  return [
    paint.theme,
    paint.accent.replace(/^#/, '').toLowerCase(),
    paint.language,
    paint.layout,
    filters || '-',
    ...(paint.minLikes === null ? [] : [String(paint.minLikes)]),
    ...(paint.minLikes !== null && paint.timeZone && isTimeZone(paint.timeZone)
      ? [paint.timeZone]
      : []),
  ].join('.');
}

/** A minimum of likes: decimal digits of a safe integer, else undefined. */
function parseMinLikes(part: string): number | undefined {
  if (!/^\d{1,16}$/.test(part)) return undefined;
  const n = Number(part);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The filters of a cookie part: each letter at most once and in order, else undefined. */
function parseFilters(part: string): PaintFilters | undefined {
  if (part === '') return undefined;
  let rest = part === '-' ? '' : part;
  const filters = {} as PaintFilters;
  for (const [key, letter] of FILTER_LETTERS) {
    filters[key] = rest.startsWith(letter);
    if (filters[key]) rest = rest.slice(letter.length);
  }
  return rest === '' ? filters : undefined;
}

const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** A cookie value read back; null unless every part is one of the allowed values. */
export function parseFirstPaint(value: string | undefined): FirstPaint | null {
  // at most the longest valid value: 5 + 1 + 6 + 1 + 7 + 1 + 14 + 1 + 6 + 1 + 16 + 1 + 40
  if (!value || value.length > 100) return null;
  const parts = value.split('.');
  // five parts: a cookie from before the minimum of likes; six: from before the time zone
  if (parts.length < 5 || parts.length > 7) return null;
  const [theme, accent, language, layout, filters, minLikes, timeZone] = parts as [
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  const paint = {
    theme: oneOf(theme, THEMES),
    accent: /^[0-9a-f]{6}$/.test(accent) ? `#${accent}` : undefined,
    language: oneOf(language, LANGUAGES),
    layout: oneOf(layout, WF_TYPES),
    filters: parseFilters(filters),
    minLikes: minLikes === undefined ? null : parseMinLikes(minLikes),
  };
  if (!paint.theme || !paint.accent || !paint.language || !paint.layout || !paint.filters)
    return null;
  if (paint.minLikes === undefined) return null;
  if (timeZone === undefined) return paint as FirstPaint;
  if (!zoneShaped(timeZone)) return null;
  // a zone the browser's Intl knows and this runtime's does not (its data is older): pixiv's
  // zone then, not the shell for the whole cookie
  return isTimeZone(timeZone) ? { ...(paint as FirstPaint), timeZone } : (paint as FirstPaint);
}

/** The cookie's value in a `Cookie` request header (the first one of that name), else undefined. */
export function firstPaintCookie(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === FIRST_PAINT_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}
