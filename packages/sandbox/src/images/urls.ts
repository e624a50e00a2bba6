/**
 * i.pximg.net paths, both ways: the URLs the JSON carries for a work, and the parser that
 * turns a requested path back into what to draw (shared/reference/pixiv-upstream.md §5).
 */
import { jstPathDate } from '../clock.ts';
import type { SandboxUser, Work } from '../data/dataset.ts';
import type { Novel } from '../data/novels.ts';

export const PXIMG = 'https://i.pximg.net';
export const SPXIMG = 'https://s.pximg.net';
export const NO_PROFILE = `${SPXIMG}/common/images/no_profile.png`;

export interface WorkPageUrls {
  square_medium: string;
  medium: string;
  large: string;
  original: string;
}

/** The app API's URLs for one page (2025 capture: `c/360x360_70`, `c/540x540_70`, `c/600x1200_90`). */
export function workPageUrls(work: Work, page: number): WorkPageUrls {
  const date = jstPathDate(work.uploaded);
  // Ugoira thumbnails have no `_p0`; their original is the first frame `_ugoira0.jpg`.
  const stem = work.kind === 'ugoira' ? `${work.id}` : `${work.id}_p${page}`;
  const master = `img-master/img/${date}/${stem}_master1200.jpg`;
  return {
    square_medium: `${PXIMG}/c/360x360_70/img-master/img/${date}/${stem}_square1200.jpg`,
    medium: `${PXIMG}/c/540x540_70/${master}`,
    large: `${PXIMG}/c/600x1200_90/${master}`,
    original:
      work.kind === 'ugoira'
        ? `${PXIMG}/img-original/img/${date}/${work.id}_ugoira0.jpg`
        : `${PXIMG}/img-original/img/${date}/${stem}.${work.originalExt}`,
  };
}

/** The avatar URL at a size (170 in app JSON, 50 on the web). */
export function avatarUrl(user: SandboxUser, size: 170 | 50 | 16 = 170): string {
  if (!user.avatarStem)
    return size === 170 ? NO_PROFILE : `${SPXIMG}/common/images/no_profile_s.png`;
  return `${PXIMG}/user-profile/img/${avatarDate(user)}/${user.avatarStem}_${size}.jpg`;
}

/** A stable upload date for a user's avatar, derived from the id. */
export function avatarDate(user: SandboxUser): string {
  const ms = Date.parse('2012-01-01T00:00:00Z') + (user.id % 400_000_000) * 1000;
  return jstPathDate(ms);
}

/**
 * A novel's cover as the app API sends it (`c/128x128` square, `c/176x352` and `c/240x480_80`
 * masters), or pixiv's default `novel_thumb` covers on s.pximg.net for a novel without one.
 */
export function novelCoverUrls(novel: Novel): {
  square_medium: string;
  medium: string;
  large: string;
} {
  if (!novel.coverHash) {
    const base = `${SPXIMG}/common/images/novel_thumb/novel_thumb_${novel.defaultCover}`;
    return {
      square_medium: `${base}_128x128.jpg`,
      medium: `${base}_176mw.jpg`,
      large: `${base}_240mw.jpg`,
    };
  }
  const stem = `novel-cover-master/img/${jstPathDate(novel.uploaded)}/ci${novel.id}_${novel.coverHash}`;
  return {
    square_medium: `${PXIMG}/c/128x128/${stem}_square1200.jpg`,
    medium: `${PXIMG}/c/176x352/${stem}_master1200.jpg`,
    large: `${PXIMG}/c/240x480_80/${stem}_master1200.jpg`,
  };
}

/**
 * A novel's cover on the web (`/ajax/novel/{id}`'s `coverUrl`): the master in a 600x600 box,
 * or pixiv's default cover for a novel without its own.
 */
export function novelWebCoverUrl(novel: Novel): string {
  if (!novel.coverHash) return novelCoverUrls(novel).large;
  const date = jstPathDate(novel.uploaded);
  return `${PXIMG}/c/600x600/novel-cover-master/img/${date}/ci${novel.id}_${novel.coverHash}_master1200.jpg`;
}

/** The sizes of an image uploaded into a novel's text (`[uploadedimage:<id>]`). */
export function novelImageUrls(
  novel: Novel,
  novelImageId: number,
  hash: string,
): { '240mw': string; '480mw': string; '1200x1200': string; '128x128': string; original: string } {
  const date = jstPathDate(novel.uploaded);
  const master = `novel-cover-master/img/${date}/tei${novelImageId}_${hash}`;
  return {
    '240mw': `${PXIMG}/c/240x480_80/${master}_master1200.jpg`,
    '480mw': `${PXIMG}/c/480x960/${master}_master1200.jpg`,
    '1200x1200': `${PXIMG}/c/1200x1200_80/${master}_master1200.jpg`,
    '128x128': `${PXIMG}/c/128x128/${master}_square1200.jpg`,
    original: `${PXIMG}/novel-cover-original/img/${date}/tei${novelImageId}_${hash}.png`,
  };
}

