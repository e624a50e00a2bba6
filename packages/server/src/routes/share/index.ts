/**
 * What other sites fetch of a shared link besides the page: `/oembed?url=…` (oEmbed 1.0, JSON)
 * and the direct picture links `/artworks/{id}.jpg` and `/artworks/{id}/{page}.jpg`, which
 * redirect to the picture through the image proxy. Ids are digits and pictures come only from
 * the work's own upstream URLs, so neither is an open proxy.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readMirror } from '../api/pixiv/index.ts';
import { firstLanguage } from '../../plugins/upstream.ts';
import { canonicalPath, masterPicture, restrictionOf, sharedPageOf, type Card } from './cards.ts';
import { cardFor, type ShareOptions } from './head.ts';
import {
  SITE_NAME,
  escapeMarkup,
  publicImageUrl,
  publicOrigin,
  sharedCacheControl,
} from './public-url.ts';

/** Hosts whose links the oEmbed endpoint answers for besides this site's (same paths). */
const PIXIV_HOSTS = new Set(['www.pixiv.net', 'pixiv.net']);
/** What an oEmbed consumer may keep an answer, in seconds. */
const OEMBED_CACHE_AGE = 3600;
/** A rich answer's box when no picture gives one. */
const RICH_BOX = { width: 400, height: 120 };

function refuse(reply: FastifyReply, status: number, error: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error });
}

/** Fits `w`×`h` into the consumer's maxwidth/maxheight (oEmbed §2.2), keeping its ratio. */
function fit(w: number, h: number, maxW: number, maxH: number): { width: number; height: number } {
  const scale = Math.min(1, maxW / w, maxH / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

function dimension(value: unknown): number {
  return typeof value === 'string' && /^\d{1,5}$/.test(value) && +value > 0 ? +value : Infinity;
}

function oembedOf(card: Card, req: FastifyRequest, options: ShareOptions) {
  const origin = publicOrigin(req);
  const query = req.query as Record<string, unknown>;
  const [maxW, maxH] = [dimension(query.maxwidth), dimension(query.maxheight)];
  const url = `${origin}${canonicalPath(card.page)}`;
  const image = card.image ? publicImageUrl(origin, card.image.url, options.imageProxy) : '';
  const base = {
    version: '1.0',
    title: card.title,
    author_name: card.author.name,
    author_url: `${origin}/users/${card.author.id}`,
    provider_name: SITE_NAME,
    provider_url: `${origin}/`,
    cache_age: OEMBED_CACHE_AGE,
  };
  const size = card.image?.width && card.image.height ? card.image : undefined;
  const thumb = image
    ? {
        thumbnail_url: image,
        ...(size
          ? (({ width, height }) => ({ thumbnail_width: width, thumbnail_height: height }))(
              fit(size.width!, size.height!, maxW, maxH),
            )
          : {}),
      }
    : {};
  if (image && size && card.page.kind === 'artwork') {
    return {
      type: 'photo',
      ...base,
      url: image,
      ...fit(size.width!, size.height!, maxW, maxH),
      ...thumb,
    };
  }
  const box = fit(RICH_BOX.width, RICH_BOX.height, maxW, maxH);
  const picture = image ? `<img src="${escapeMarkup(image)}" alt="" width="96"> ` : '';
  const html =
    `<blockquote class="pixiv-viewer-embed">${picture}<a href="${escapeMarkup(url)}">` +
    `${escapeMarkup(card.title)}</a> — <a href="${escapeMarkup(base.author_url)}">` +
    `${escapeMarkup(card.author.name)}</a></blockquote>`;
  return { type: 'rich', ...base, html, ...box, ...thumb };
}

/** The path of a link to this site or to pixiv's same pages; null for any other URL. */
function linkedPath(value: unknown, req: FastifyRequest): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const ours = url.host === new URL(publicOrigin(req)).host;
  return ours || PIXIV_HOSTS.has(url.hostname) ? url.pathname : null;
}

export async function shareRoutes(app: FastifyInstance, options: ShareOptions): Promise<void> {
  app.get('/oembed', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    if (query.format !== undefined && query.format !== 'json') {
      return refuse(reply, 501, 'only format=json is served');
    }
    const path = linkedPath(query.url, req);
    if (!path || !sharedPageOf(path)) return refuse(reply, 404, 'no page of this site');
    let card: Card | null;
    try {
      card = await cardFor(req, options, path);
    } catch (err) {
      req.log.warn({ err }, 'oembed: upstream failed');
      return refuse(reply, 502, 'upstream failed');
    }
    if (!card) return refuse(reply, 404, 'no such page');
    return reply
      .header('cache-control', sharedCacheControl(req, OEMBED_CACHE_AGE))
      .type('application/json; charset=utf-8')
      .send(oembedOf(card, req, options));
  });

  const picture = async (req: FastifyRequest, reply: FastifyReply) => {
    const { id, page = '0' } = req.params as { id: string; page?: string };
    let body: { illust?: Parameters<typeof restrictionOf>[0] & PictureUrls };
    try {
      body = (await readMirror(
        options.deps,
        'illust',
        { id },
        { language: firstLanguage(req.headers['accept-language']), log: req.log },
      )) as typeof body;
    } catch (err) {
      req.log.warn({ err }, 'picture link: upstream failed');
      return refuse(reply, 502, 'upstream failed');
    }
    const work = body.illust;
    if (typeof work?.id !== 'number') return refuse(reply, 404, 'no such work');
    if (restrictionOf(work) && !options.adult) return refuse(reply, 403, 'restricted work');
    const n = Number(page);
    const upstream =
      work.meta_pages && work.meta_pages.length > 0
        ? work.meta_pages[n]?.image_urls.large
        : n === 0
          ? work.image_urls?.large
          : undefined;
    const target =
      upstream && publicImageUrl(publicOrigin(req), masterPicture(upstream), options.imageProxy);
    if (!target) return refuse(reply, 404, 'no such page of this work');
    return reply.header('cache-control', sharedCacheControl(req, 86400)).redirect(target, 302);
  };
  app.get('/artworks/:id(^\\d{1,12}).jpg', picture);
  app.get('/artworks/:id(^\\d{1,12})/:page(^\\d{1,4}).jpg', picture);
}

interface PictureUrls {
  image_urls?: { large?: string };
  meta_pages?: { image_urls: { large: string } }[];
}
