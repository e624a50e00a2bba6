/**
 * pixiv captions (works, series) as other sites may show them: link-preview descriptions as plain
 * text, and feed entries as a small safe HTML subset. Captions are untrusted HTML from upstream
 * (`<br />`, `<a href>`, `<strong>`, pixiv's `pixiv://` app links); both forms go through
 * sanitize-html, as pixivision bodies do, never through a hand-written tag stripper.
 */
import sanitizeHtml from 'sanitize-html';

/** Tags a caption keeps in a feed entry; everything else is removed with its text kept. */
const CAPTION_TAGS = ['a', 'br', 'p', 'strong', 'b', 'em', 'i', 's', 'u', 'span'];

const CAPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: CAPTION_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['https', 'http'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'nofollow noopener' },
    }),
  },
};

/** A caption as safe HTML for a feed entry: a few inline tags, http(s) links, no pictures. */
export function sanitiseCaptionHtml(html: string): string {
  return sanitizeHtml(html, CAPTION_HTML);
}

/** sanitize-html escapes these in text; the plain text wants them back. `&amp;` goes last. */
const ENTITIES: [RegExp, string][] = [
  [/&lt;/g, '<'],
  [/&gt;/g, '>'],
  [/&quot;/g, '"'],
  [/&#39;/g, "'"],
  [/&amp;/g, '&'],
];

/**
 * A caption as one line of plain text of at most `max` characters (code points, so a cut never
 * splits an emoji), line breaks as spaces, cut with '…'. The result is raw text: escape it for
 * wherever it goes.
 */
export function captionPlainText(html: string, max = 200): string {
  const spaced = html.replace(/<br\s*\/?>|<\/p>/gi, ' ');
  let text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  for (const [pattern, value] of ENTITIES) text = text.replace(pattern, value);
  text = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
