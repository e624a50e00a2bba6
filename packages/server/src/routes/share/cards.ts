/**
 * What a shared link of the app shows elsewhere (chat cards, oEmbed): the page a path names and
 * the card of that page, read from the mirror's cache (`readMirror`), so a crawler's request
 * costs at most the one upstream call the app itself would make.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isAiArtwork, toXRestrict } from '@pv/core';
import { captionPlainText } from '@pv/pixiv';
import { readMirror, type MirrorDeps } from '../api/pixiv/index.ts';

export type SharedPage =
  | { kind: 'artwork'; id: number }
  | { kind: 'user'; id: number }
  | { kind: 'novel'; id: number }
  | { kind: 'novel-series'; id: number }
  | { kind: 'illust-series'; id: number; user: number };

const ID = '(\\d{1,12})';
const PAGES: [RegExp, (m: RegExpExecArray) => SharedPage][] = [
  [new RegExp(`^/(?:artworks|illust|i)/${ID}/?$`), (m) => ({ kind: 'artwork', id: +m[1]! })],
  [new RegExp(`^/(?:users|u)/${ID}/?$`), (m) => ({ kind: 'user', id: +m[1]! })],
  [new RegExp(`^/novel/series/${ID}/?$`), (m) => ({ kind: 'novel-series', id: +m[1]! })],
  [new RegExp(`^/(?:novel|n)/${ID}/?$`), (m) => ({ kind: 'novel', id: +m[1]! })],
  [
    new RegExp(`^/user/${ID}/series/${ID}/?$`),
    (m) => ({ kind: 'illust-series', user: +m[1]!, id: +m[2]! }),
  ],
];

/** The shared page a path (query ignored) names, or null for every other path. */
export function sharedPageOf(path: string): SharedPage | null {
  const bare = path.split(/[?#]/)[0] ?? '';
  for (const [pattern, make] of PAGES) {
    const m = pattern.exec(bare);
    if (m) return make(m);
  }
  return null;
}

/** The app's own path of a page: aliases (`/i/1`, `/u/2`) become the canonical one. */
export function canonicalPath(page: SharedPage): string {
  switch (page.kind) {
    case 'artwork':
      return `/artworks/${page.id}`;
    case 'user':
      return `/users/${page.id}`;
    case 'novel':
      return `/novel/${page.id}`;
    case 'novel-series':
      return `/novel/series/${page.id}`;
    case 'illust-series':
      return `/user/${page.user}/series/${page.id}`;
  }
}

/** Why a card shows no picture nor caption unless PREVIEW_ADULT is on. */
export type Restriction = 'R-18' | 'R-18G' | 'AI-generated';

export interface Card {
  page: SharedPage;
  /** Plain text (escape it where it goes). */
  title: string;
  author: { id: number; name: string };
  /** The caption or bio as plain text, at most 200 characters; '' when there is none. */
  description: string;
  /** An upstream (i.pximg.net) URL; absent for a restricted work. */
  image?: { url: string; width?: number; height?: number };
  /** A picture wider than a thumbnail: a large-image card. */
  large: boolean;
  restriction?: Restriction;
  /** The work's picture count (artworks). */
  pages?: number;
}

interface RawWork {
  id: number;
  title: string;
  caption?: string;
  x_restrict?: number;
  illust_ai_type?: number;
  novel_ai_type?: number;
  tags?: { name: string }[];
  user: { id: number; name: string; profile_image_urls?: { medium?: string } };
  image_urls?: { large?: string; medium?: string };
  meta_pages?: { image_urls: { large: string } }[];
  width?: number;
  height?: number;
  page_count?: number;
}

/** A work's restriction, if any: R-18 and R-18G by `x_restrict`, AI by type or tag (core's rule). */
export function restrictionOf(work: RawWork): Restriction | undefined {
  const x = toXRestrict(work.x_restrict);
  if (x === 2) return 'R-18G';
  if (x === 1) return 'R-18';
  return isAiArtwork({ ...work, tags: work.tags ?? [] }) ? 'AI-generated' : undefined;
}

export interface CardContext {
  deps: MirrorDeps;
  language?: string;
  log: FastifyBaseLogger;
  /** PREVIEW_ADULT: restricted works keep their picture and caption. */
  adult: boolean;
}

function isWork(value: unknown): value is RawWork {
  const w = value as RawWork | null | undefined;
  return (
    typeof w?.id === 'number' &&
    typeof w.title === 'string' &&
    typeof w.user?.id === 'number' &&
    typeof w.user.name === 'string'
  );
}

const NOUN: Record<SharedPage['kind'], string> = {
  artwork: 'artwork',
  user: 'user',
  novel: 'novel',
  'novel-series': 'novel series',
  'illust-series': 'manga series',
};

/** The card of one work (or a series shown by its work), restricted ones without picture. */
function workCard(
  page: SharedPage,
  work: RawWork,
  ctx: CardContext,
  shown: { title: string; caption: string; image?: Card['image'] },
): Card {
  const restriction = restrictionOf(work);
  const hide = restriction !== undefined && !ctx.adult;
  return {
    page,
    // a restricted work's own title may say what its picture would show
    title: hide ? `${restriction} ${NOUN[page.kind]}` : shown.title,
    author: { id: work.user.id, name: work.user.name },
    description: hide ? '' : captionPlainText(shown.caption),
    ...(hide || !shown.image ? {} : { image: shown.image }),
    large: page.kind === 'artwork' || page.kind === 'illust-series',
    ...(restriction ? { restriction } : {}),
    ...(page.kind === 'artwork' ? { pages: work.page_count ?? 1 } : {}),
  };
}

/** The long side of pixiv's master pictures, the size large cards expect (1200 px wide). */
const MASTER_SIDE = 1200;

/**
 * A work's picture at the size cards expect: the app API's `large` is the master picture behind
 * a `c/600x1200_90/` crop directive; without it pixiv serves the master itself (long side 1200).
 */
export function masterPicture(large: string): string {
  return large.replace(/^(https:\/\/i\.pximg\.net\/)c\/[\w]+\/(img-master\/)/, '$1$2');
}

/** The master's size: the work's own, fitted into 1200×1200. */
function masterSize(work: RawWork): { width?: number; height?: number } {
  const { width, height } = work;
  if (!width || !height || width <= 0 || height <= 0) return {};
  const scale = Math.min(1, MASTER_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The first picture of an artwork at the size cards expect, with its size. */
function firstPicture(work: RawWork): { url: string; width?: number; height?: number } | undefined {
  const large = work.meta_pages?.[0]?.image_urls.large ?? work.image_urls?.large;
  return large ? { url: masterPicture(large), ...masterSize(work) } : undefined;
}

/**
 * The card of a page, or null when upstream knows no such page (an error body). Upstream faults
 * without a cached answer throw: the caller serves the page without a card.
 */
export async function loadCard(page: SharedPage, ctx: CardContext): Promise<Card | null> {
  const read = (name: string) =>
    readMirror(ctx.deps, name, { id: String(page.id) }, { language: ctx.language, log: ctx.log });
  switch (page.kind) {
    case 'artwork': {
      const work = ((await read('illust')) as { illust?: unknown }).illust;
      if (!isWork(work)) return null;
      const shown = { title: work.title, caption: work.caption ?? '', image: firstPicture(work) };
      return workCard(page, work, ctx, shown);
    }
    case 'novel': {
      const work = ((await read('novel_detail')) as { novel?: unknown }).novel;
      if (!isWork(work)) return null;
      const cover = work.image_urls?.large;
      const shown = {
        title: work.title,
        caption: work.caption ?? '',
        image: cover ? { url: cover } : undefined,
      };
      return workCard(page, work, ctx, shown);
    }
    case 'user': {
      const body = (await read('member')) as { user?: RawWork['user'] & { comment?: string } };
      const user = body.user;
      if (typeof user?.id !== 'number' || typeof user.name !== 'string') return null;
      const avatar = user.profile_image_urls?.medium;
      return {
        page,
        title: user.name,
        author: { id: user.id, name: user.name },
        // a bio is plain text upstream; the same stripping keeps a stray tag out
        description: captionPlainText((user.comment ?? '').replace(/</g, '&lt;')),
        ...(avatar ? { image: { url: avatar, width: 170, height: 170 } } : {}),
        large: false,
      };
    }
    case 'novel-series': {
      const body = (await read('novel_series')) as {
        novel_series_detail?: { title?: unknown; caption?: unknown };
        novel_series_first_novel?: unknown;
      };
      const detail = body.novel_series_detail;
      const first = body.novel_series_first_novel;
      if (typeof detail?.title !== 'string' || !isWork(first)) return null;
      const caption = typeof detail.caption === 'string' ? detail.caption : '';
      const cover = first.image_urls?.large;
      const shown = { title: detail.title, caption, image: cover ? { url: cover } : undefined };
      return workCard(page, first, ctx, shown);
    }
    case 'illust-series': {
      const body = (await read('illust_series')) as {
        illust_series_detail?: {
          title?: unknown;
          caption?: unknown;
          cover_image_urls?: { medium?: string };
          user?: { id?: unknown };
        };
        illust_series_first_illust?: unknown;
      };
      const detail = body.illust_series_detail;
      const first = body.illust_series_first_illust;
      if (typeof detail?.title !== 'string' || !isWork(first)) return null;
      // the path names the series' author: another user's id is no page of this series
      if (first.user.id !== page.user) return null;
      const caption = typeof detail.caption === 'string' ? detail.caption : '';
      const cover = detail.cover_image_urls?.medium;
      const image = cover ? { url: cover } : firstPicture(first);
      return workCard(page, first, ctx, { title: detail.title, caption, image });
    }
  }
}
