/**
 * i.pximg.net paths, both ways: the URLs the JSON carries for a work, and the parser that
 * turns a requested path back into what to draw (shared/reference/pixiv-upstream.md §5).
 */
import { jstPathDate } from '../clock.ts';
import type { SandboxUser, Work } from '../data/dataset.ts';

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
  | { type: 'avatar'; userId: number; stem: string; date: string; size: number; crop: Crop | null };

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
