/**
 * A novel's pixiv markup read into blocks whose prose is a list of single lines to translate, and
 * those blocks written as HTML once their lines are translated. Every piece of upstream text is
 * escaped; links are written only for http(s) URLs; images only for i.pximg.net, through this
 * server's `/i/` proxy. So nothing from upstream reaches the page as markup.
 */
import type { RawWebviewNovel } from '@pv/core';

/** A prose line longer than this is cut at sentence ends, so that every batch stays small. */
export const MAX_ITEM_CHARS = 1_500;

type Part = { item: number; href?: string } | { text: string };

export type Block =
  | { kind: 'newpage' }
  | { kind: 'blank' }
  | { kind: 'chapter'; parts: Part[]; original: string }
  | { kind: 'line'; parts: Part[]; original: string }
  | { kind: 'illust'; id: number; page: number }
  | { kind: 'image'; id: string }
  | { kind: 'jump'; page: number };

export interface NovelDocument {
  blocks: Block[];
  /** The lines to translate; blocks refer to them by index. */
  items: string[];
}

const RUBY = /\[\[rb:(.*?)>(.*?)\]\]/g;
const JUMPURI = /\[\[jumpuri:(.*?)>\s*(.*?)\s*\]\]/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Ruby keeps its base text for translation; the reading helps only Japanese readers. */
const rubyBase = (text: string) => text.replace(RUBY, (_m, base: string) => base.trim());

