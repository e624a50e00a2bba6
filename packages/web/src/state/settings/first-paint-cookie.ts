/**
 * Mirrors what the first paint needs (theme, accent, interface language, grid layout, content
 * filters, observed picture loading, the search results' minimum of likes, the browser's time
 * zone) into a small cookie (core rules/first-paint.ts), so that the server sends a page already
 * in the user's theme, language and layout, listing only the works the user's filters show, its
 * dates in the user's zone, before any app code runs (issue 33). Written whenever a setting
 * changes (saveSettings), when the language changes, and at the app's start.
 */
import {
  FIRST_PAINT_COOKIE,
  FIRST_PAINT_COOKIE_MAX_AGE_S,
  LANGUAGES,
  formatFirstPaint,
  type Language,
} from '@pv/core';
import type { Settings } from './settings.ts';

/** Writes the cookie when its value changed; the language is the document's (i18n keeps it). */
export function mirrorFirstPaint(
  settings: Pick<Settings, 'app' | 'content' | 'blocks'>,
  doc: Document = document,
): void {
  const lang = doc.documentElement.lang;
  // before the interface language is known (the first start, ahead of i18n): nothing to mirror
  if (!(LANGUAGES as readonly string[]).includes(lang)) return;
  const { app, content, blocks } = settings;
  const value = formatFirstPaint({
    theme: app.theme,
    accent: app.accent,
    language: lang as Language,
    layout: app.wfType,
    filters: {
      ...content,
      blocks: blocks.tags.length > 0 || blocks.authorIds.length > 0,
      hideRankManga: app.hideRankManga,
      observeImages: app.isImgLazy && app.isImgLazyOb,
    },
    minLikes: app.searchMinFav,
    // a zone the format does not take is left out (then the server writes pixiv's)
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const current = `${FIRST_PAINT_COOKIE}=${value}`;
  if (doc.cookie.split(';').some((c) => c.trim() === current)) return;
  doc.cookie = `${current}; path=/; max-age=${FIRST_PAINT_COOKIE_MAX_AGE_S}; samesite=lax`;
}
