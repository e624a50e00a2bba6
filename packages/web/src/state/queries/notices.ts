/**
 * The notice feed (spec 000 §4 "Notice feed", §7 "Other"): the viewer's public notices from
 * `/api/notices`. The first notice whose date range covers now is the one shown: as a dialog when
 * it is an alert (once: remembered as read), else as a banner (until closed: remembered too, by
 * the notice's id). A notice is shown in the app's language where the feed has it (`i18n`).
 * When that first notice was read or closed, nothing is shown: a closed notice never uncovers
 * the next one. Notice text may hold simple HTML; the banner and the dialog sanitise it.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takePreloaded } from '../api/preloaded.ts';
import { STORAGE_KEYS } from '../settings/storage-keys.ts';

const NOTICES_URL = '/api/notices';

export type NoticeStyle = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: string;
  /** ISO instants between which the notice shows. */
  start: string;
  end: string;
  title: string;
  /** Untrusted: simple HTML at most, sanitised before it is shown. */
  text: string;
  /** A dialog, read once, instead of a banner. */
  alert: boolean;
  style: NoticeStyle;
  /** The language of `title` and `text`, when the feed says it. */
  lang?: string;
  /** The notice in other languages, by the app's language codes (zh-Hans, en, …). */
  i18n?: Record<string, { title: string; text: string }>;
}

/** A notice as shown in the app's language: its own words where the feed has them. */
export function localiseNotice(notice: Notice, language: string): Notice {
  const own = notice.i18n?.[language];
  if (own) return { ...notice, ...own, lang: language };
  return notice;
}

function parseI18n(value: unknown): Notice['i18n'] {
  if (!value || typeof value !== 'object') return undefined;
  const out: NonNullable<Notice['i18n']> = {};
  for (const [lang, entry] of Object.entries(value as Record<string, unknown>)) {
    const { title, text } = (entry ?? {}) as Record<string, unknown>;
    if (typeof title === 'string' && typeof text === 'string') out[lang] = { title, text };
  }
  return Object.keys(out).length ? out : undefined;
}

const STYLES = new Set<string>(['info', 'success', 'warning', 'error']);

/** The well-formed notices of an answer (the server already left out malformed ones). */
export function parseNotices(body: unknown): Notice[] {
  const list = (body as { notices?: unknown } | null)?.notices;
  if (!Array.isArray(list)) return [];
  const out: Notice[] = [];
  for (const item of list as Record<string, unknown>[]) {
    if (!item || typeof item !== 'object') continue;
    const { id, start, end, title, text, alert, style, lang, i18n } = item;
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    if (typeof start !== 'string' || typeof end !== 'string') continue;
    if (typeof title !== 'string' || typeof text !== 'string') continue;
    out.push({
      id: String(id),
      start,
      end,
      title,
      text,
      alert: alert === true,
      style: typeof style === 'string' && STYLES.has(style) ? (style as NoticeStyle) : 'info',
      ...(typeof lang === 'string' && lang ? { lang } : {}),
      ...(parseI18n(i18n) ? { i18n: parseI18n(i18n) } : {}),
    });
  }
  return out;
}

/**
 * The notice to show at `now`: the first whose range covers it, unless that one is an alert
 * already read or a banner already closed (then none).
 */
export function pickNotice(
  notices: readonly Notice[],
  now: number,
  read: ReadonlySet<string>,
  closed: ReadonlySet<string>,
): Notice | null {
  const current = notices.find((n) => Date.parse(n.start) <= now && now < Date.parse(n.end));
  if (!current) return null;
  if (current.alert ? read.has(current.id) : closed.has(current.id)) return null;
  return current;
}

function storedIds(storage: Storage, key: string): Set<string> {
  try {
    const value = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
    return new Set(Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

/** At most this many ids are remembered (the oldest go first). */
const KEPT_IDS = 50;

function storeId(storage: Storage, key: string, id: string): void {
  const ids = [...storedIds(storage, key)].filter((x) => x !== id);
  ids.push(id);
  try {
    storage.setItem(key, JSON.stringify(ids.slice(-KEPT_IDS)));
  } catch {
    // storage full or refused: the notice shows again next time, nothing else is lost
  }
}

/** The notice to show now and the way to dismiss it (read for an alert, closed for a banner). */
export function useNotice(): { notice: Notice | null; dismiss: () => void } {
  const { i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: ['notices'],
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<Notice[]> => {
      try {
        // preloaded with the page's HTML (server: routes/first-data.ts): the app's start took it
        const res = await (takePreloaded(NOTICES_URL) ?? fetch(NOTICES_URL, { signal }));
        return res.ok ? parseNotices(await res.json()) : [];
      } catch (error) {
        if (signal.aborted) throw error;
        // no notice service (or a failing one): no notice, never an error on the page
        return [];
      }
    },
    // the time the answer is judged at: when it arrives (or is read again from the cache)
    select: (list) => ({ list, at: Date.now() }),
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const notice = data
    ? pickNotice(
        data.list,
        data.at,
        storedIds(localStorage, STORAGE_KEYS.noticesRead),
        storedIds(localStorage, STORAGE_KEYS.noticesClosed),
      )
    : null;
  const dismiss = useCallback(() => {
    if (!notice) return;
    if (notice.alert) storeId(localStorage, STORAGE_KEYS.noticesRead, notice.id);
    else storeId(localStorage, STORAGE_KEYS.noticesClosed, notice.id);
    setDismissed(notice.id);
  }, [notice]);
  return {
    notice: notice && notice.id !== dismissed ? localiseNotice(notice, i18n.language) : null,
    dismiss,
  };
}
