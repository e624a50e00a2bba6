/**
 * Comments (spec 001 §2.12, §3 "Comment"): the www ajax roots and replies normalised, pixiv's
 * 37-name emoji set, and the paging and length rules.
 */

/** A comment as the screens show it (spec 001 §3). */
export interface Comment {
  id: number;
  userId: number;
  userName: string;
  /** The author's avatar (a pximg URL). */
  img: string;
  /** Plain text with `(name)` emoji; empty for a stamp. */
  comment: string;
  /**
   * When it was posted, as pixiv writes it: the www lists' `2026-11-26 03:32` (a JST wall time
   * without its offset) or, for one this tab posted, the app API's `2026-11-26T03:32:12+09:00`.
   */
  commentDate: string;
  /** A stamp comment's picture id, else null. */
  stampId: number | null;
  replyToUserId: number | null;
  replyToUserName: string | null;
  hasReplies: boolean;
}

/** `/ajax/illusts/comments/roots` and `/replies` items (pixiv-upstream.md §3). */
export interface RawWebComment {
  id: string | number;
  userId: string | number;
  userName: string;
  img: string;
  comment: string;
  commentDate: string;
  stampId: string | number | null;
  replyToUserId?: string | number | null;
  replyToUserName?: string | null;
  hasReplies?: boolean;
}

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v);

export function normaliseWebComment(raw: RawWebComment): Comment {
  return {
    id: Number(raw.id),
    userId: Number(raw.userId),
    userName: raw.userName,
    img: raw.img,
    comment: raw.comment ?? '',
    commentDate: raw.commentDate,
    stampId: num(raw.stampId),
    replyToUserId: num(raw.replyToUserId),
    replyToUserName: raw.replyToUserName ?? null,
    hasReplies: raw.hasReplies === true,
  };
}

/** The first load of roots on the artwork page… */
export const COMMENTS_FIRST_PAGE = 3;
/** …in the comments popup… */
export const COMMENTS_FIRST_POPUP = 10;
/** …and every 'view more' after it (spec 001 §7.2, §9). */
export const COMMENTS_PAGE = 30;
/** The longest comment pixiv takes, characters. */
export const COMMENT_MAX_CHARS = 140;

/** The offset and limit of the `n`th load (from 1) of a thread whose first load takes `first`. */
export function commentPage(n: number, first: number): { offset: number; limit: number } {
  return n === 1
    ? { offset: 0, limit: first }
    : { offset: first + (n - 2) * COMMENTS_PAGE, limit: COMMENTS_PAGE };
}

/** pixiv's emoji (`(name)` in comment text) and their picture numbers: the 37 of spec 001 §3. */
export const COMMENT_EMOJI: Readonly<Record<string, number>> = Object.freeze({
  normal: 101,
  surprise: 102,
  serious: 103,
  heaven: 104,
  happy: 105,
  excited: 106,
  sing: 107,
  cry: 108,
  normal2: 201,
  shame2: 202,
  love2: 203,
  interesting2: 204,
  blush2: 205,
  fire2: 206,
  angry2: 207,
  shine2: 208,
  panic2: 209,
  normal3: 301,
  satisfaction3: 302,
  surprise3: 303,
  smile3: 304,
  shock3: 305,
  gaze3: 306,
  wink3: 307,
  happy3: 308,
  excited3: 309,
  love3: 310,
  normal4: 401,
  surprise4: 402,
  serious4: 403,
  love4: 404,
  shine4: 405,
  sweat4: 406,
  shame4: 407,
  sleep4: 408,
  heart: 501,
  teardrop: 502,
});

export type CommentPart = { text: string } | { emoji: string; src: string };

/** A comment's text cut into text and emoji pictures; unknown `(words)` stay text. */
export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let rest = 0;
  for (const m of text.matchAll(/\(([a-z0-9]+)\)/g)) {
    const n = COMMENT_EMOJI[m[1]!];
    if (n === undefined) continue;
    if (m.index > rest) parts.push({ text: text.slice(rest, m.index) });
    parts.push({ emoji: m[1]!, src: `https://s.pximg.net/common/images/emoji/${n}.png` });
    rest = m.index + m[0].length;
  }
  if (rest < text.length) parts.push({ text: text.slice(rest) });
  return parts;
}

/** A stamp's picture. */
export function stampUrl(stampId: number): string {
  return `https://s.pximg.net/common/images/stamp/generated-stamps/${stampId}_s.jpg`;
}

/**
 * Comments without those of blocked users or holding a blocked word (spec 001 §5.2: comments
 * pass the content filter and blocked ones are dropped). Words match ignoring case.
 */
export function filterComments<C extends Pick<Comment, 'userId' | 'comment' | 'userName'>>(
  comments: readonly C[],
  blocks: { authorIds: readonly number[]; tags: readonly string[] },
): C[] {
  const users = new Set(blocks.authorIds);
  const words = blocks.tags.map((w) => w.toLowerCase()).filter(Boolean);
  return comments.filter((c) => {
    if (users.has(c.userId)) return false;
    const text = `${c.comment}\n${c.userName}`.toLowerCase();
    return !words.some((w) => text.includes(w));
  });
}
