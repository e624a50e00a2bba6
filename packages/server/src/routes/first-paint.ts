/**
 * The first paint of a page in the user's own theme, accent, interface language and grid layout,
 * before any app code runs (issue 33): read from the cookie the app mirrors its settings into
 * (core rules/first-paint.ts, strictly allow-listed), else the browser's languages; a theme the
 * server cannot know ('auto', or no cookie) is left to the stylesheet's `prefers-color-scheme`.
 * The accent goes into a `<style>` that the page's CSP allows by its hash (plugins/security.ts).
 */
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_ACCENT,
  accentTokens,
  firstPaintCookie,
  parseFirstPaint,
  pickLanguage,
  type ContentSettings,
  type FirstPaint,
  type WfType,
} from '@pv/core';
import { allowInlineStyle } from '../plugins/security.ts';

/** The browser's languages from `Accept-Language`, most wanted first (at most 10 looked at). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 10)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(l.tag) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** What this request's page is painted in: the cookie's values, or only the language. */
export function firstPaintOf(
  req: FastifyRequest,
): Partial<FirstPaint> & Pick<FirstPaint, 'language'> {
  const paint = parseFirstPaint(firstPaintCookie(req.headers.cookie));
  return paint ?? { language: pickLanguage(acceptedLanguages(req.headers['accept-language'])) };
}

/** The settings a server render shapes its lists with (packages/web app/server-render.ts). */
export interface RenderView {
  layout: WfType;
  content: ContentSettings;
  hideRankManga: boolean;
  observeImages: boolean;
  /** Search results' minimum of likes (searchMinFav). */
  minLikes: number;
  /** The browser's time zone, which dates are written in; absent: pixiv's, named after a time. */
  timeZone?: string;
}

/**
 * The user's settings that shape a rendered page's lists, from the first-paint cookie: `{}` for a
 * browser without the cookie (a new visitor: the default settings), null when the page must not
 * be rendered, because the server cannot know which works the user hides: a cookie that does not
 * read (an older format, or tampered with), a user who blocks tags or authors (the lists do
 * not fit a cookie), or a cookie from before the minimum of likes was carried. Then the app's
 * shell is served, and the app filters as always (and writes the cookie anew).
 */
export function renderViewOf(req: FastifyRequest): { view?: RenderView } | null {
  const cookie = firstPaintCookie(req.headers.cookie);
  if (cookie === undefined) return {};
  const paint = parseFirstPaint(cookie);
  if (!paint || paint.filters.blocks || paint.minLikes === null) return null;
  const { r18, r18g, ai, hideRankManga, observeImages } = paint.filters;
  return {
    view: {
      layout: paint.layout,
      content: { r18, r18g, ai },
      hideRankManga,
      observeImages,
      minLikes: paint.minLikes,
      ...(paint.timeZone !== undefined && { timeZone: paint.timeZone }),
    },
  };
}

/** The accent's custom properties (the values ThemeSync writes), as a `<style>` body. */
export function accentStyle(accent: string): string {
  const tokens = { '--accent': accent, ...accentTokens(accent) };
  const body = Object.entries(tokens)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `html:root{${body}}`;
}

const HTML_TAG = /<html\b[^>]*>/i;

/**
 * The page painted for this request: `<html lang data-theme data-layout>` and, for an accent other
 * than the default, its style (allowed for this answer only by its hash). Every value written is
 * one of an allow-list, or a colour computed from a validated `#rrggbb`.
 */
export function paintPage(
  html: string,
  req: FastifyRequest,
  paint: FirstPaintOf = firstPaintOf(req),
): string {
  const attributes = [`lang="${paint.language}"`];
  if (paint.theme && paint.theme !== 'auto') attributes.push(`data-theme="${paint.theme}"`);
  if (paint.layout) attributes.push(`data-layout="${paint.layout}"`);
  let page = html.replace(HTML_TAG, `<html ${attributes.join(' ')}>`);
  const css = accentOf(paint);
  if (css !== undefined && page.includes('</head>')) {
    allowInlineStyle(req, css);
    // last in the head: after the app's stylesheet, whose defaults it overrides
    page = page.replace('</head>', `<style>${css}</style></head>`);
  }
  return page;
}

type FirstPaintOf = ReturnType<typeof firstPaintOf>;

/** The style of the paint's accent; undefined for the default one. */
function accentOf(paint: FirstPaintOf): string | undefined {
  return paint.accent && paint.accent !== DEFAULT_ACCENT ? accentStyle(paint.accent) : undefined;
}

/** What `paintPage` writes for this paint, as one string: pages painted alike share it. */
export function paintKey(paint: FirstPaintOf): string {
  return [paint.language, paint.theme ?? '', paint.layout ?? '', paint.accent ?? ''].join(' ');
}

/**
 * For a page `paintPage` painted before with this paint (served again): the CSP allowance it gave
 * its answer for the accent's style.
 */
export function allowPaintStyle(req: FastifyRequest, paint: FirstPaintOf): void {
  const css = accentOf(paint);
  if (css !== undefined) allowInlineStyle(req, css);
}
