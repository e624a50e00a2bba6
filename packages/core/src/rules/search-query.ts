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

/** What a keyword search does for this user. */
export function planSearch(keyword: string, content: ContentSettings): SearchPlan {
  const word = normaliseKeyword(keyword);
  if (!word) return { kind: 'empty' };
  const id = artworkIdFromKeyword(word);
  if (id !== null) return { kind: 'artwork', id };
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
