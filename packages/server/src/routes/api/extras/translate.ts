/**
 * Novel translation (spec 001 §2.10, §7.2): `GET /api/pixiv-novel-translate/{id}.html?srv=sc|ms|gg|yd
 * [&to=zh-CN|zh-TW|en][&nots=1][&aimd=glm|qwen|deepseek|1]`. The novel's text comes through the
 * upstream app API as the mirror's `novel_text` reads it (the `/webview/v2/novel` page), goes
 * through the chosen service line by line, and comes back as escaped HTML: by default each
 * translated paragraph with its original below it, with `nots` the translation only. With `aimd`
 * (`srv=sc` only) the chat completion is streamed and so is the answer, paragraph by paragraph.
 * Errors answer JSON `{error}` (the web client tells them from HTML by the leading `{`): 422 bad
 * parameters, 404 unknown novel, 502 upstream or service failure, 504 service timeout; once a
 * stream has started, a failure ends it with an error paragraph.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawWebviewNovel } from '@pv/core';
import { PixivError } from '@pv/pixiv';
import { z } from 'zod';
import type { ResponseCache } from '../../../plugins/cache.ts';
import { isRateLimitBody, type Upstream } from '../../../plugins/upstream.ts';
import { cacheMode } from '../pixiv/index.ts';
import { NOVEL_ENDPOINTS } from '../pixiv/novel-endpoints.ts';
import { parseWebviewNovel } from '../pixiv/webview.ts';
import { NovelHtmlWriter, escapeHtml, readNovel } from './novel-html.ts';
import {
  AI_MODELS,
  DEFAULT_AI_MODEL,
  TRANSLATE_SERVICES,
  TRANSLATE_TARGETS,
  TranslateFailure,
  YOUDAO_TYPES,
  translateLines,
  type TranslateConfig,
  type TranslateOptions,
} from './translate-services.ts';

/** A translated novel is kept a day (the text rarely changes; translation costs). */
export const TRANSLATION_TTL = 86_400;

