/**
 * Pure rules of the novel page: the reading time shown beside the text length, when a caption is
 * shrunk (above 500 characters, spec 001 §9), and the sanitised caption HTML (DESIGN.md: untrusted
 * HTML is sanitised before it reaches the DOM).
 */
import { purifier } from '../../lib/purifier.ts';

/** Captions longer than this many characters start shrunk (spec 001 §9). */
export const CAPTION_SHRINK_CHARS = 500;
/** Japanese prose is read at about 500 characters a minute; the reading time rounds up. */
export const READING_CHARS_PER_MINUTE = 500;

/** Minutes to read `textLength` characters, at least 1. */
export function readingMinutes(textLength: number): number {
  return Math.max(1, Math.ceil(Math.max(0, textLength) / READING_CHARS_PER_MINUTE));
}

const CAPTION_TAGS = ['a', 'br', 'p', 'strong', 'b', 'em', 'i', 'u', 's', 'span'];

/**
 * A caption as safe HTML: only inline formatting, line breaks and links; a link leaves the app
 * in a new tab when it is http(s), and loses its target otherwise. Also gives the visible length.
 */
export function captionHtml(html: string): { html: string; length: number } {
  const body = purifier().sanitize(html, {
    ALLOWED_TAGS: CAPTION_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const a of Array.from(body.querySelectorAll('a'))) {
    const href = a.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      a.removeAttribute('href');
    }
  }
  return { html: body.innerHTML, length: (body.textContent ?? '').length };
}

/** Whether a caption of this visible length starts shrunk. */
export function captionShrinks(length: number): boolean {
  return length > CAPTION_SHRINK_CHARS;
}
