/**
 * Search keyword rules (spec 000 §5 Search): whitespace collapses, a pasted artwork URL as the
 * last word means that artwork, and users without R-18 or R-18G get exclusions appended, R-18
 * queries refused and adult results dropped.
 */
import type { ContentSettings } from '../entities/settings.ts';

/** Appended to every query of a user with neither R-18 nor R-18G enabled. */
export const R18_EXCLUSIONS: readonly string[] = ['-R-18', '-R18', '-18+'];

/** Words that make a query an adult one (R-18, R18, R-18G, 18+), as whole words. */
const R18_TERM = /(^|\s)(r-?18g?|18\+)(?=$|\s)/i;

/** Search history keeps this many entries (newest first, no duplicates). */
export const SEARCH_HISTORY_MAX = 20;

/** Trims and collapses whitespace runs (including full-width spaces) to one space. */
export function normaliseKeyword(raw: string): string {
  return raw.replace(/[\s\u3000]+/g, ' ').trim();
}

/** The artwork id of a pixiv artwork URL (http or https, with a host), or null. */
export function artworkIdFromUrl(text: string): number | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) return null;
  const path = /\/(?:artworks|i|illust)\/(\d+)(?:\/|$)/.exec(url.pathname);
  const legacy = url.searchParams.get('illust_id');
  const id = path?.[1] ?? (legacy && /^\d+$/.test(legacy) ? legacy : undefined);
  return id ? Number(id) : null;
}

/** When the keyword's last word is an artwork URL, its id. */
export function artworkIdFromKeyword(keyword: string): number | null {
  const words = normaliseKeyword(keyword).split(' ');
  return artworkIdFromUrl(words[words.length - 1] ?? '');
}

export function allowsAdult(content: Pick<ContentSettings, 'r18' | 'r18g'>): boolean {
  return content.r18 || content.r18g;
}

export type SearchPlan =
  | { kind: 'empty' }
  | { kind: 'artwork'; id: number }
  | { kind: 'refused' }
  | { kind: 'search'; word: string; hideAi: boolean; dropAdult: boolean };

/**
 * Whether a keyword holds a word of the viewer's sensitive-word list (spec 000 §5: a keyword
 * failing this content check gives an empty, finished list). Case and whitespace runs are
 * ignored; a listed word anywhere in the keyword counts.
 */
export function hasSensitiveWord(keyword: string, sensitiveWords: readonly string[]): boolean {
  const word = normaliseKeyword(keyword).toLowerCase();
  if (!word) return false;
  return sensitiveWords.some((w) => {
    const listed = normaliseKeyword(w).toLowerCase();
    return listed.length > 0 && word.includes(listed);
  });
}

/**
 * Whether a keyword asks for one of the user's blocked words (spec 000 §5: a keyword matching a
 * blocked-word pattern gives an empty, finished list): one of its words, or the whole keyword,
 * is a blocked tag, ignoring case. A blocked word is not refused inside a longer word ('猫耳'
 * stays searchable with '猫' blocked); its works are filtered from the results anyway.
 */
export function hasBlockedWord(keyword: string, blockedWords: readonly string[]): boolean {
  const word = normaliseKeyword(keyword).toLowerCase();
  if (!word) return false;
  const asked = new Set([word, ...word.split(' ')]);
  return blockedWords.some((b) => {
    const blocked = normaliseKeyword(b).toLowerCase();
    return blocked.length > 0 && asked.has(blocked);
  });
}

/** The lists a keyword is checked against before it is searched. */
export interface KeywordChecks {
  /** The viewer's sensitive-word list (a listed word anywhere in the keyword refuses it). */
  sensitiveWords?: readonly string[];
  /** The user's blocked tags (a keyword word equal to one refuses it). */
  blockedWords?: readonly string[];
}

/**
 * What a keyword search does for this user. A keyword with a word of the sensitive-word list or
 * a blocked word is refused (nothing is requested; the list is empty and finished).
 */
export function planSearch(
  keyword: string,
  content: ContentSettings,
  checks: KeywordChecks = {},
): SearchPlan {
  const word = normaliseKeyword(keyword);
  if (!word) return { kind: 'empty' };
  const id = artworkIdFromKeyword(word);
  if (id !== null) return { kind: 'artwork', id };
  if (hasSensitiveWord(word, checks.sensitiveWords ?? [])) return { kind: 'refused' };
  if (hasBlockedWord(word, checks.blockedWords ?? [])) return { kind: 'refused' };
  if (!allowsAdult(content)) {
    if (R18_TERM.test(word)) return { kind: 'refused' };
    return {
      kind: 'search',
      word: `${word} ${R18_EXCLUSIONS.join(' ')}`,
      hideAi: !content.ai,
      dropAdult: true,
    };
  }
  return { kind: 'search', word, hideAi: !content.ai, dropAdult: false };
}

/**
 * `search_ai_type` as spec 000 §5 sends it: 1 with the AI setting off. With AI on it is 0, not
 * left out, because a HibiAPI mirror hides AI works when the parameter is missing.
 */
export function searchAiType(hideAi: boolean): 0 | 1 {
  return hideAi ? 1 : 0;
}

