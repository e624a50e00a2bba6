/**
 * `POST /api/image-search` (spec 000 §2 "Image search", §7): a multipart `file` (image/* only,
 * at most 10 MB) goes to the reverse image search (SauceNAO's API, or the sandbox's stand-in);
 * the answer is `{results: [{data: {id, ext_urls, title, member_name}, header: {thumbnail,
 * similarity}}]}` with only pixiv results above 50 %, most similar first. Errors answer
 * `{error}` with the spec's message key.
 */
import type { FastifyInstance } from 'fastify';
import { HTTP_TIMEOUT_MS, IMAGE_SEARCH_MIN_SIMILARITY } from '@pv/core';

export const IMAGE_SEARCH_MAX_BYTES = 10 * 1024 * 1024;

export interface ImageSearchDeps {
  /** Base URL of the search service (https://saucenao.com or the sandbox's). */
  base: string;
  apiKey?: string;
  timeoutMs?: number;
}

interface SauceResult {
  header?: { similarity?: string; thumbnail?: string };
  data?: { pixiv_id?: number; ext_urls?: string[]; title?: string; member_name?: string };
}

export async function imageSearchRoutes(
  app: FastifyInstance,
  deps: ImageSearchDeps,
): Promise<void> {
  app.post('/api/image-search', async (req, reply) => {
    if (!req.isMultipart()) {
      return reply.code(400).send({ error: 'search.img.placeholder' });
    }
    let file: { bytes: Buffer; mime: string; name: string } | undefined;
    try {
      for await (const part of req.parts({
        limits: { fileSize: IMAGE_SEARCH_MAX_BYTES, files: 1, fields: 5 },
      })) {
        if (part.type === 'file' && part.fieldname === 'file') {
          const bytes = await part.toBuffer();
          file = { bytes, mime: part.mimetype, name: part.filename || 'image' };
        }
      }
    } catch (error) {
      req.log.info({ err: (error as Error).message }, 'image search upload refused');
      return reply.code(413).send({ error: 'search.img.too_large' });
    }
    if (!file || !file.mime.startsWith('image/')) {
      return reply.code(400).send({ error: 'search.img.placeholder' });
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name);
    const params = new URLSearchParams({ output_type: '2', numres: '16', db: '5' });
    if (deps.apiKey) params.set('api_key', deps.apiKey);
    let body: { header?: { status?: number }; results?: SauceResult[] };
    try {
      const res = await fetch(`${deps.base.replace(/\/$/, '')}/search.php?${params}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.timeoutMs ?? HTTP_TIMEOUT_MS),
      });
      body = (await res.json()) as typeof body;
      // SauceNAO's negative status is the client's fault (-3: not an image it can read): the
      // file is refused, the service is not down.
      if (res.status === 400 && (body.header?.status ?? 0) < 0) {
        return reply.code(422).send({ error: 'search.img.err' });
      }
      if (!res.ok || !Array.isArray(body.results)) {
        return reply.code(502).send({ error: 'search.img.err' });
      }
    } catch {
      return reply.code(502).send({ error: 'search.img.err' });
    }
    const results = body
      .results!.map((r) => ({
        data: {
          id: Number(r.data?.pixiv_id),
          ext_urls: r.data?.ext_urls ?? [],
          title: r.data?.title ?? '',
          member_name: r.data?.member_name ?? '',
        },
        header: { thumbnail: r.header?.thumbnail ?? '', similarity: Number(r.header?.similarity) },
      }))
      .filter(
        (r) =>
          Number.isSafeInteger(r.data.id) &&
          r.data.id > 0 &&
          r.header.similarity > IMAGE_SEARCH_MIN_SIMILARITY,
      )
      .sort((a, b) => b.header.similarity - a.header.similarity);
    return { results };
  });
}
