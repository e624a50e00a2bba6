/**
 * The server's translation HTML for the DOM: sanitised (DESIGN.md, untrusted HTML), since the
 * text came from upstream and the translation from a third party. Only the document's own shape
 * is kept; pictures only through this server's `/i/` proxy; links only http(s) (new tab), page
 * anchors and artwork pages.
 */
import { purifier } from '../../lib/purifier.ts';

const TAGS = ['article', 'section', 'p', 'h2', 'br', 'ruby', 'rt', 'rp', 'figure', 'a', 'img'];
const ATTRS = ['href', 'src', 'alt', 'class', 'id', 'lang', 'loading'];

export interface TranslationView {
  html: string;
  /** Translated blocks (paragraphs and chapter headings) so far. */
  blocks: number;
}

export function translationHtml(raw: string): TranslationView {
  const body = purifier().sanitize(raw, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRS,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const img of Array.from(body.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (!/^\/i\/[\w\-./]+$/.test(src) || src.includes('..')) img.remove();
  }
  for (const a of Array.from(body.querySelectorAll('a'))) {
    const href = a.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer nofollow');
    } else if (!/^(#page-\d+|\/artworks\/\d+)$/.test(href)) a.removeAttribute('href');
  }
  // Ids are the server's page anchors only (the reader's own ids must stay unique).
  for (const el of Array.from(body.querySelectorAll('[id]')))
    if (!/^page-\d+$/.test(el.id)) el.removeAttribute('id');
  const blocks = body.querySelectorAll('p:not(.pv-novel-original):not(.pv-novel-jump), h2').length;
  return { html: body.innerHTML, blocks };
}
