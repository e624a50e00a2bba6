/**
 * Feeds to follow without an account: `/feeds/users/{id}.atom` (works),
 * `/feeds/users/{id}/novels.atom`, `/feeds/tags/{tag}.atom` (a tag's newest works) and
 * `/feeds/rank/{mode}.atom` (`?date=YYYY-MM-DD` for a past day); `.rss` for RSS 2.0. Read through the mirror's cache (`readMirror`,
 * the same entries as the app's own calls); rendered per request, as the URLs in them are this
 * site's as the client reached it. R-18 and R-18G entries only with `?r18=1`; AI entries unless
 * `?ai=0`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_TTL_SECONDS, RANK_TYPES } from '@pv/core';
import { captionPlainText, sanitiseCaptionHtml } from '@pv/pixiv';
import { readMirror } from '../api/pixiv/index.ts';
import { firstLanguage } from '../../plugins/upstream.ts';
import { restrictionOf } from '../share/cards.ts';
import type { ShareOptions } from '../share/head.ts';
import {
  SITE_NAME,
  publicImageUrl,
  publicOrigin,
  sharedCacheControl,
} from '../share/public-url.ts';
import { renderAtom, renderRss, type FeedEntry, type FeedModel } from './render.ts';

interface RawItem {
  id: number;
  title: string;
  caption?: string;
  create_date: string;
  x_restrict?: number;
  illust_ai_type?: number;
  novel_ai_type?: number;
  tags?: { name: string }[];
  user: { id: number; name: string };
  image_urls?: { large?: string; medium?: string };
}

/** What one feed reads and how it names itself. */
interface FeedSource {
  name: string;
  params: Record<string, string>;
  list: 'illusts' | 'novels';
  /** The feed's title and the page it follows, from the upstream answer. */
  describe(body: Record<string, unknown>): { title: string; page: string; author?: string };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An upstream date as RFC 3339 (pixiv's already are), or null when it is no date at all. */
export function rfc3339(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (RFC3339.test(value) && !Number.isNaN(Date.parse(value))) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function isItem(value: unknown): value is RawItem {
  const v = value as RawItem | null;
  return (
    typeof v?.id === 'number' &&
    typeof v.title === 'string' &&
    typeof v.user?.id === 'number' &&
    typeof v.user.name === 'string'
  );
}

interface EntryContext {
  origin: string;
  imageProxy?: string;
  list: FeedSource['list'];
}

function entryOf(item: RawItem, published: string, ctx: EntryContext): FeedEntry {
  const novel = ctx.list === 'novels';
  const path = novel ? `/novel/${item.id}` : `/artworks/${item.id}`;
  const large = item.image_urls?.large ?? item.image_urls?.medium;
  const picture = large ? publicImageUrl(ctx.origin, large, ctx.imageProxy) : '';
  return {
    id: novel
      ? `https://www.pixiv.net/novel/show.php?id=${item.id}`
      : `https://www.pixiv.net/artworks/${item.id}`,
    title: item.title,
    link: `${ctx.origin}${path}`,
    published,
    author: { name: item.user.name, uri: `${ctx.origin}/users/${item.user.id}` },
    categories: (item.tags ?? []).map((t) => t.name).filter((n) => typeof n === 'string'),
    ...(picture ? { picture } : {}),
    captionHtml: sanitiseCaptionHtml(item.caption ?? ''),
    summary: captionPlainText(item.caption ?? ''),
  };
}

/** The feed model of an upstream list answer, filtered by the query's options. */
export function feedModel(
  body: Record<string, unknown>,
  source: FeedSource,
  req: FastifyRequest,
  imageProxy?: string,
): FeedModel | null {
  const raw = body[source.list];
  if (!Array.isArray(raw)) return null;
  const query = req.query as Record<string, unknown>;
  const adult = query.r18 === '1';
  const ai = query.ai !== '0';
  const origin = publicOrigin(req);
  const seen = new Set<number>();
  const entries: FeedEntry[] = [];
  for (const item of raw) {
    // items the account may not see come with an emptied user (id 0)
    if (!isItem(item) || item.user.id === 0 || seen.has(item.id)) continue;
    const restriction = restrictionOf(item);
    if ((restriction === 'R-18' || restriction === 'R-18G') && !adult) continue;
    if (restriction === 'AI-generated' && !ai) continue;
    const published = rfc3339(item.create_date);
    if (!published) continue;
    seen.add(item.id);
    entries.push(entryOf(item, published, { origin, imageProxy, list: source.list }));
  }
  const { title, page, author } = source.describe(body);
  const newest = entries.reduce<string | null>(
    (max, e) => (max === null || Date.parse(e.published) > Date.parse(max) ? e.published : max),
    null,
  );
  const self = `${origin}${req.url.split('?')[0]}`;
  return {
    id: self,
    title: `${title} - ${SITE_NAME}`,
    self,
    alternate: `${origin}${page}`,
    updated: newest ?? new Date().toISOString(),
    author: { name: author ?? SITE_NAME, uri: `${origin}${page}` },
    generator: SITE_NAME,
    entries,
  };
}

const FORMATS = {
  atom: { type: 'application/atom+xml; charset=utf-8', render: renderAtom },
  rss: { type: 'application/rss+xml; charset=utf-8', render: renderRss },
} as const;

/** How long a feed reader may keep a feed: the cache lifetime of latest works. */
const FEED_MAX_AGE = CACHE_TTL_SECONDS.latest;

function userOf(body: Record<string, unknown>): { id?: unknown; name?: unknown } {
  return (body.user ?? {}) as { id?: unknown; name?: unknown };
}

/** The feed a path names, or null. `file` is the last segment, with its extension. */
function sourceOf(kind: string, key: string, file: string, date?: string): FeedSource | null {
  const id = /^\d{1,12}$/.test(key) ? key : null;
  if (kind === 'users' && id && file === 'works') {
    return {
      name: 'member_illust',
      params: { id },
      list: 'illusts',
      describe: (b) => {
        const name = String(userOf(b).name ?? id);
        return { title: `${name}: works`, page: `/users/${id}`, author: name };
      },
    };
  }
  if (kind === 'users' && id && file === 'novels') {
    return {
      name: 'member_novel',
      params: { id },
      list: 'novels',
      describe: (b) => {
        const name = String(userOf(b).name ?? id);
        return { title: `${name}: novels`, page: `/users/${id}`, author: name };
      },
    };
  }
  if (kind === 'tags' && key.length > 0 && key.length <= 200) {
    return {
      name: 'search',
      params: { word: key },
      list: 'illusts',
      describe: () => ({ title: `#${key}`, page: `/search/${encodeURIComponent(key)}` }),
    };
  }
  if (kind === 'rank' && /^[a-z0-9_]{1,40}$/.test(key)) {
    return {
      name: 'rank',
      params: { mode: key, ...(date ? { date } : {}) },
      list: 'illusts',
      describe: () => ({
        title: `Ranking: ${key}`,
        page: `/rank/${RANK_TYPES.find((t) => t.mode === key)?.type ?? 'daily'}`,
      }),
    };
  }
  return null;
}

async function serve(
  source: FeedSource | null,
  format: keyof typeof FORMATS,
  req: FastifyRequest,
  reply: FastifyReply,
  options: ShareOptions,
) {
  const fail = (status: number, error: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error });
  if (!source) return fail(404, 'no such feed');
  let body: Record<string, unknown>;
  try {
    body = (await readMirror(options.deps, source.name, source.params, {
      language: firstLanguage(req.headers['accept-language']),
      log: req.log,
    })) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('invalid arguments')) {
      return fail(404, 'no such feed');
    }
    req.log.warn({ err }, 'feed: upstream failed');
    return fail(502, 'upstream failed');
  }
  const model =
    body && typeof body === 'object' ? feedModel(body, source, req, options.imageProxy) : null;
  if (!model) return fail(404, 'no such feed');
  return reply
    .header('cache-control', sharedCacheControl(req, FEED_MAX_AGE))
    .type(FORMATS[format].type)
    .send(FORMATS[format].render(model));
}

/** `name.atom` or `name.rss`, split; null for anything else. */
function fileOf(segment: string): { name: string; format: keyof typeof FORMATS } | null {
  const m = /^(.+)\.(atom|rss)$/.exec(segment);
  return m ? { name: m[1]!, format: m[2] as keyof typeof FORMATS } : null;
}

export async function feedRoutes(app: FastifyInstance, options: ShareOptions): Promise<void> {
  app.get('/feeds/:kind/:file', (req, reply) => {
    const { kind, file } = req.params as { kind: string; file: string };
    const f = fileOf(file);
    if (!f) return reply.code(404).send({ error: 'no such feed' });
    // a ranking of a given day (`?date=YYYY-MM-DD`); the latest published one without it
    const { date } = req.query as { date?: unknown };
    const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
    const source = sourceOf(kind, f.name, kind === 'users' ? 'works' : '', day);
    return serve(source, f.format, req, reply, options);
  });
  app.get('/feeds/users/:id/:file', (req, reply) => {
    const { id, file } = req.params as { id: string; file: string };
    const f = fileOf(file);
    if (!f) return reply.code(404).send({ error: 'no such feed' });
    return serve(sourceOf('users', id, f.name), f.format, req, reply, options);
  });
}
