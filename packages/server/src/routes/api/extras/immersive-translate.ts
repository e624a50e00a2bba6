/**
 * `GET /api/novel-imt/{id}.html`: a novel's text as a plain page that loads Immersive Translate's
 * JS SDK (spec 001 §7.4, "Translators: immersive SDK"), which translates it in the page, beside
 * each paragraph. The SDK is a third-party script: it never runs in the app's origin (where the
 * refresh token lives). This page has a policy of its own: `sandbox allow-scripts` gives it an
 * opaque origin (no access to this origin's storage or cookies), scripts only from the SDK's host
 * and the one inline config with this answer's nonce.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Upstream } from '../../../plugins/upstream.ts';
import { keepOwnPolicy } from '../../../plugins/security.ts';
import { escapeHtml, readNovel, type Block, type NovelDocument } from './novel-html.ts';
import { loadNovel, refusalOf } from './translate.ts';
import type { TranslateConfig } from './translate-services.ts';
import { jsonForScript } from '../../json-for-script.ts';

/** The SDK's file on its host (TranslateHosts.immersive). */
export const IMMERSIVE_SDK_FILE = '/immersive-translate-sdk-latest.js';

const Params = z.object({
  file: z.string().regex(/^\d{1,12}\.html$/, 'a novel id followed by .html'),
});

export interface ImmersiveDeps {
  upstream: Upstream;
  /** The translation services; without it the route answers 503. */
  config?: TranslateConfig;
}

/** What the SDK translates: the title, the chapter headings and the paragraphs. */
const SELECTORS = ['h1', '.novel_text > h2', '.novel_text > p'];

function blockHtml(block: Block, doc: NovelDocument): string {
  if (block.kind === 'newpage') return '<hr>';
  if (block.kind !== 'line' && block.kind !== 'chapter') return '';
  const text = block.parts.map((p) => ('item' in p ? doc.items[p.item]! : p.text)).join('');
  if (!text.trim()) return '';
  return block.kind === 'chapter' ? `<h2>${escapeHtml(text)}</h2>` : `<p>${escapeHtml(text)}</p>`;
}

export function immersivePage(title: string, text: string, sdkUrl: string, nonce: string) {
  const doc = readNovel(text);
  // JSON escaped as the app's data blocks are: nothing in it can end the script early
  const config = jsonForScript({ pageRule: { selectors: SELECTORS } });
  return (
    '<!doctype html><html lang="ja"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{max-width:42em;margin:0 auto;padding:16px;font:18px/1.9 serif}' +
    '@media (prefers-color-scheme:dark){body{background:#16181d;color:#e6e6e6}}' +
    'hr{margin:2em 0}</style>' +
    `<script nonce="${nonce}">window.immersiveTranslateConfig = ${config};</script>` +
    `<script async src="${escapeHtml(sdkUrl)}"></script>` +
    `</head><body><h1>${escapeHtml(title)}</h1><main class="novel_text">` +
    doc.blocks.map((b) => blockHtml(b, doc)).join('') +
    '</main></body></html>'
  );
}

export function immersivePolicy(sdkOrigin: string, nonce: string): string {
  return [
    // an opaque origin: the SDK reaches nothing of this site's (storage, cookies, the app)
    'sandbox allow-scripts allow-popups',
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${sdkOrigin}`,
    // the SDK injects its own styles and fonts
    `style-src 'unsafe-inline' ${sdkOrigin}`,
    `img-src ${sdkOrigin} data: blob:`,
    `font-src ${sdkOrigin} data:`,
    // the translation services the user picks in the SDK
    'connect-src https:',
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export async function immersiveTranslateRoutes(
  app: FastifyInstance,
  deps: ImmersiveDeps,
): Promise<void> {
  app.get('/novel-imt/:file', async (req, reply) => {
    const p = Params.safeParse(req.params);
    if (!p.success) {
      return reply.code(422).send({
        error: 'invalid parameters',
        issues: p.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    if (!deps.config) return reply.code(503).send({ error: 'translation is not configured' });
    const id = Number(p.data.file.slice(0, -'.html'.length));
    let novel;
    try {
      novel = await loadNovel(deps.upstream, id);
    } catch (error) {
      const refusal = refusalOf(error, 'imt');
      return reply.code(refusal.status).send(refusal.body);
    }
    const sdkUrl = `${deps.config.hosts.immersive.replace(/\/$/, '')}${IMMERSIVE_SDK_FILE}`;
    const nonce = randomBytes(16).toString('base64');
    keepOwnPolicy(req);
    return reply
      .header('content-security-policy', immersivePolicy(new URL(sdkUrl).origin, nonce))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(immersivePage(novel.title ?? '', novel.text, sdkUrl, nonce));
  });
}
