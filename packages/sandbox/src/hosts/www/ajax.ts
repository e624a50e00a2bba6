/**
 * www.pixiv.net ajax routes (pixiv-upstream.md §3): the `{error, message, body}` envelope with
 * string ids. `/ajax/discovery/artworks` (the discovery feed, a fresh pick of recent popular
 * works per call (discovery.ts), `mode` safe / all / r18, `limit` at most 100), the comment routes (comments.ts) and
 * `ugoira_meta` (ugoira.ts).
 */
import type { FastifyInstance } from 'fastify';
import { jstPathDate } from '../../clock.ts';
import type { Work } from '../../data/dataset.ts';
import { avatarUrl, PXIMG } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { registerWebComments } from './comments.ts';
import { discoveryPicks } from './discovery.ts';
import { registerWebUgoira } from './ugoira.ts';

export function ajaxOk(body: unknown) {
  return { error: false, message: '', body };
}

export function ajaxError(message: string) {
  return { error: true, message, body: [] };
}

function jstIsoOffset(ms: number): string {
  return `${new Date(ms + 9 * 3600 * 1000).toISOString().slice(0, 19)}+09:00`;
}

/** The web's thumbnail item ("ArtworkCommon"). */
export function webThumbnail(work: Work) {
  const date = jstPathDate(work.uploaded);
  const stem = work.kind === 'ugoira' ? `${work.id}` : `${work.id}_p0`;
  const master = `img-master/img/${date}/${stem}_master1200.jpg`;
  return {
    id: String(work.id),
    title: work.title,
    illustType: work.kind === 'illust' ? 0 : work.kind === 'manga' ? 1 : 2,
    xRestrict: work.xRestrict,
    restrict: 0,
    sl: work.sanityLevel,
    url: `${PXIMG}/c/250x250_80_a2/${master.replace('_master1200', '_square1200')}`,
    description: '',
    tags: work.tags.map((t) => t.name),
    userId: String(work.user.id),
    userName: work.user.name,
    width: work.width,
    height: work.height,
    pageCount: work.pageCount,
    isBookmarkable: true,
    bookmarkData: null,
    alt: `#${work.tags[0]?.name ?? ''} ${work.title}`,
    titleCaptionTranslation: { workTitle: null, workCaption: null },
    createDate: jstIsoOffset(work.created),
    updateDate: jstIsoOffset(work.uploaded),
    isUnlisted: false,
    isMasked: false,
    aiType: work.aiType,
    urls: {
      '250x250': `${PXIMG}/c/250x250_80_a2/${master.replace('_master1200', '_square1200')}`,
      '360x360': `${PXIMG}/c/360x360_70/${master.replace('_master1200', '_square1200')}`,
      '540x540': `${PXIMG}/c/540x540_70/${master}`,
    },
    profileImageUrl: avatarUrl(work.user, 50),
  };
}

export function registerAjax(app: FastifyInstance, state: SandboxState): void {
  registerWebComments(app, state);
  registerWebUgoira(app, state);
  app.get('/ajax/discovery/artworks', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const mode = q.mode ?? 'all';
    const limit = Number(q.limit ?? 60);
    if (
      !['all', 'safe', 'r18'].includes(mode) ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 100
    ) {
      return reply.code(400).send(ajaxError('不正なリクエストです'));
    }
    const picks = discoveryPicks(state, 'discovery/artworks', limit, (x) =>
      mode === 'safe' ? x === 0 : mode === 'r18' ? x > 0 : true,
    );
    return ajaxOk({
      recommendedIllusts: picks.map((w) => ({
        illustId: String(w.id),
        recommendMethods: ['illust_by_illust_table_bq_recommendation_c'],
        recommendSeedIllustIds: [],
      })),
      thumbnails: { illust: picks.map(webThumbnail), novel: [], novelSeries: [], novelDraft: [] },
      tagTranslation: {},
      users: [],
    });
  });
}
