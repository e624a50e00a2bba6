/**
 * A pixivision article body for the DOM (spec 000 §2 Spotlights, DESIGN.md "untrusted HTML").
 * The server already sanitises it; it is sanitised again here, since the app may talk to any
 * compatible mirror. Images load through the app's image proxy like every pximg image (others
 * are dropped), and links to pages the app has its own screens for become in-app links.
 */
import DOMPurify from 'dompurify';
import { SPOTLIGHT_BODY_TAGS, toProxiedImageUrl } from '@pv/core';

const ALLOWED_ATTR = ['href', 'src', 'alt', 'width', 'height', 'class'];
/** Marks a link the screen opens with the router instead of loading a page. */
export const IN_APP_ATTR = 'data-in-app';

const PIXIV_HOSTS = new Set(['www.pixiv.net', 'pixiv.net']);

/**
 * The app's own path for a pixiv or pixivision URL: artworks, users, novels and pixivision
 * articles (with or without a language prefix); null for anything else.
 */
export function inAppPath(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (PIXIV_HOSTS.has(url.hostname)) {
    const path = /^\/(?:[a-z]{2}(?:-[a-z]+)?\/)?(artworks|users)\/(\d+)\/?$/.exec(url.pathname);
    if (path) return `/${path[1]}/${path[2]}`;
    const novel = url.pathname === '/novel/show.php' && url.searchParams.get('id');
    if (novel && /^\d+$/.test(novel)) return `/novel/${novel}`;
    const legacy = url.pathname === '/member_illust.php' && url.searchParams.get('illust_id');
    if (legacy && /^\d+$/.test(legacy)) return `/artworks/${legacy}`;
    return null;
  }
  if (url.hostname === 'www.pixivision.net') {
    const article = /^\/(?:[a-z]{2}(?:-[a-z]+)?\/)?a\/(\d+)\/?$/.exec(url.pathname);
    if (article) return `/a/${article[1]}`;
  }
  return null;
}

/** The body as safe HTML: sanitised, images proxied (or dropped), links made in-app or external. */
export function articleHtml(html: string, imageProxy?: string): string {
  // RETURN_DOM gives the sanitised <body> element to rewrite before serialising it again.
  const body = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...SPOTLIGHT_BODY_TAGS],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const img of Array.from(body.querySelectorAll('img'))) {
    const src = toProxiedImageUrl(img.getAttribute('src') ?? '', imageProxy);
    if (!src) {
      img.remove();
      continue;
    }
    img.setAttribute('src', src);
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
  }
  for (const a of Array.from(body.querySelectorAll('a'))) {
    const href = a.getAttribute('href') ?? '';
    const path = inAppPath(href);
    if (path) {
      a.setAttribute('href', path);
      a.setAttribute(IN_APP_ATTR, '');
    } else if (/^https:\/\//i.test(href)) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    } else {
      a.removeAttribute('href');
    }
  }
  return body.innerHTML;
}