/**
 * Where the home search box leads (spec 000 §2 Illust home): an artwork link or a bare number of
 * 8 or more digits opens `/artworks/{id}`; other text searches it; an empty box searches the
 * placeholder tag. Null when there is nothing to search.
 */
export function homeSearchTarget(text: string, placeholder: string): string | null {
  const word = normaliseKeyword(text) || normaliseKeyword(placeholder);
  if (!word) return null;
  if (/^\d{8,}$/.test(word)) return `/artworks/${word}`;
  const id = artworkIdFromUrl(word);
  if (id !== null) return `/artworks/${id}`;
  return `/search/${encodeURIComponent(word)}`;
}

/** The search box takes at most this many characters (spec 000 §2 Search). */
export const SEARCH_BOX_MAX_LENGTH = 50;

/** Search history: newest first, no duplicates, at most 20 entries. */
export function addToSearchHistory(history: readonly string[], keyword: string): string[] {
  const word = normaliseKeyword(keyword);
  if (!word) return [...history].slice(0, SEARCH_HISTORY_MAX);
  return [word, ...history.filter((h) => h !== word)].slice(0, SEARCH_HISTORY_MAX);
}

/** The box's words: all but the last are committed (shown as removable chips), the last is pending. */
export function splitSearchWords(text: string): { words: string[]; pending: string } {
  const endsWithSpace = /[\s\u3000]$/.test(text);
  const parts = normaliseKeyword(text).split(' ').filter(Boolean);
  if (endsWithSpace) return { words: parts, pending: '' };
  return { words: parts.slice(0, -1), pending: parts.at(-1) ?? '' };
}

/** Numeric words of the query, offered as shortcuts to an illustration, a user or a novel. */
export function numericShortcuts(text: string): number[] {
  return [
    ...new Set(
      normaliseKeyword(text)
        .split(' ')
        .filter((w) => /^\d{1,12}$/.test(w))
        .map(Number)
        .filter((n) => n > 0),
    ),
  ];
}

/** Search modes, orders and durations of the filters (spec 000 §9). */
export const SEARCH_MODES = [
  'partial_match_for_tags',
  'exact_match_for_tags',
  'title_and_caption',
] as const;
/** Novel search targets (`mode`, sent upstream as `search_target`). */
export const NOVEL_SEARCH_MODES = [
  'partial_match_for_tags',
  'exact_match_for_tags',
  'text',
  'keyword',
] as const;
export const SEARCH_ORDERS = ['date_desc', 'date_asc'] as const;
export const SEARCH_DURATIONS = [
  'within_last_day',
  'within_last_week',
  'within_last_month',
] as const;
/** The minimum-favourites tags ("N users入り"). */
export const MIN_FAV_TAGS = [30000, 20000, 10000, 7500, 5000, 1000, 500, 250, 100] as const;
/** Search dates start here. */
export const SEARCH_FIRST_DATE = '2007-09-13';

export interface SearchFilters {
  mode: (typeof SEARCH_MODES)[number];
  order: (typeof SEARCH_ORDERS)[number];
  duration?: (typeof SEARCH_DURATIONS)[number];
  start_date?: string;
  end_date?: string;
  /** A minimum-favourites tag: results must have more likes than this. */
  minFav?: number;
}

export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  mode: 'partial_match_for_tags',
  order: 'date_desc',
};

/** Reads filters from URL search params, dropping anything invalid. */
export function parseSearchFilters(params: URLSearchParams): SearchFilters {
  const pick = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
    v && (values as readonly string[]).includes(v) ? (v as T) : undefined;
  const date = (v: string | null) =>
    v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= SEARCH_FIRST_DATE ? v : undefined;
  const minFav = Number(params.get('min_fav'));
  return {
    mode: pick(SEARCH_MODES, params.get('mode')) ?? 'partial_match_for_tags',
    order: pick(SEARCH_ORDERS, params.get('order')) ?? 'date_desc',
    duration: pick(SEARCH_DURATIONS, params.get('duration')),
    start_date: date(params.get('start_date')),
    end_date: date(params.get('end_date')),
    minFav: (MIN_FAV_TAGS as readonly number[]).includes(minFav) ? minFav : undefined,
  };
}

/**
 * Which results of a page a user sees (spec 000 §5 Search): R-18 results dropped for users
 * without adult content, likes above the picked minimum-favourites tag, at least the app
 * setting's minimum, and nothing whose tags, title or caption match a blocked word.
 */
export function keepSearchResult(
  item: {
    x_restrict: number;
    like: number;
    title: string;
    caption: string;
    tags: { name: string }[];
  },
  rules: { dropAdult: boolean; minFav?: number; minLikes: number; blockedWords: readonly string[] },
): boolean {
  if (rules.dropAdult && item.x_restrict > 0) return false;
  if (rules.minFav !== undefined && !(item.like > rules.minFav)) return false;
  if (item.like < rules.minLikes) return false;
  if (rules.blockedWords.length > 0) {
    const haystacks = [item.title, item.caption, ...item.tags.map((t) => t.name)].map((s) =>
      s.toLowerCase(),
    );
    if (rules.blockedWords.some((w) => w && haystacks.some((h) => h.includes(w.toLowerCase())))) {
      return false;
    }
  }
  return true;
}