export type ImageRequest =
  | {
      type: 'work';
      id: number;
      page: number;
      /** False for ugoira paths, which carry no `_pN`. */
      paged: boolean;
      /** square1200, master1200 or the original upload. */
      variant: 'square' | 'master' | 'original';
      date: string;
      ext: 'jpg' | 'png' | 'gif';
      crop: Crop | null;
    }
  | { type: 'avatar'; userId: number; stem: string; date: string; size: number; crop: Crop | null }
  | {
      type: 'novel';
      /** A cover (`ci<id>_…`, or the older `<id>_…`) or an image uploaded into a text (`tei<id>_…`). */
      kind: 'cover' | 'image';
      id: number;
      hash: string;
      variant: 'square' | 'master' | 'original';
      date: string;
      ext: 'jpg' | 'png';
      crop: Crop | null;
    };

export interface Crop {
  width: number;
  height: number;
  quality: number;
  webp: boolean;
}

const CROP = /^c\/(\d{1,4})x(\d{1,4})((?:_[a-z0-9]+)*)\//;
const WORK =
  /^(img-master|img-original|custom-thumb)\/img\/(\d{4}\/\d{2}\/\d{2}\/\d{2}\/\d{2}\/\d{2})\/(\d+)(?:_p(\d+))?(?:_(master1200|square1200|custom1200)|_ugoira(\d+))?\.(jpg|png|gif)$/;
const AVATAR =
  /^user-profile\/img\/(\d{4}\/\d{2}\/\d{2}\/\d{2}\/\d{2}\/\d{2})\/((\d+)_[0-9a-f]{32})_(170|50|16)\.(?:jpg|png)$/;
const NOVEL =
  /^novel-cover-(master|original)\/img\/(\d{4}\/\d{2}\/\d{2}\/\d{2}\/\d{2}\/\d{2})\/(ci|tei)?(\d+)_([0-9a-f]{32})(?:_(master1200|square1200))?\.(jpg|png)$/;

function parseNovelPath(rest: string, crop: Crop | null): ImageRequest | null {
  const m = NOVEL.exec(rest);
  if (!m) return null;
  const [, root, date, prefix, id, hash, suffix, ext] = m;
  // Masters are JPEGs with a size suffix; originals carry none.
  if (root === 'master' ? !suffix || ext !== 'jpg' : suffix) return null;
  return {
    type: 'novel',
    kind: prefix === 'tei' ? 'image' : 'cover',
    id: Number(id),
    hash: hash!,
    variant: root === 'original' ? 'original' : suffix === 'square1200' ? 'square' : 'master',
    date: date!,
    ext: ext as 'jpg' | 'png',
    crop,
  };
}

/** Parses a path (without the leading slash); null for anything i.pximg.net would 404. */
export function parseImagePath(path: string): ImageRequest | null {
  let rest = path;
  let crop: Crop | null = null;
  const c = CROP.exec(rest);
  if (c) {
    const opts = (c[3] ?? '').split('_').filter(Boolean);
    const q = opts.find((o) => /^\d+$/.test(o));
    crop = {
      width: Number(c[1]),
      height: Number(c[2]),
      quality: q ? Math.min(100, Math.max(10, Number(q))) : 80,
      webp: opts.includes('webp'),
    };
    if (crop.width < 16 || crop.height < 16) return null;
    rest = rest.slice(c[0].length);
  }
  const a = AVATAR.exec(rest);
  if (a) {
    return {
      type: 'avatar',
      date: a[1]!,
      stem: a[2]!,
      userId: Number(a[3]),
      size: Number(a[4]),
      crop,
    };
  }
  if (rest.startsWith('novel-cover-')) return parseNovelPath(rest, crop);
  const w = WORK.exec(rest);
  if (!w) return null;
  const [, root, date, id, page, suffix, ugoiraFrame, ext] = w;
  let variant: 'square' | 'master' | 'original';
  if (root === 'img-original') {
    if (suffix) return null;
    variant = 'original';
  } else {
    if (!suffix || ugoiraFrame !== undefined) return null;
    variant = suffix === 'square1200' ? 'square' : 'master';
  }
  if (ugoiraFrame !== undefined && page !== undefined) return null;
  return {
    type: 'work',
    id: Number(id),
    page: page === undefined ? 0 : Number(page),
    paged: page !== undefined,
    variant,
    date: date!,
    ext: ext as 'jpg' | 'png' | 'gif',
    crop,
  };
}
