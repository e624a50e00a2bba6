/**
 * The work page `GET /artworks/{id}` (and `/en/artworks/{id}`) on www.pixiv.net, as HTML: the
 * document carries the work in `<meta name="preload-data" id="meta-preload-data" content='…'>`,
 * a JSON object `{timestamp, illust: {<id>: <the /ajax/illust/{id} body>}, user: {<id>: <the
 * /ajax/user/{id} card>}}` in a single-quoted attribute, so its double quotes stay as they are
 * (what pixiv.ts' `util.viewLink` reads with `/(?<="regular":")(.*?)(?=")/`, and the scrapers
 * that parse the attribute). A work the caller may not see has `"regular":null`, as in the
 * ajax body. An unknown or malformed id is pixiv's 404 page.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../../state.ts';
import { webUserSummary } from './user-profile.ts';
import { illustBody, utcIso, webViewerOf } from './web-json.ts';

/** Text for a single-quoted HTML attribute: `&`, `'` and `<` escaped, `"` left as it is. */
function attribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function notFoundPage(lang: string): string {
  return `<!DOCTYPE html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>pixiv</title></head><body><p>ページが見つかりません</p></body></html>`;
}

export function registerArtworkPages(app: FastifyInstance, state: SandboxState): void {
  for (const [prefix, lang] of [
    ['', 'ja'],
    ['/en', 'en'],
  ] as const) {
    app.get(`${prefix}/artworks/:id`, async (req, reply) => {
      reply.header('content-type', 'text/html; charset=utf-8');
      const { id } = req.params as { id: string };
      const work = /^\d{1,12}$/.test(id) ? state.data.workById(Number(id)) : undefined;
      if (!work) return reply.code(404).send(notFoundPage(lang));
      const body = illustBody(state, work, webViewerOf(req));
      const preload = {
        timestamp: utcIso(state.now),
        illust: { [String(work.id)]: body },
        user: { [String(work.user.id)]: webUserSummary(state, req, work.user) },
      };
      const meta = body.extraData.meta;
      return reply.send(
        [
          '<!DOCTYPE html>',
          `<html lang="${lang}"><head><meta charset="utf-8">`,
          `<title>${escapeHtml(meta.title)}</title>`,
          `<link rel="canonical" href="${meta.canonical}">`,
          `<meta property="og:image" content="${attribute(meta.ogp.image)}">`,
          `<meta name="preload-data" id="meta-preload-data" content='${attribute(JSON.stringify(preload))}'>`,
          '</head><body><div id="root"></div></body></html>',
        ].join('\n'),
      );
    });
  }
}
