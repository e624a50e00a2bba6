/** pixiv works in Japan time: dates in JSON and image paths are JST (UTC+9). */
export const JST_OFFSET_MS = 9 * 3600 * 1000;
export const DAY_MS = 24 * 3600 * 1000;

/** '2025-02-03T00:03:17+09:00', the app API's date format. */
export function jstIso(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 19) + '+09:00';
}

/** 'YYYY/MM/DD/HH/MM/SS' in JST: the date part of every i.pximg.net work path. */
export function jstPathDate(ms: number): string {
  const iso = new Date(ms + JST_OFFSET_MS).toISOString();
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(11, 13)}/${iso.slice(14, 16)}/${iso.slice(17, 19)}`;
}

/** Parses the JST path date back to epoch ms, or null when malformed. */
export function parseJstPathDate(path: string): number | null {
  const m = /^(\d{4})\/(\d{2})\/(\d{2})\/(\d{2})\/(\d{2})\/(\d{2})$/.exec(path);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - JST_OFFSET_MS;
}

/** 'YYYY-MM-DD' of the JST day containing `ms`, `daysBack` days earlier. */
export function jstDay(ms: number, daysBack = 0): string {
  return new Date(ms + JST_OFFSET_MS - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/** Epoch ms of the end (24:00 JST) of the JST day 'YYYY-MM-DD'. */
export function jstDayEnd(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS + DAY_MS;
}

/** The first day pixiv has a ranking for. */
export const FIRST_RANKING_DAY = '2007-09-13';

/** Epoch ms of 00:00 JST of the day containing `ms`. */
export function jstDayStart(ms: number): number {
  return Math.floor((ms + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
}

/**
 * The sandbox's present from `--now` or `SANDBOX_NOW`: an ISO 8601 date-time with its offset
 * (`2026-11-20T15:00:00+09:00`) or epoch milliseconds. Undefined when unset; a malformed value
 * throws, so that a typo never silently falls back to the real clock.
 */
export function parseNow(value: string | undefined, name = 'SANDBOX_NOW'): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const ms = /^\d{10,16}$/.test(text)
    ? Number(text)
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
      ? Date.parse(text)
      : NaN;
  if (!Number.isFinite(ms)) {
    throw new Error(
      `${name}: expected an ISO date-time with offset (2026-11-20T15:00:00+09:00) or epoch ms, got "${value}"`,
    );
  }
  return ms;
}
