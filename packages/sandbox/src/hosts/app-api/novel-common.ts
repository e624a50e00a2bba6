/** Shared by the novel handlers: the viewer with its novel bookmarks, paging, the age gate. */
import type { FastifyRequest } from 'fastify';
import type { RawNovel } from '@pv/core';
import { rawNovel, type NovelViewer } from '../../data/novel-json.ts';
import type { Novel } from '../../data/novels.ts';
import type { SandboxState } from '../../state.ts';
import { appError, messages, pageOf, viewerOf } from './common.ts';

export function novelViewer(req: FastifyRequest): NovelViewer {
  const social = req.sandboxSocial;
  return {
    ...viewerOf(req),
    isNovelBookmarked: social ? (id) => social.novelBookmarks.has(id) : undefined,
  };
}

/** Whether the viewer's own age setting lets a novel appear in lists at all. */
export function novelAllowed(state: SandboxState, req: FastifyRequest) {
  const max = req.sandboxAccount?.xRestrict ?? 0;
  return (index: number) => state.novels.xRestrict[index]! <= max;
}

/** One offset page of novel indexes as app JSON with next_url (30 per page). */
export function novelPage(
  state: SandboxState,
  req: FastifyRequest,
  path: string,
  indexes: ArrayLike<number>,
  offset: number,
): { novels: RawNovel[]; next_url: string | null } {
  const viewer = novelViewer(req);
  const raw = (i: number) => rawNovel(state.novels.at(i), viewer);
  const { items, next_url } = pageOf({ req, path, indexes, offset, raw });
  return { novels: items, next_url };
}

/** The novel a numeric id parameter names, or undefined. */
export function findNovel(state: SandboxState, raw: string | undefined): Novel | undefined {
  return /^\d{1,10}$/.test(raw ?? '') ? state.novels.novel(Number(raw)) : undefined;
}

/** pixiv's 404 body for a deleted or unknown work, in the request language. */
export function novelNotFound(req: FastifyRequest) {
  return appError('', messages(viewerOf(req).language).notFound);
}