/** Cuts a long line after sentence ends (。！？) into pieces of at most MAX_ITEM_CHARS. */
function cut(text: string): string[] {
  if (text.length <= MAX_ITEM_CHARS) return [text];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of text.match(/[^。！？]+[。！？]*|[。！？]+/g) ?? [text]) {
    for (let at = 0; at < sentence.length; at += MAX_ITEM_CHARS) {
      const part = sentence.slice(at, at + MAX_ITEM_CHARS);
      if (current.length + part.length > MAX_ITEM_CHARS && current) {
        pieces.push(current);
        current = '';
      }
      current += part;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

export function readNovel(text: string): NovelDocument {
  const blocks: Block[] = [];
  const items: string[] = [];
  const parts = (prose: string): Part[] => {
    const out: Part[] = [];
    const add = (raw: string, href?: string) => {
      const plain = rubyBase(raw);
      if (!plain.trim()) {
        if (plain) out.push({ text: plain });
        return;
      }
      for (const piece of cut(plain)) {
        items.push(piece);
        out.push({ item: items.length - 1, href });
      }
    };
    let last = 0;
    for (const m of prose.matchAll(JUMPURI)) {
      add(prose.slice(last, m.index));
      add(m[1]!.trim(), safeHref(m[2]!));
      last = m.index + m[0].length;
    }
    add(prose.slice(last));
    return out;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    let m: RegExpExecArray | null;
    if (line === '[newpage]') blocks.push({ kind: 'newpage' });
    else if (line === '') blocks.push({ kind: 'blank' });
    else if ((m = /^\[chapter:(.*)\]$/.exec(line))) {
      blocks.push({ kind: 'chapter', parts: parts(m[1]!), original: m[1]! });
    } else if ((m = /^\[pixivimage:(\d+)(?:-(\d+))?\]$/.exec(line))) {
      blocks.push({ kind: 'illust', id: Number(m[1]), page: Number(m[2] ?? 1) });
    } else if ((m = /^\[uploadedimage:(\d+)\]$/.exec(line))) {
      blocks.push({ kind: 'image', id: m[1]! });
    } else if ((m = /^\[jump:(\d+)\]$/.exec(line))) {
      blocks.push({ kind: 'jump', page: Number(m[1]) });
    } else {
      blocks.push({ kind: 'line', parts: parts(raw), original: raw });
    }
  }
  return { blocks, items };
}

/** http(s) URLs only: anything else (javascript:, data:) is shown as text. */
function safeHref(url: string): string | undefined {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** i.pximg.net images through this server's proxy; anything else is not shown. */
function proxied(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || u.hostname !== 'i.pximg.net' || u.search) return undefined;
    return `/i${u.pathname}`;
  } catch {
    return undefined;
  }
}

const link = (href: string, inner: string) =>
  `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">${inner}</a>`;

/** The original line with its ruby and links, for the bilingual view. */
function originalHtml(raw: string): string {
  const tokens = /\[\[rb:(.*?)>(.*?)\]\]|\[\[jumpuri:(.*?)>\s*(.*?)\s*\]\]/g;
  let out = '';
  let last = 0;
  for (const m of raw.matchAll(tokens)) {
    out += escapeHtml(raw.slice(last, m.index));
    if (m[1] !== undefined) {
      out += `<ruby>${escapeHtml(m[1].trim())}<rt>${escapeHtml(m[2]!.trim())}</rt></ruby>`;
    } else {
      const href = safeHref(m[4]!);
      out += href ? link(href, escapeHtml(m[3]!.trim())) : escapeHtml(m[3]!.trim());
    }
    last = m.index + m[0].length;
  }
  return out + escapeHtml(raw.slice(last));
}

export interface RenderOptions {
  novel: Pick<RawWebviewNovel, 'illusts' | 'images'>;
  /** Translation only, without the original line under it. */
  nots: boolean;
}

/** Writes blocks as their lines arrive: `add` stores a line, `take` answers the HTML now ready. */
export class NovelHtmlWriter {
  private readonly done: (string | undefined)[];
  private next = 0;
  private page = 1;

  constructor(
    private readonly doc: NovelDocument,
    private readonly options: RenderOptions,
  ) {
    this.done = new Array<string | undefined>(doc.items.length);
  }

  get finished(): boolean {
    return this.next >= this.doc.blocks.length;
  }

  add(index: number, text: string): void {
    this.done[index] = text;
  }

  /** The opening of the document. */
  head(lang: string): string {
    return `<article class="pv-novel-translation" lang="${escapeHtml(lang)}"><section class="pv-novel-page" id="page-1">`;
  }

  tail(): string {
    return '</section></article>';
  }

  /** HTML of every block whose lines are all translated, from where the last call stopped. */
  take(): string {
    let html = '';
    while (this.next < this.doc.blocks.length) {
      const block = this.doc.blocks[this.next]!;
      const text = this.translated(block);
      if (text === null) break;
      html += this.block(block, text);
      this.next++;
    }
    return html;
  }

  private translated(block: Block): string | null {
    if (block.kind !== 'chapter' && block.kind !== 'line') return '';
    let html = '';
    for (const part of block.parts) {
      if ('text' in part) {
        html += escapeHtml(part.text);
        continue;
      }
      const text = this.done[part.item];
      if (text === undefined) return null;
      html += part.href ? link(part.href, escapeHtml(text)) : escapeHtml(text);
    }
    return html;
  }

  private block(block: Block, translated: string): string {
    const original = (raw: string) =>
      this.options.nots ? '' : `<p class="pv-novel-original" lang="ja">${originalHtml(raw)}</p>`;
    switch (block.kind) {
      case 'newpage':
        this.page++;
        return `</section><section class="pv-novel-page" id="page-${this.page}">`;
      case 'blank':
        return '<br>';
      case 'chapter':
        return `<h2 class="pv-novel-chapter">${translated}</h2>${original(block.original)}`;
      case 'line':
        return `<p>${translated}</p>${original(block.original)}`;
      case 'jump':
        return `<p class="pv-novel-jump"><a href="#page-${block.page}">${block.page}</a></p>`;
      case 'illust': {
        const map = Array.isArray(this.options.novel.illusts) ? {} : this.options.novel.illusts;
        const entry =
          map[`${block.id}-${block.page}`] ?? (block.page === 1 ? map[`${block.id}`] : undefined);
        const src = entry?.visible
          ? proxied(entry.illust?.images.medium ?? entry.illust?.images.original)
          : undefined;
        const inner = src
          ? `<img src="${escapeHtml(src)}" alt="" loading="lazy">`
          : String(block.id);
        return `<figure class="pv-novel-image"><a href="/artworks/${block.id}">${inner}</a></figure>`;
      }
      case 'image': {
        const map = Array.isArray(this.options.novel.images) ? {} : this.options.novel.images;
        const src = proxied(map[block.id]?.urls?.['1200x1200'] ?? map[block.id]?.urls?.original);
        return src
          ? `<figure class="pv-novel-image"><img src="${escapeHtml(src)}" alt="" loading="lazy"></figure>`
          : '';
      }
    }
  }
}
