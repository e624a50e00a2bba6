/**
 * Novel downloads (spec 001 §7.4): the text as .txt (ruby as base(reading), pages apart) or as a
 * standalone .html page that reads offline: every piece of text escaped, the markup as elements,
 * and the embedded pictures inlined as data: URLs. The file is named by the dlFileNameTpl template
 * (a novel has one "page": index 0) and cut to 128 characters.
 */
import {
  novelPlainText,
  parseNovelMarkup,
  toProxiedImageUrl,
  type Novel,
  type NovelInline,
  type NovelText,
} from '@pv/core';
import { save } from '../../lib/download.ts';
import { formatFileName } from '../../lib/file-name.ts';

export type NovelDownloadFormat = 'txt' | 'html';

export function novelFileName(template: string, novel: Novel, format: NovelDownloadFormat) {
  return formatFileName(template, {
    artwork: { ...novel, width: 0, height: 0 },
    index: 0,
    ext: format,
  });
}

/** The .txt file: title, author and link, then the text. */
export function novelTxt(novel: Novel, text: NovelText): string {
  return `${novel.title}\n${novel.author.name}\n${novel.novel_url}\n\n${novelPlainText(text.text, true)}\n`;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function inlineHtml(c: NovelInline): string {
  switch (c.type) {
    case 'text':
      return escape(c.text);
    case 'ruby':
      return `<ruby>${escape(c.base)}<rp>(</rp><rt>${escape(c.reading)}</rt><rp>)</rp></ruby>`;
    case 'link':
      return `<a href="${escape(c.url)}" rel="noopener noreferrer">${escape(c.text)}</a>`;
    case 'jump':
      return `<a href="#page-${c.page}">→ ${c.page}</a>`;
  }
}

const STYLE =
  'body{max-width:42em;margin:2em auto;padding:0 1em;font:18px/2 serif;color:#222;background:#fdfcf8}' +
  'p{margin:0;white-space:pre-wrap}figure{margin:1em 0;text-align:center}img{max-width:100%;height:auto}' +
  'section+section{margin-top:3em;border-top:1px dashed #ccc;padding-top:2em}rt{font-size:.5em}';

/** The .html file; `images` maps the embed keys to data: URLs (a missing one is left out). */
export function novelHtml(novel: Novel, text: NovelText, images: Record<string, string>): string {
  const pages = parseNovelMarkup(text.text).map((p) => {
    const blocks = p.blocks.map((b) => {
      if (b.type === 'line')
        return b.content.length ? `<p>${b.content.map(inlineHtml).join('')}</p>` : '<p><br></p>';
      if (b.type === 'chapter') return `<h2>${b.content.map(inlineHtml).join('')}</h2>`;
      const src = images[b.key];
      return src?.startsWith('data:image/') ? `<figure><img src="${src}" alt=""></figure>` : '';
    });
    return `<section id="page-${p.page}">${blocks.join('\n')}</section>`;
  });
  return [
    '<!doctype html>',
    `<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escape(novel.title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${escape(novel.title)}</h1>`,
    `<p><a href="${escape(novel.novel_url)}">${escape(novel.author.name)}</a></p>`,
    ...pages,
    '</body></html>\n',
  ].join('\n');
}

async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** Fetches each embedded picture through the image proxy as a data: URL (failures left out). */
export async function inlineImages(
  text: NovelText,
  imageProxy: string | undefined,
  doFetch: typeof fetch,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [key, url] of Object.entries(text.embedImgs)) {
    const src = toProxiedImageUrl(url, imageProxy);
    if (!src) continue;
    try {
      const res = await doFetch(src);
      const blob = await res.blob();
      if (res.ok && blob.type.startsWith('image/')) out[key] = await dataUrl(blob);
    } catch {
      // A picture that does not load is left out of the file.
    }
  }
  return out;
}

export interface NovelDownloadOptions {
  format: NovelDownloadFormat;
  template: string;
  imageProxy?: string;
  fetch?: typeof fetch;
}

export async function downloadNovel(novel: Novel, text: NovelText, options: NovelDownloadOptions) {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const body =
    options.format === 'txt'
      ? novelTxt(novel, text)
      : novelHtml(novel, text, await inlineImages(text, options.imageProxy, doFetch));
  const type = options.format === 'txt' ? 'text/plain' : 'text/html';
  save(
    new Blob([body], { type: `${type};charset=utf-8` }),
    novelFileName(options.template, novel, options.format),
  );
}
