/**
 * www.pixiv.net work routes (pixiv-upstream.md §3): `/ajax/illust/{id}` (404 with message ""
 * for an unknown id, 400 「不正なリクエストです。」 for 0, `noLoginData` when anonymous),
 * `/ajax/illust/{id}/pages`, `/ajax/illust/discovery` (`mode`, `max`), `/ajax/discovery/users`,
 * `/ajax/follow_latest/illust` (30 per page, account only) and `/ajax/illust/new` (`lastId`,
 * `limit` up to 20, `type`, `r18`). The viewer's age setting decides what lists carry.
 */
import type { FastifyInstance } from 'fastify';
import type { Work } from '../../data/dataset.ts';
import type { SandboxState } from '../../state.ts';
import { ajaxError, ajaxOk } from './ajax.ts';
import { discoveryPicks } from './discovery.ts';
import { BAD_REQUEST_MESSAGE, refuseAnonymous } from './session.ts';
import {
  illustBody,
  pagesBody,
  webUserCard,
  webViewerOf,
  webWork,
  zoneConfig,
  type WebViewer,
} from './web-json.ts';

export const FOLLOW_LATEST_PAGE = 30;
/** pixiv stops the following feed after this page. */
export const FOLLOW_LATEST_MAX_PAGE = 34;
export const NEW_ILLUSTS_MAX_LIMIT = 20;
export const DISCOVERY_MAX = 100;
export const DISCOVERY_USERS_MAX = 100;

type Query = Record<string, string | undefined>;