const flag = z
  .enum(['1', 'true', '0', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const Params = z.object({
  file: z.string().regex(/^\d{1,12}\.html$/, 'a novel id followed by .html'),
});
const Query = z
  .object({
    srv: z.enum(TRANSLATE_SERVICES),
    to: z.enum(TRANSLATE_TARGETS).default('zh-CN'),
    nots: flag,
    aimd: z.enum(['1', ...Object.keys(AI_MODELS)]).optional(),
  })
  .refine((q) => q.aimd === undefined || q.srv === 'sc', {
    path: ['aimd'],
    message: 'aimd needs srv=sc',
  })
  .refine((q) => q.srv !== 'yd' || YOUDAO_TYPES[q.to] !== undefined, {
    path: ['to'],
    message: 'Youdao does not translate into this language',
  });
type TranslateQuery = z.infer<typeof Query>;

export interface TranslateDeps {
  upstream: Upstream;
  cache: ResponseCache;
  /** The services; without it the route answers 503. */
  config?: TranslateConfig;
}

/** A failure with the status and body it is answered with. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string; detail?: string },
  ) {
    super(body.error);
  }
}

export function refusalOf(error: unknown, service: string): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof TranslateFailure) {
    return error.kind === 'timeout'
      ? new Refusal(504, { error: 'translation service timed out', detail: service })
      : new Refusal(502, {
          error: 'translation service failed',
          detail: `${service}: ${error.message}`,
        });
  }
  if (error instanceof PixivError) {
    return new Refusal(error.kind === 'timeout' ? 504 : 502, { error: 'upstream request failed' });
  }
  throw error;
}

/** The webview novel object, through the mirror's novel_text upstream call. */
export async function loadNovel(upstream: Upstream, id: number): Promise<RawWebviewNovel> {
  const client = upstream.appApi();
  const { path, query } = NOVEL_ENDPOINTS.novel_text!.upstream({ id });
  const res = await client.getText(path, query);
  if (res.status === 404) throw new Refusal(404, { error: 'novel not found' });
  if (res.status !== 200 || res.contentType.includes('json')) {
    let body: unknown = null;
    try {
      body = JSON.parse(res.text);
    } catch {
      // Not JSON: an upstream failure all the same.
    }
    if (isRateLimitBody(body)) client.rateLimited();
    throw new Refusal(502, { error: 'upstream request failed' });
  }
  const novel = parseWebviewNovel(res.text) as RawWebviewNovel | null;
  if (!novel || typeof novel.text !== 'string')
    throw new Refusal(404, { error: 'novel not found' });
  return novel;
}

interface Job {
  novel: RawWebviewNovel;
  query: TranslateQuery;
  config: TranslateConfig;
  write: (html: string) => void;
  onOpen?: () => void;
  signal?: AbortSignal;
}

/** Translates and writes the whole document through `write`, block by block. */
async function translateNovel(job: Job): Promise<void> {
  const doc = readNovel(job.novel.text);
  const writer = new NovelHtmlWriter(doc, { novel: job.novel, nots: job.query.nots });
  const options: TranslateOptions = {
    service: job.query.srv,
    to: job.query.to,
    model: job.query.aimd === '1' ? DEFAULT_AI_MODEL : job.query.aimd,
    stream: job.query.aimd !== undefined,
    signal: job.signal,
    onOpen: job.onOpen,
    onLine: (index, text) => {
      writer.add(index, text);
      const html = writer.take();
      if (html) job.write(html);
    },
  };
  job.write(writer.head(job.query.to));
  // Blocks before the first line to translate (images at the top) are ready at once.
  const ready = writer.take();
  if (ready) job.write(ready);
  await translateLines(job.config, doc.items, options);
  job.write(writer.take() + writer.tail());
}

function invalid(reply: FastifyReply, issues: z.core.$ZodIssue[]) {
  return reply.code(422).send({
    error: 'invalid parameters',
    issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export async function translateRoutes(app: FastifyInstance, deps: TranslateDeps): Promise<void> {
  app.get('/pixiv-novel-translate/:file', async (req, reply) => {
    const p = Params.safeParse(req.params);
    if (!p.success) return invalid(reply, p.error.issues);
    const q = Query.safeParse(req.query);
    if (!q.success) return invalid(reply, q.error.issues);
    const config = deps.config;
    if (!config) return reply.code(503).send({ error: 'translation is not configured' });
    const id = Number(p.data.file.slice(0, -'.html'.length));
    // strangers' text as HTML from our origin: were an escaping slip ever to let markup through,
    // the sandbox keeps it from running script or reaching this origin's storage
    reply.header('content-security-policy', 'sandbox');
    if (q.data.aimd !== undefined) return stream(req, reply, deps.upstream, id, q.data, config);
    const key = `novel-translate:${id}:${q.data.srv}:${q.data.to}:${q.data.nots ? 1 : 0}`;
    try {
      const result = await deps.cache.fetch(
        key,
        TRANSLATION_TTL,
        cacheMode(req.headers['cache-control']),
        async () => {
          const novel = await loadNovel(deps.upstream, id);
          let html = '';
          await translateNovel({ novel, query: q.data, config, write: (h) => (html += h) });
          return { body: html, cacheable: true };
        },
      );
      reply.header('cache-control', result.maxAge > 0 ? `max-age=${result.maxAge}` : 'no-cache');
      if (result.source === 'hit') reply.header('x-cache-hit', 'true');
      return reply.type('text/html; charset=utf-8').send(result.value);
    } catch (error) {
      const refusal = refusalOf(error, q.data.srv);
      req.log.warn({ novel: id, srv: q.data.srv, err: refusal.body }, 'novel translation failed');
      return reply.code(refusal.status).send(refusal.body);
    }
  });
}

/**
 * The AI mode: the answer starts once the model has accepted the first request (so a refused
 * request still answers a JSON error), then each paragraph is sent as its last line arrives.
 */
async function stream(
  req: FastifyRequest,
  reply: FastifyReply,
  upstream: Upstream,
  id: number,
  query: TranslateQuery,
  config: TranslateConfig,
) {
  let novel: RawWebviewNovel;
  try {
    novel = await loadNovel(upstream, id);
  } catch (error) {
    const refusal = refusalOf(error, query.srv);
    return reply.code(refusal.status).send(refusal.body);
  }
  const out = new PassThrough();
  const gone = new AbortController();
  reply.raw.on('close', () => gone.abort());
  let opened = false;
  let buffered = '';
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const write = (html: string) => {
    if (opened) out.write(html);
    else buffered += html;
  };
  const open = () => {
    opened = true;
    out.write(buffered);
    buffered = '';
    start();
  };
  const job = translateNovel({ novel, query, config, write, onOpen: open, signal: gone.signal })
    .then(() => {
      if (!opened) open();
      out.end();
    })
    .catch((error: unknown) => {
      if (!opened) throw error;
      const refusal = refusalOf(error, query.srv);
      if (!(error instanceof TranslateFailure && error.kind === 'aborted')) {
        req.log.warn(
          { novel: id, srv: query.srv, err: refusal.body },
          'novel translation stream failed',
        );
      }
      out.end(
        `<p class="pv-translate-error" role="alert">${escapeHtml(refusal.body.error)}</p></section></article>`,
      );
    });
  try {
    await Promise.race([started, job]);
  } catch (error) {
    const refusal = refusalOf(error, query.srv);
    req.log.warn({ novel: id, srv: query.srv, err: refusal.body }, 'novel translation failed');
    return reply.code(refusal.status).send(refusal.body);
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(out);
}
