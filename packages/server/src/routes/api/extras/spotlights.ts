/**
 * pixivision for the app (spec 000 §2 Spotlights): `GET /api/spotlights?type=&page=&lang=`
 * (all articles, or one of the seven tabs) and `GET /api/spotlight/{id}?lang=`, scraped from
 * pixivision's pages into the spec's shapes. 404 when pixivision has no such page. The same data
 * answers the previous-generation viewer's PxveAPI routes, `/api/pixivision…`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SPOTLIGHT_LANGS,
  SPOTLIGHT_TABS,
  type SpotlightDetail,
  type SpotlightLang,
  type SpotlightList,
  type SpotlightTab,
} from '@pv/core';
import { PixivError, createPixivisionClient } from '@pv/pixiv';
import { z } from 'zod';
import type { CacheMode, CachedResult, ResponseCache } from '../../../plugins/cache.ts';
import type { Upstream } from '../../../plugins/upstream.ts';
import { cacheMode } from '../pixiv/index.ts';
import {
  PxveArticleQuery,
  PxveDetailQuery,
  PxveListQuery,
  pxveArticleShape,
  pxveListShape,
} from './pxve-pixivision.ts';

/** List pages change through the day; articles hardly ever. */
export const SPOTLIGHT_LIST_TTL = 3_600;
export const SPOTLIGHT_ARTICLE_TTL = 86_400;

const lang = z.enum(SPOTLIGHT_LANGS).default('ja');
const ListQuery = z.object({
  type: z.enum(SPOTLIGHT_TABS).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  lang,
});
const ArticleQuery = z.object({ lang });
const ArticleParams = z.object({ id: z.coerce.number().int().min(1).max(99_999_999) });

export interface SpotlightDeps {
  upstream: Upstream;
  cache: ResponseCache;
  timeoutMs?: number;
}