/** An integer parameter within bounds, the fallback when absent, null when malformed. */
export function intIn(value: string | undefined, fallback: number, min: number, max: number) {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Whether a list may carry the work for this viewer and mode (`all` follows the setting). */
function fitsMode(x: number, mode: string, viewer: WebViewer): boolean {
  if (x > viewer.xRestrict) return false;
  if (mode === 'safe') return x === 0;
  if (mode === 'r18') return x > 0;
  return true;
}

function thumbnails(works: Work[], viewer: WebViewer) {
  return {
    illust: works.map((w) => webWork(w, viewer)),
    novel: [],
    novelSeries: [],
    novelDraft: [],
  };
}

export function registerWebIllusts(app: FastifyInstance, state: SandboxState): void {
  const workOf = (raw: string) => (/^\d+$/.test(raw) ? state.data.workById(Number(raw)) : null);
  const badId = (raw: string) => !/^\d{1,12}$/.test(raw) || Number(raw) === 0;

  app.get('/ajax/illust/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (badId(id)) return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    const work = workOf(id);
    if (!work) return reply.code(404).send(ajaxError(''));
    return ajaxOk(illustBody(state, work, webViewerOf(req)));
  });

  app.get('/ajax/illust/:id/pages', async (req, reply) => {
    const { id } = req.params as { id: string };
    if (badId(id)) return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    const work = workOf(id);
    if (!work) return reply.code(404).send(ajaxError(''));
    // A work the viewer's setting hides has no pages for them.
    if (work.xRestrict > webViewerOf(req).xRestrict) {
      return reply.code(403).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    return ajaxOk(pagesBody(work));
  });

  app.get('/ajax/illust/discovery', async (req, reply) => {
    const q = req.query as Query;
    const mode = q.mode ?? 'all';
    const max = intIn(q.max, 18, 1, DISCOVERY_MAX);
    if (!['all', 'safe', 'r18'].includes(mode) || max === null) {
      return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    const viewer = webViewerOf(req);
    const picks = discoveryPicks(state, 'illust/discovery', max, (x) => fitsMode(x, mode, viewer));
    return ajaxOk({ illusts: picks.map((w) => webWork(w, viewer)), zoneConfig: zoneConfig() });
  });

  app.get('/ajax/discovery/users', async (req, reply) => {
    const q = req.query as Query;
    const limit = intIn(q.limit, 20, 1, DISCOVERY_USERS_MAX);
    if (limit === null) return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    const viewer = webViewerOf(req);
    const owners: number[] = [];
    const seen = new Set<number>();
    for (const w of discoveryPicks(
      state,
      'discovery/users',
      limit * 4,
      (x) => x <= viewer.xRestrict,
    )) {
      if (owners.length >= limit) break;
      if (seen.has(w.user.id) || w.user.id === viewer.userId) continue;
      seen.add(w.user.id);
      owners.push(w.user.id);
    }
    const cards = owners.map((id) => webUserCard(state, id, viewer, 3));
    return ajaxOk({
      recommendedUsers: cards.map((c) => ({
        userId: c.userId,
        recentIllustIds: c.illusts.map((w) => w.id),
        recentNovelIds: [],
      })),
      users: cards.map((c) => ({
        userId: c.userId,
        name: c.userName,
        image: c.profileImageUrl,
        imageBig: c.profileImageUrl.replace('_50.', '_170.'),
        premium: false,
        isFollowed: c.following,
        isMypixiv: false,
        isBlocking: false,
        background: null,
        acceptRequest: false,
      })),
      thumbnails: thumbnails(
        cards.flatMap((c) => c.illusts.map((w) => state.data.workById(Number(w.id))!)),
        viewer,
      ),
    });
  });

  app.get('/ajax/follow_latest/illust', async (req, reply) => {
    if (refuseAnonymous(req, reply)) return reply;
    const q = req.query as Query;
    const mode = q.mode ?? 'all';
    const p = intIn(q.p, 1, 1, FOLLOW_LATEST_MAX_PAGE);
    if (!['all', 'r18'].includes(mode) || p === null) {
      return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    const viewer = webViewerOf(req);
    const indexes: number[] = [];
    for (const userId of req.sandboxSocial!.follows.keys()) {
      const user = state.data.user(userId);
      if (user) indexes.push(...state.indexes.worksOf(user.index));
    }
    const feed = indexes
      .filter((i) => fitsMode(state.data.xRestrict[i]!, mode, viewer))
      .sort((a, b) => b - a);
    const works = feed
      .slice((p - 1) * FOLLOW_LATEST_PAGE, p * FOLLOW_LATEST_PAGE)
      .map((i) => state.data.work(i));
    return ajaxOk({
      page: {
        ids: works.map((w) => w.id),
        isLastPage: p * FOLLOW_LATEST_PAGE >= feed.length || p === FOLLOW_LATEST_MAX_PAGE,
        tags: [],
      },
      tagTranslation: {},
      thumbnails: thumbnails(works, viewer),
      illustSeries: [],
      requests: [],
      users: [],
      zoneConfig: zoneConfig(),
    });
  });

  app.get('/ajax/illust/new', async (req, reply) => {
    const q = req.query as Query;
    const lastId = intIn(q.lastId, 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = intIn(q.limit, NEW_ILLUSTS_MAX_LIMIT, 1, NEW_ILLUSTS_MAX_LIMIT);
    const type = q.type ?? 'illust';
    const r18 = q.r18 ?? 'false';
    if (
      lastId === null ||
      limit === null ||
      !['illust', 'manga'].includes(type) ||
      !['true', 'false'].includes(r18)
    ) {
      return reply.code(400).send(ajaxError(BAD_REQUEST_MESSAGE));
    }
    const viewer = webViewerOf(req);
    const d = state.data;
    const works: Work[] = [];
    // R-18 works only for accounts whose setting shows them.
    if (r18 === 'false' || viewer.xRestrict > 0) {
      for (let i = d.firstIndexFrom(state.now) - 1; i >= 0 && works.length < limit; i--) {
        if (lastId > 0 && d.ids[i]! >= lastId) continue;
        const manga = d.kind[i] === 1;
        if (manga !== (type === 'manga')) continue;
        const x = d.xRestrict[i]!;
        if (r18 === 'true' ? x === 0 || x > viewer.xRestrict : x !== 0) continue;
        works.push(d.work(i));
      }
    }
    return ajaxOk({
      illusts: works.map((w) => webWork(w, viewer)),
      lastId: String(works.at(-1)?.id ?? lastId),
      zoneConfig: zoneConfig(),
    });
  });
}
