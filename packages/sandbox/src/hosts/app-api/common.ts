/** Shared by the app-API handlers: error bodies, the viewer, paging with pixiv's next_url. */
import type { FastifyRequest } from 'fastify';
import type { RawAppApiError, RawIllust } from '@pv/core';
import type { DemoAccount } from '../../accounts.ts';
import type { AccountSocial } from '../../data/social.ts';
import { rawIllust, type Viewer } from '../../data/app-json.ts';
import type { SandboxState } from '../../state.ts';

export const APP_API_ORIGIN = 'https://app-api.pixiv.net';
export const PAGE_SIZE = 30;
/** pixiv refuses search offsets beyond this (gallery-dl switches to date windows there). */
export const SEARCH_OFFSET_LIMIT = 5000;

declare module 'fastify' {
  interface FastifyRequest {
    sandboxAccount?: DemoAccount;
    /** What the signed-in account has bookmarked and followed. */
    sandboxSocial?: AccountSocial;
  }
}

export type Query = Record<string, string | undefined>;

export function appError(message: string, userMessage = '', reason = ''): RawAppApiError {
  return { error: { user_message: userMessage, message, reason, user_message_details: {} } };
}

/** The first language of Accept-Language, lower-case; pixiv answers Japanese without one. */
export function firstLanguage(header: string | undefined): string {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first || 'ja';
}

export function messages(language: string) {
  const ja = language.startsWith('ja');
  return {
    notFound: ja
      ? '該当作品は削除されたか、存在しない作品IDです。'
      : 'The artwork has been deleted or the artwork ID does not exist.',
    noEndpoint: ja ? '指定されたエンドポイントは存在しません' : "Specified end-point doesn't exist",
    userNotFound: ja ? 'ユーザーが見つかりませんでした' : 'The user could not be found.',
    // pixiv says the series does not exist when asked for the series of a work outside any
    // (a client's note); the exact wording is unverified.
    seriesNotFound: ja ? 'シリーズが存在しません' : 'The series does not exist.',
  };
}

export function viewerOf(req: FastifyRequest): Viewer {
  const social = req.sandboxSocial;
  return {
    xRestrict: req.sandboxAccount?.xRestrict ?? 0,
    language: firstLanguage(req.headers['accept-language']),
    isFollowing: social ? (id) => social.follows.has(id) : undefined,
    isBookmarked: social ? (id) => social.bookmarks.has(id) : undefined,
  };
}

/** `https://app-api.pixiv.net<path>?<query with cursor replaced>`, as pixiv builds next_url. */
export function nextUrl(
  path: string,
  query: Query,
  cursor: Record<string, string | number>,
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && !(k in cursor)) params.set(k, v);
  for (const [k, v] of Object.entries(cursor)) params.set(k, String(v));
  return `${APP_API_ORIGIN}${path}?${params.toString()}`;
}

/** A non-negative integer parameter; null when malformed. */
export function intParam(value: string | undefined, fallback = 0): number | null {
  if (value === undefined || value === '') return fallback;
  return /^\d{1,10}$/.test(value) ? Number(value) : null;
}

/** One offset page (30) of indexes made into app JSON by `raw`, with pixiv's next_url. */
export function pageOf<T>(p: {
  req: FastifyRequest;
  path: string;
  indexes: ArrayLike<number>;
  offset: number;
  raw(index: number): T;
}): { items: T[]; next_url: string | null } {
  const items: T[] = [];
  for (let k = p.offset; k < Math.min(p.indexes.length, p.offset + PAGE_SIZE); k++) {
    items.push(p.raw(p.indexes[k]!));
  }
  const more = p.offset + PAGE_SIZE < p.indexes.length;
  return {
    items,
    next_url: more ? nextUrl(p.path, p.req.query as Query, { offset: p.offset + PAGE_SIZE }) : null,
  };
}

/** One offset page of work indexes, as app JSON with next_url. */
export function offsetPage(
  state: SandboxState,
  req: FastifyRequest,
  path: string,
  indexes: ArrayLike<number>,
  offset: number,
): { illusts: RawIllust[]; next_url: string | null } {
  const viewer = viewerOf(req);
  const raw = (i: number) => rawIllust(state.data.work(i), viewer);
  const { items, next_url } = pageOf({ req, path, indexes, offset, raw });
  return { illusts: items, next_url };
}

/** Whether the viewer's own setting lets a work appear in lists at all. */
export function allowedFor(state: SandboxState, req: FastifyRequest) {
  const max = req.sandboxAccount?.xRestrict ?? 0;
  return (index: number) => state.data.xRestrict[index]! <= max;
}
