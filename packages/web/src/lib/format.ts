/**
 * Numbers and dates in the UI language, through Intl: one helper for every count and date the
 * screens show. Formatters are cached per language and style.
 */
import { useTranslation } from 'react-i18next';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** 12345 -> '12,345' (en), '12.345' (de), '12 345' (fr). */
export function formatNumber(n: number, language: string): string {
  return cached(`n|${language}`, () => new Intl.NumberFormat(language)).format(n);
}

/** 12345 -> '12K' (en), '1.2万' (ja): for tight places such as cards. */
export function formatCompact(n: number, language: string): string {
  return cached(
    `c|${language}`,
    () => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(n);
}

export type DateStyle = 'date' | 'datetime';

/**
 * A date ('2026-11-20', an ISO time or ms since the epoch) in the language: '20 Nov 2026',
 * '2026年11月20日'; 'datetime' adds the time. A plain 'YYYY-MM-DD' is a calendar day, shown as
 * that day wherever the user is. An unreadable value gives ''.
 */
export function formatDate(
  value: string | number | Date,
  language: string,
  style: DateStyle = 'date',
): string {
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = day ? new Date(`${value as string}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions =
    style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
  if (day) options.timeZone = 'UTC';
  return cached(
    `d|${language}|${style}|${day}`,
    () => new Intl.DateTimeFormat(language, options),
  ).format(date);
}

/** The formatters bound to the current UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    number: (n: number) => formatNumber(n, language),
    compact: (n: number) => formatCompact(n, language),
    date: (value: string | number | Date, style?: DateStyle) => formatDate(value, language, style),
  };
}
