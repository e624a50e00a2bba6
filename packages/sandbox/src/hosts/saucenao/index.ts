/**
 * saucenao.com, the reverse image search pixiv viewers use: `POST /search.php?output_type=2`
 * with a multipart `file`, answering SauceNAO's JSON (a header, then results each with a header
 * {similarity, thumbnail, index_id, index_name} and data {ext_urls, title, pixiv_id,
 * member_name, member_id}). Matches are real perceptual similarity over the dataset
 * (data/image-index.ts). Thumbnails point at i.pximg.net (SauceNAO's own image hosts are not
 * simulated).
 */
import type { FastifyInstance } from 'fastify';
import { workPageUrls } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';

export const NOT_AN_IMAGE = 'Specified file does not seem to be an image, or is too large.';
const MAX_BYTES = 20 * 1024 * 1024;

function header(status: number, extra: object = {}) {
  return {
    user_id: '0',
    account_type: '0',
    short_limit: '4',
    long_limit: '100',
    long_remaining: 99,
    short_remaining: 3,
    status,
    results_requested: 16,
    index: { '5': { status: 0, parent_id: 5, id: 5, results: 16 } },
    search_depth: '128',
    minimum_similarity: 30,
    ...extra,
  };
}

export function registerSaucenao(app: FastifyInstance, state: SandboxState): void {
  app.post('/search.php', async (req, reply) => {
    const numres = Math.min(
      40,
      Math.max(1, Number((req.query as { numres?: string }).numres ?? 16) || 16),
    );
    let bytes: Buffer | undefined;
    let mime = '';
    if (req.isMultipart()) {
      for await (const part of req.parts({ limits: { fileSize: MAX_BYTES, files: 1 } })) {
        if (part.type === 'file' && part.fieldname === 'file') {
          mime = part.mimetype;
          bytes = await part.toBuffer();
        }
      }
    }
    if (!bytes || !mime.startsWith('image/')) {
      return reply.code(400).send({ header: header(-3, { message: NOT_AN_IMAGE }) });
    }
    let matches: Awaited<ReturnType<typeof state.imageIndex.search>>;
    try {
      matches = await state.imageIndex.search(bytes, numres);
    } catch {
      return reply.code(400).send({ header: header(-3, { message: NOT_AN_IMAGE }) });
    }
    return {
      header: header(0, { results_returned: matches.length }),
      results: matches.map(({ work, similarity }) => ({
        header: {
          similarity: similarity.toFixed(2),
          thumbnail: workPageUrls(work, 0).square_medium,
          index_id: 5,
          index_name: `Index #5: Pixiv Images - ${work.id}_p0.${work.originalExt}`,
          dupes: 0,
          hidden: 0,
        },
        data: {
          ext_urls: [`https://www.pixiv.net/member_illust.php?mode=medium&illust_id=${work.id}`],
          title: work.title,
          pixiv_id: work.id,
          member_name: work.user.name,
          member_id: work.user.id,
        },
      })),
    };
  });
}
