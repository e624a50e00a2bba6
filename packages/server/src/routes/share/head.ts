/**
 * The page head part (spa.ts `HeadPart`) of link previews: OpenGraph and Twitter-card meta, the
 * canonical URL, oEmbed discovery and the feeds of a page. A page that is no shared page costs
 * nothing; an upstream fault adds no card (the shell is served as it is).
 */
import type { FastifyRequest } from 'fastify';
import { rankTypeOf } from '@pv/core';
import { firstLanguage } from '../../plugins/upstream.ts';
import type { HeadPart } from '../spa.ts';
import type { MirrorDeps } from '../api/pixiv/index.ts';
import { canonicalPath, loadCard, sharedPageOf, type Card } from './cards.ts';
import { SITE_NAME, escapeMarkup, publicImageUrl, publicOrigin } from './public-url.ts';

export interface ShareOptions {
  deps: MirrorDeps;
  /** IMAGE_PROXY: pictures load from there, as the app loads them. */
  imageProxy?: string;
  /** PREVIEW_ADULT. */
  adult: boolean;
}

export interface FeedLink {
  title: string;
  /** Path on this site. */
  path: string;
}

/** The card of the page `req` asks for, or null (no shared page, no such work). */
export function cardFor(req: FastifyRequest, options: ShareOptions, path = req.url) {
  const page = sharedPageOf(path);
  if (!page) return Promise.resolve(null);
  return loadCard(page, {
    deps: options.deps,
    language: firstLanguage(req.headers['accept-language']),
    log: req.log,
    adult: options.adult,
  });
}

/** The Atom feeds of a page: a user's works and novels, a tag's newest works, a ranking. */
export function feedsOf(path: string, card: Card | null): FeedLink[] {
  if (card?.page.kind === 'user') {
    const id = card.page.id;
    return [
      { title: `${card.title}: works`, path: `/feeds/users/${id}.atom` },
      { title: `${card.title}: novels`, path: `/feeds/users/${id}/novels.atom` },
    ];
  }
  const bare = path.split(/[?#]/)[0] ?? '';
  const rank = /^\/rank\/([a-z0-9_]{1,40})\/?$/.exec(bare);
  const mode = rank && rankTypeOf(rank[1])?.mode;
  if (mode) return [{ title: `Ranking: ${rank[1]}`, path: `/feeds/rank/${mode}.atom` }];
  const search = /^\/(?:search|s)\/([^/]{1,600})\/?$/.exec(bare);
  if (search) {
    let tag: string;
    try {
      tag = decodeURIComponent(search[1]!);
    } catch {
      return [];
    }
    return [{ title: `Tag: ${tag}`, path: `/feeds/tags/${encodeURIComponent(tag)}.atom` }];
  }
  return [];
}

const OG_TYPE: Record<Card['page']['kind'], string> = {
  artwork: 'article',
  novel: 'book',
  'novel-series': 'book',
  'illust-series': 'article',
  user: 'profile',
};

function metaTags(card: Card, origin: string, imageProxy: string | undefined): string[] {
  const url = `${origin}${canonicalPath(card.page)}`;
  const image = card.image ? publicImageUrl(origin, card.image.url, imageProxy) : '';
  const title = card.page.kind === 'user' ? card.title : `${card.title} - ${card.author.name}`;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', OG_TYPE[card.page.kind]],
    ['property', 'og:title', title],
    ['property', 'og:url', url],
    ['name', 'author', card.author.name],
    ['name', 'twitter:card', image && card.large ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
  ];
  if (card.description) {
    tags.push(['property', 'og:description', card.description]);
    tags.push(['name', 'description', card.description]);
    tags.push(['name', 'twitter:description', card.description]);
  }
  if (image) {
    tags.push(['property', 'og:image', image]);
    if (card.image?.width && card.image.height) {
      tags.push(['property', 'og:image:width', String(card.image.width)]);
      tags.push(['property', 'og:image:height', String(card.image.height)]);
    }
    tags.push(['name', 'twitter:image', image]);
  }
  if (card.page.kind === 'user') tags.push(['property', 'profile:username', card.author.name]);
  const oembed = `${origin}/oembed?url=${encodeURIComponent(url)}&format=json`;
  return [
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}">`),
    `<link rel="canonical" href="${escapeMarkup(url)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeMarkup(oembed)}" title="${escapeMarkup(title)}">`,
  ];
}

/** The head part of link previews. */
export function previewHead(options: ShareOptions): HeadPart {
  return async (req) => {
    const card = await cardFor(req, options).catch((err: unknown) => {
      req.log.warn({ err }, 'link preview left out: upstream failed');
      return null;
    });
    const origin = publicOrigin(req);
    const lines = card ? metaTags(card, origin, options.imageProxy) : [];
    for (const feed of feedsOf(req.url, card)) {
      lines.push(
        `<link rel="alternate" type="application/atom+xml" title="${escapeMarkup(feed.title)}" href="${escapeMarkup(origin + feed.path)}">`,
      );
    }
    return lines.join('');
  };
}
