/**
 * A profile bio as text and links (spec 001 §2.11). pixiv sends the bio as plain text, so it is
 * rendered as text (React escapes it) and never as HTML; http(s) URLs in it become links, those to
 * pages the app has screens for become in-app links.
 */
import { inAppPath } from '../Spotlight/article-html.ts';

export type BioPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string; inApp: boolean };

const URL_PATTERN = /https?:\/\/[^\s<>"'（）「」、。]+/g;

export function bioParts(bio: string): BioPart[] {
  const parts: BioPart[] = [];
  let last = 0;
  for (const match of bio.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: bio.slice(last, start) });
    const url = match[0];
    const inApp = inAppPath(url);
    parts.push({ kind: 'link', text: url, href: inApp ?? url, inApp: inApp !== null });
    last = start + url.length;
  }
  if (last < bio.length) parts.push({ kind: 'text', text: bio.slice(last) });
  return parts;
}

/** An external link of a profile (web page, social account): http(s) only, or null. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
