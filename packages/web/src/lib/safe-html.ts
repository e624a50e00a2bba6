/**
 * The one sanitiser for untrusted upstream HTML (DESIGN.md "untrusted HTML"): pixivision bodies,
 * captions, bios and comments. DOMPurify keeps only the tags a caller allows; pximg images load
 * through the app's image proxy (others are dropped); links to pages the app has its own screens
 * for become in-app links (marked with IN_APP_ATTR, followed by SafeHtml with the router),
 * other https links open in a new tab without an opener, and anything else loses its href.
 */
import { purifier } from './purifier.ts';
import { toProxiedImageUrl } from '@pv/core';

const ALLOWED_ATTR = ['href', 'src', 'alt', 'width', 'height', 'class'];
/** Marks a link the screen opens with the router instead of loading a page. */
export const IN_APP_ATTR = 'data-in-app';

const PIXIV_HOSTS = new Set(['www.pixiv.net', 'pixiv.net']);
/** pixiv's app links in captions: pixiv://illusts/1, pixiv://users/2, pixiv://novels/3. */
const APP_SCHEME = /^pixiv:\/\/(illusts|users|novels)\/(\d+)$/;
const APP_ROUTE = { illusts: 'artworks', users: 'users', novels: 'novel' } as const;

function pixivPath(url: URL): string | null {
  const path = /^\/(?:[a-z]{2}(?:-[a-z]+)?\/)?(artworks|users)\/(\d+)\/?$/.exec(url.pathname);
  if (path) return `/${path[1]}/${path[2]}`;
  const novel = url.pathname === '/novel/show.php' && url.searchParams.get('id');
  if (novel && /^\d+$/.test(novel)) return `/novel/${novel}`;
  const legacy = url.pathname === '/member_illust.php' && url.searchParams.get('illust_id');
  if (legacy && /^\d+$/.test(legacy)) return `/artworks/${legacy}`;
  return null;
}

/**
 * The app's own path for a pixiv or pixivision URL (or pixiv's app scheme): artworks, users,
 * novels and pixivision articles (with or without a language prefix); null for anything else.
 */
export function inAppPath(href: string): string | null {
  const app = APP_SCHEME.exec(href);
  if (app) return `/${APP_ROUTE[app[1] as keyof typeof APP_ROUTE]}/${app[2]}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (PIXIV_HOSTS.has(url.hostname)) return pixivPath(url);
  if (url.hostname === 'www.pixivision.net') {
    const article = /^\/(?:[a-z]{2}(?:-[a-z]+)?\/)?a\/(\d+)\/?$/.exec(url.pathname);
    if (article) return `/a/${article[1]}`;
  }
  return null;
}

/** pixiv's web captions wrap outside links as /jump.php?url=…: the link's real target. */
function unwrapJump(href: string): string {
  const jump = /^(?:https:\/\/www\.pixiv\.net)?\/jump\.php\?(?:url=)?(.+)$/.exec(href);
  if (!jump) return href;
  try {
    return decodeURIComponent(jump[1]!);
  } catch {
    return href;
  }
}

export interface SafeHtmlOptions {
  /** The tags kept; every other tag is removed (its text stays). */
  tags: readonly string[];
  imageProxy?: string;
}

/** Sanitises `html` into a body element, with its images and links rewritten as above. */
export function safeHtmlBody(html: string, options: SafeHtmlOptions): HTMLElement {
  // RETURN_DOM gives the sanitised <body> element to rewrite before serialising it again.
  const body = purifier().sanitize(html, {
    ALLOWED_TAGS: [...options.tags],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|pixiv:|\/|#)/i,
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const img of Array.from(body.querySelectorAll('img'))) {
    const src = toProxiedImageUrl(img.getAttribute('src') ?? '', options.imageProxy);
    if (!src) {
      img.remove();
      continue;
    }
    img.setAttribute('src', src);
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
  }
  for (const a of Array.from(body.querySelectorAll('a'))) {
    const href = unwrapJump(a.getAttribute('href') ?? '');
    const path = inAppPath(href);
    if (path) {
      a.setAttribute('href', path);
      a.setAttribute(IN_APP_ATTR, '');
    } else if (/^https:\/\//i.test(href)) {
      a.setAttribute('href', href);
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    } else {
      a.removeAttribute('href');
    }
  }
  return body;
}

/** The sanitised HTML as a string, for SafeHtml. */
export function safeHtml(html: string, options: SafeHtmlOptions): string {
  return safeHtmlBody(html, options).innerHTML;
}
