/**
 * The first-card benchmark's limit contender (issue 33): a static page per landing page and
 * viewport, served by the very server under test from a web dist of its own. That dist is a
 * temporary folder of symbolic links to every entry of the built app (packages/web/dist, so the
 * server renders and serves the app exactly as from the build) plus `bench-limit/`, the limit pages.
 *
 * The server's static plugin (@fastify/static with `wildcard: false`) lists its files once, at its
 * start, and reads each at request time: the limit pages are created empty before the server
 * starts and written once the app has shown which cards they list. Like the build's files they
 * carry their `.br` and `.gz` forms beside them (static files are sent as stored, not compressed
 * on the fly).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Harvest } from './firstcard-page.ts';

const LIMIT_DIR = 'bench-limit';

export interface LimitDist {
  /** The folder to give the server as WEB_DIST. */
  dir: string;
  /** The URL path of a limit page. */
  path(name: string): string;
  write(name: string, html: string): void;
  remove(): void;
}

/** Makes the web dist with an empty limit page for each of `names`. */
export function makeLimitDist(webDist: string, names: readonly string[]): LimitDist {
  const dir = mkdtempSync(join(tmpdir(), 'pv-firstcard-'));
  for (const entry of readdirSync(webDist)) symlinkSync(join(webDist, entry), join(dir, entry));
  mkdirSync(join(dir, LIMIT_DIR));
  const file = (name: string) => join(dir, LIMIT_DIR, `${name}.html`);
  const write = (name: string, html: string) => {
    const body = Buffer.from(html);
    writeFileSync(file(name), body);
    writeFileSync(
      `${file(name)}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file(name)}.gz`, gzipSync(body, { level: 9 }));
  };
  for (const name of names) write(name, '');
  return {
    dir,
    path: (name) => `/${LIMIT_DIR}/${name}.html`,
    write,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The limit page for what the app showed: its title, then its pictures as `<img>` at the size the
 * app drew them (in the document's flow: the server's CSP allows no inline style, and a stylesheet
 * would be one more request than the limit needs), or the novel's lines as plain `<h3>` and `<p>`.
 * No script. The app's `data-testid`s are kept so that one recorder measures both pages.
 *
 * `text`: each card's own text too (its title and author, or its caption), as plain spans under
 * its picture: the same cards with what a person reads of them (the first-paint probe's
 * `--limit-text`; the benchmark's limit is without it, as issue 33 set it).
 */
export function limitHtml(harvest: Harvest, { text = false } = {}): string {
  const pictures = harvest.pictures.map((p) => {
    const img = `<img src="${escape(p.src)}" width="${p.width}" height="${p.height}" alt="${escape(p.alt)}">`;
    if (p.picture) return `<span data-testid="artwork-picture">${img}</span>`;
    const href = p.href ? ` href="${escape(p.href)}"` : '';
    const card = `<a data-testid="artwork-card"${href}>${img}</a>`;
    if (!text || p.text.length === 0) return card;
    return `${card}<div>${p.text.map((t) => `<span>${escape(t)}</span>`).join(' ')}</div>`;
  });
  const lines = harvest.lines.map((l) => `<${l.tag}>${escape(l.text)}</${l.tag}>`);
  return [
    `<!doctype html><html lang="${escape(harvest.lang || 'en')}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(harvest.title)}</title></head><body><h1>${escape(harvest.title)}</h1>`,
    pictures.join(''),
    lines.length > 0 ? `<article data-testid="novel-text">${lines.join('')}</article>` : '',
    '</body></html>\n',
  ].join('');
}
