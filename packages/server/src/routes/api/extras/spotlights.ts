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
import type { ResponseCache } from '../../../plugins/cache.ts';
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

async function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  ttl: number,
  load: () => Promise<unknown | null>,
  reshape?: (value: never) => unknown,
) {
  try {
    const result = await cache.fetch(
      key,
      ttl,
      cacheMode(req.headers['cache-control']),
      async () => {
        const value = await load();
        return { body: JSON.stringify(value), cacheable: value !== null };
      },
    );
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
  const client = createPixivisionClient({ hosts: deps.upstream.hosts, timeoutMs: deps.timeoutMs });

  /** One list page, from the cache shared by both routes' shapes. */
  const sendList = (
    req: FastifyRequest,
    reply: FastifyReply,
    q: { type?: SpotlightTab; page: number; lang: SpotlightLang },
    reshape?: (list: SpotlightList) => unknown,
  ) =>
    answer(
      req,
      reply,
      deps.cache,
      `spotlights:${q.lang}:${q.type ?? ''}:${q.page}`,
      SPOTLIGHT_LIST_TTL,
      async () => {
        const list = await client.list(q.type, q.page, q.lang);
        // A 200 page without one article card is not pixivision's list (past the last page is a
        // 404): a failure, so a stale copy is served and nothing empty is cached.
        if (list && list.articles.length === 0) {
          throw new PixivError('bad_response', 'pixivision list page without articles');
        }
        return list;
      },
      reshape,
    );

  /** One article, from the cache shared by both routes' shapes. */
  const sendArticle = (
    req: FastifyRequest,
    reply: FastifyReply,
    id: number,
    l: SpotlightLang,
    reshape?: (detail: SpotlightDetail) => unknown,
  ) =>
    answer(
      req,
      reply,
      deps.cache,
      `spotlight:${l}:${id}`,
      SPOTLIGHT_ARTICLE_TTL,
      () => client.article(id, l),
      reshape,
    );

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
