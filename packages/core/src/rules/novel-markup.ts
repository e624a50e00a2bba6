/**
 * pixiv's novel markup (pixiv-upstream.md §1.2 webview): pages split on `[newpage]`, headings
 * `[chapter:…]`, ruby `[[rb:漢字 > かんじ]]`, links `[[jumpuri:text > https://…]]`, page jumps
 * `[jump:n]`, and embedded images `[pixivimage:<illustId>(-<page>)]` and
 * `[uploadedimage:<imageId>]`. Parsed into plain data the reader renders; nothing here makes
 * HTML, so no markup can inject any.
 */

export type NovelInline =
  | { type: 'text'; text: string }
  | { type: 'ruby'; base: string; reading: string }
  /** Only http(s) targets become links; anything else stays text. */
  | { type: 'link'; text: string; url: string }
  /** A link to another page of the same novel (1-based). */
  | { type: 'jump'; page: number };

export type NovelBlock =
  /** One line of text; an empty `content` is a blank line. */
  | { type: 'line'; content: NovelInline[] }
  | { type: 'chapter'; title: string; content: NovelInline[] }
  /** `[pixivimage:id-page]`: a page (1-based) of an illust; `key` finds it in `embedImgs`. */
  | { type: 'illust'; illustId: number; page: number; key: string }
  /** `[uploadedimage:id]`: an image uploaded with the novel. */
  | { type: 'uploaded'; imageId: number; key: string };

export interface NovelPage {
  /** 1-based. */
  page: number;
  blocks: NovelBlock[];
}

const NEWPAGE = /\n?\[newpage\]\n?/;
// Block tokens; a chapter title may itself hold ruby.
const BLOCK =
  /\[chapter:((?:\[\[rb:[^\]]*\]\]|[^\]])+)\]|\[pixivimage:(\d{1,15})(?:-(\d{1,4}))?\]|\[uploadedimage:(\d{1,15})\]/g;
// Inline tokens hold no brackets, so markup inside markup never nests: the innermost token is
// read and the rest stays text. A link target is one run without spaces, quotes or brackets.
const INLINE =
  /\[\[rb:\s*([^[\]>]+?)\s*>\s*([^[\]]+?)\s*\]\]|\[\[jumpuri:\s*([^[\]>]+?)\s*>\s*([^\s[\]<>"]+)\s*\]\]|\[jump:(\d{1,6})\]/g;

/** The key of an embedded image in `NovelText.embedImgs`. */
export function novelEmbedKey(
  kind: 'uploadedimage' | 'pixivimage',
  id: number | string,
  page = 1,
): string {
  return kind === 'pixivimage' && page > 1 ? `pixivimage:${id}-${page}` : `${kind}:${id}`;
}

/** The pages of a text, split on `[newpage]` (line breaks around the marker dropped). */
export function splitNovelPages(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(NEWPAGE);
}

function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Inline markup of one line: text, ruby, links and page jumps. */
export function parseNovelInline(line: string): NovelInline[] {
  const out: NovelInline[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const prev = out.at(-1);
    if (prev?.type === 'text') prev.text += text;
    else out.push({ type: 'text', text });
  };
  for (const m of line.matchAll(INLINE)) {
    push(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      // A ruby without a reading is its base alone; one without a base stays as written.
      const [base, reading] = [m[1].trim(), m[2]!.trim()];
      if (!base) push(m[0]);
      else if (reading) out.push({ type: 'ruby', base, reading });
      else push(base);
    } else if (m[3] !== undefined) {
      if (isWebUrl(m[4]!)) out.push({ type: 'link', text: m[3], url: m[4]! });
      else push(m[3]);
    } else out.push({ type: 'jump', page: Number(m[5]) });
  }
  push(line.slice(last));
  return out;
}

function plainOf(content: NovelInline[]): string {
  return content
    .map((c) => (c.type === 'ruby' ? c.base : c.type === 'jump' ? '' : c.text))
    .join('');
}

function parseLine(line: string, blocks: NovelBlock[]): void {
  let last = 0;
  let any = false;
  const text = (part: string) => {
    if (part.trim()) blocks.push({ type: 'line', content: parseNovelInline(part) });
  };
  for (const m of line.matchAll(BLOCK)) {
    any = true;
    text(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      const content = parseNovelInline(m[1].trim());
      blocks.push({ type: 'chapter', title: plainOf(content), content });
    } else if (m[2] !== undefined) {
      const page = m[3] === undefined ? 1 : Math.max(1, Number(m[3]));
      const key = novelEmbedKey('pixivimage', m[2], page);
      blocks.push({ type: 'illust', illustId: Number(m[2]), page, key });
    } else {
      blocks.push({
        type: 'uploaded',
        imageId: Number(m[4]),
        key: novelEmbedKey('uploadedimage', m[4]!),
      });
    }
  }
  if (!any) blocks.push({ type: 'line', content: parseNovelInline(line) });
  else text(line.slice(last));
}

/** A text as pages of blocks, for the reader. */
export function parseNovelMarkup(text: string): NovelPage[] {
  const texts = splitNovelPages(text);
  // A jump to a page the text does not have leads nowhere: it is left out.
  const inRange = (c: NovelInline) => c.type !== 'jump' || (c.page >= 1 && c.page <= texts.length);
  return texts.map((pageText, i) => {
    const blocks: NovelBlock[] = [];
    for (const line of pageText.split('\n')) parseLine(line, blocks);
    for (const b of blocks)
      if (b.type === 'line' || b.type === 'chapter') b.content = b.content.filter(inRange);
    return { page: i + 1, blocks };
  });
}

/** The chapters of a text with the page each starts on, for a table of contents. */
export function novelChapters(pages: NovelPage[]): { page: number; title: string }[] {
  return pages.flatMap((p) =>
    p.blocks.flatMap((b) => (b.type === 'chapter' ? [{ page: p.page, title: b.title }] : [])),
  );
}

/**
 * The text without markup, as a reader sees it: ruby by its base (or `base(reading)` with
 * `withReadings`, for a .txt download), links by their text, chapters by their title, images
 * and page markers left out, pages separated by a blank line.
 */
export function novelPlainText(text: string, withReadings = false): string {
  return parseNovelMarkup(text)
    .map((p) =>
      p.blocks
        .flatMap((b) => {
          if (b.type === 'line' || b.type === 'chapter')
            return [
              b.content
                .map((c) =>
                  c.type === 'ruby'
                    ? withReadings
                      ? `${c.base}(${c.reading})`
                      : c.base
                    : c.type === 'jump'
                      ? ''
                      : c.text,
                )
                .join(''),
            ];
          return [];
        })
        .join('\n'),
    )
    .join('\n\n');
}

/** Visible characters: the plain text without line breaks (what `text_length` counts). */
export function novelVisibleLength(text: string): number {
  return novelPlainText(text).replace(/\n/g, '').length;
}