function invalid(reply: FastifyReply, issues: z.core.$ZodIssue[]) {
  return reply.code(422).send({
    error: 'invalid parameters',
    issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/** A list page's query: one of the seven tabs (all articles without), page, language. */
export interface SpotlightListQuery {
  type?: SpotlightTab;
  page: number;
  lang: SpotlightLang;
}

/** pixivision through the response cache: `null` (as JSON) where pixivision has no such page. */
export interface SpotlightReader {
  list(q: SpotlightListQuery, mode?: CacheMode): Promise<CachedResult<string>>;
  article(id: number, lang: SpotlightLang, mode?: CacheMode): Promise<CachedResult<string>>;
}

/**
 * The reader both route shapes answer from, and the server's render of the spotlight pages
 * (server-render.ts) reads in-process: the same cache keys, so a page rendered and the app's own
 * call later cost one pixivision request.
 */
export function spotlightReader(deps: SpotlightDeps): SpotlightReader {
  const client = createPixivisionClient({ hosts: deps.upstream.hosts, timeoutMs: deps.timeoutMs });
  return {
    list: (q, mode = 'default') =>
      deps.cache.fetch(
        `spotlights:${q.lang}:${q.type ?? ''}:${q.page}`,
        SPOTLIGHT_LIST_TTL,
        mode,
        async () => {
          const list = await client.list(q.type, q.page, q.lang);
          // A 200 page without one article card is not pixivision's list (past the last page is
          // a 404): a failure, so a stale copy is served and nothing empty is cached.
          if (list && list.articles.length === 0) {
            throw new PixivError('bad_response', 'pixivision list page without articles');
          }
          return { body: JSON.stringify(list), cacheable: list !== null };
        },
      ),
    article: (id, lang, mode = 'default') =>
      deps.cache.fetch(`spotlight:${lang}:${id}`, SPOTLIGHT_ARTICLE_TTL, mode, async () => {
        const article = await client.article(id, lang);
        return { body: JSON.stringify(article), cacheable: article !== null };
      }),
  };
}

/**
 * The answer of this server's `/api/{name}?{params}` for pixivision (`spotlights`,
 * `spotlight/{id}`; null where pixivision has no such page), read in-process as readMirrorAnswer
 * reads the mirror, with the seconds it stays fresh (0 for a stale copy). Throws without a reader,
 * for another name or invalid params (the page is then the shell).
 */
export async function readSpotlightAnswer(
  reader: SpotlightReader | undefined,
  name: string,
  params: Record<string, string>,
): Promise<{ value: unknown; maxAge: number }> {
  if (!reader) throw new Error('no pixivision reader');
  const article = /^spotlight\/(\d+)$/.exec(name);
  let result: CachedResult<string>;
  if (article) {
    const { id } = ArticleParams.parse({ id: article[1] });
    result = await reader.article(id, ArticleQuery.parse(params).lang as SpotlightLang);
  } else if (name === 'spotlights') {
    const { type, page, lang: l } = ListQuery.parse(params);
    result = await reader.list({ type: type as SpotlightTab | undefined, page, lang: l });
  } else {
    throw new Error(`no pixivision route ${name}`);
  }
  return {
    value: JSON.parse(result.value) as unknown,
    maxAge: result.source === 'stale' ? 0 : result.maxAge,
  };
}

async function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  read: (mode: CacheMode) => Promise<CachedResult<string>>,
  reshape?: (value: never) => unknown,
) {
  try {
    const result = await read(cacheMode(req.headers['cache-control']));
    if (result.value === 'null') return reply.code(404).send({ error: 'not found' });
    // another client's shape of the same cached answer (the PxveAPI routes, pxve-pixivision.ts)
    const body = reshape
      ? JSON.stringify(reshape(JSON.parse(result.value) as never))
      : result.value;
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('cache-control', result.maxAge > 0 ? `max-age=${result.maxAge}` : 'no-cache');
    if (result.source === 'hit') reply.header('x-cache-hit', 'true');
    if (result.source === 'stale') reply.header('x-cache-stale', 'true');
    return reply.send(body);
  } catch (error) {
    if (error instanceof PixivError) {
      req.log.warn({ kind: error.kind }, 'pixivision request failed');
      return reply.code(502).send({ error: 'upstream request failed' });
    }
    throw error;
  }
}

export async function spotlightRoutes(app: FastifyInstance, deps: SpotlightDeps): Promise<void> {
  const reader = spotlightReader(deps);

  /** One list page, from the cache shared by both routes' shapes. */
  const sendList = (
    req: FastifyRequest,
    reply: FastifyReply,
    q: SpotlightListQuery,
    reshape?: (list: SpotlightList) => unknown,
  ) => answer(req, reply, (mode) => reader.list(q, mode), reshape);

  /** One article, from the cache shared by both routes' shapes. */
  const sendArticle = (
    req: FastifyRequest,
    reply: FastifyReply,
    id: number,
    l: SpotlightLang,
    reshape?: (detail: SpotlightDetail) => unknown,
  ) => answer(req, reply, (mode) => reader.article(id, l, mode), reshape);

  app.get('/spotlights', async (req, reply) => {
    const q = ListQuery.safeParse(req.query);
    if (!q.success) return invalid(reply, q.error.issues);
    const { type, page, lang: l } = q.data;
    return sendList(req, reply, { type: type as SpotlightTab | undefined, page, lang: l });
  });

  app.get('/spotlight/:id', async (req, reply) => {
    const p = ArticleParams.safeParse(req.params);
    const q = ArticleQuery.safeParse(req.query);
    if (!p.success) return invalid(reply, p.error.issues);
    if (!q.success) return invalid(reply, q.error.issues);
    return sendArticle(req, reply, p.data.id, q.data.lang as SpotlightLang);
  });

  // The previous-generation viewer's PxveAPI routes (its own build served by this server):
  // `/pixivision` and `/pixivision/list` for lists, `/pixivision/{id}` and `/pixivision/detail`
  // for articles, answered from the same pixivision data in the shapes it reads.
  const pxveList = PxveListQuery;
  app.get('/pixivision', async (req, reply) => {
    const q = pxveList.safeParse(req.query);
    if (!q.success) return invalid(reply, q.error.issues);
    return sendList(req, reply, { page: q.data.page, lang: q.data.lang }, pxveListShape);
  });
  app.get('/pixivision/list', async (req, reply) => {
    const q = pxveList.safeParse(req.query);
    if (!q.success) return invalid(reply, q.error.issues);
    return sendList(req, reply, q.data, pxveListShape);
  });
  app.get('/pixivision/detail', async (req, reply) => {
    const q = PxveDetailQuery.safeParse(req.query);
    if (!q.success) return invalid(reply, q.error.issues);
    return sendArticle(req, reply, q.data.id, q.data.lang, pxveArticleShape);
  });
  app.get('/pixivision/:id', async (req, reply) => {
    const p = ArticleParams.safeParse(req.params);
    const q = PxveArticleQuery.safeParse(req.query);
    if (!p.success) return invalid(reply, p.error.issues);
    if (!q.success) return invalid(reply, q.error.issues);
    return sendArticle(req, reply, p.data.id, q.data.lang, pxveArticleShape);
  });
}
