/**
 * www.pixiv.net user routes (pixiv-upstream.md §3): `/ajax/user/{id}/following` (`offset`,
 * `limit` 24, `rest` show|hide, `tag`; account only), `/ajax/user/{id}/profile/all` (each
 * collection an empty array when empty, an id→null map otherwise), `/ajax/user/{id}/illusts/tags`,
 * `/ajax/user/{id}/illusts/tag` (`tag`, `offset`, `limit` 48) and `/ajax/user/{id}/illusts/bookmarks`
 * (`tag`, `offset`, `limit` 48, `rest`; account only). Follows and bookmarks are the accounts'
 * own (data/social.ts), the same ones the app API shows; private ones are their owner's alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_ACCOUNTS } from '../../accounts.ts';
import { seriesOfUser } from '../../data/series.ts';
import type { SandboxUser, Work } from '../../data/dataset.ts';
import { avatarUrl } from '../../images/urls.ts';
import { Rng } from '../../rng.ts';
import type { SandboxState } from '../../state.ts';
import { translateTag } from '../../data/app-json.ts';
import { ajaxError, ajaxOk } from './ajax.ts';
import { intIn } from './illusts.ts';
import { BAD_REQUEST_MESSAGE, refuseAnonymous } from './session.ts';
import { webUserCard, webViewerOf, webWork, zoneConfig, type WebViewer } from './web-json.ts';

export const FOLLOWING_MAX_LIMIT = 100;
export const USER_WORKS_MAX_LIMIT = 100;

type Query = Record<string, string | undefined>;

/**
 * Lists a user page shows (the bookmarks and pickup captures) carry empty strings in
 * `titleCaptionTranslation`, where the detail body and its `userIllusts` carry nulls.
 */
const LISTED_TRANSLATION = { workTitle: '', workCaption: '' };

/** The work card of a user page list: the thumbnail item with the list's translation strings. */
function listedWork(work: Work, viewer: WebViewer) {
  return { ...webWork(work, viewer), titleCaptionTranslation: LISTED_TRANSLATION };
}

/** Most profiles pin nothing; about half of the creators pin up to this many works. */
export const PICKUP_MAX = 3;

/**
 * `pickup` of profile/all: the works a creator pinned, their most bookmarked ones that the
 * viewer may see, shaped like the capture's items (288x288 thumbnail, the caption, `type`,
 * `deletable`, `draggable`, `contentUrl`).
 */
export function pickupOf(state: SandboxState, user: SandboxUser, viewer: WebViewer) {
  const r = Rng.of(state.data.seed, `pickup:${user.id}`);
  if (!r.chance(0.5)) return [];
  const count = r.int(1, PICKUP_MAX);
  return Array.from(state.indexes.worksOf(user.index))
    .filter((i) => state.data.xRestrict[i]! <= viewer.xRestrict)
    .sort((a, b) => state.data.bookmarks[b]! - state.data.bookmarks[a]! || b - a)
    .slice(0, count)
    .map((i) => {
      const work = state.data.work(i);
      const card = listedWork(work, viewer);
      return {
        ...card,
        url: card.url.replace('/c/250x250_80_a2/', '/c/288x288_80_a2/'),
        description: work.caption,
        type: 'illust',
        deletable: true,
        draggable: true,
        contentUrl: `https://www.pixiv.net/en/artworks/${work.id}`,
      };
    });
}

/** A dataset user or a sandbox account (accounts have no works but do follow and bookmark). */
function knownUser(state: SandboxState, id: string): { id: number; name: string } | undefined {
  if (!/^\d{1,12}$/.test(id)) return undefined;
  const user = state.data.user(Number(id));
  if (user) return { id: user.id, name: user.name };
  const account = DEMO_ACCOUNTS.find((a) => a.userId === Number(id));
  return account ? { id: account.userId, name: account.name } : undefined;
}

function userMeta(user: { id: number; name: string }, what: string) {
  const page = `https://www.pixiv.net/users/${user.id}`;
  const title = `${user.name}'s ${what} - pixiv`;
  return {
    meta: {
      title,
      description: 'pixiv',
      canonical: page,
      alternateLanguages: { ja: page, en: `https://www.pixiv.net/en/users/${user.id}` },
      descriptionHeader: '',
      ogp: { description: '', image: '', title, type: 'article' },
      twitter: { description: '', image: '', title, card: 'summary' },
    },
  };
}

/** `{<id>: null}` for a non-empty collection, `[]` for an empty one (the capture's quirk). */
function idMap(ids: readonly number[]): Record<string, null> | [] {
  return ids.length === 0 ? [] : Object.fromEntries(ids.map((id) => [String(id), null]));
}

/** `rest=hide` (private) lists are their owner's alone: others get an empty page. */
function restOf(req: FastifyRequest, q: Query, ownerId: number): 'public' | 'private' | null {
  const rest = q.rest ?? 'show';
  if (rest !== 'show' && rest !== 'hide') return null;
  if (rest === 'hide' && req.sandboxAccount?.userId !== ownerId) return null;
  return rest === 'show' ? 'public' : 'private';
}

export function registerWebUsers(app: FastifyInstance, state: SandboxState): void {
  const bad = () => ajaxError(BAD_REQUEST_MESSAGE);

  app.get('/ajax/user/:id/following', async (req, reply) => {
    if (refuseAnonymous(req, reply)) return reply;
    const q = req.query as Query;
    const user = knownUser(state, (req.params as { id: string }).id);
    if (!user) return reply.code(404).send(ajaxError(''));
    const offset = intIn(q.offset, 0, 0, 1_000_000);
    const limit = intIn(q.limit, 24, 1, FOLLOWING_MAX_LIMIT);
    const rest = restOf(req, q, user.id);
    if (offset === null || limit === null || rest === null) return reply.code(400).send(bad());
    const viewer = webViewerOf(req);
    // Newest follow first; follows carry no tags, so a tag filter finds none.
    const ids = [...state.social.of(user.id).follows]
      .filter(([id, r]) => r === rest && state.data.user(id) !== undefined && !q.tag)
      .map(([id]) => id)
      .reverse();
    return ajaxOk({
      users: ids.slice(offset, offset + limit).map((id) => webUserCard(state, id, viewer)),
      total: ids.length,
      followUserTags: [],
      zoneConfig: zoneConfig(),
      extraData: userMeta(user, 'following'),
    });
  });

  app.get('/ajax/user/:id/profile/all', async (req, reply) => {
    const user = knownUser(state, (req.params as { id: string }).id);
    if (!user) return reply.code(404).send(ajaxError(''));
    const viewer = webViewerOf(req);
    const sandboxUser = state.data.user(user.id);
    const works = sandboxUser ? Array.from(state.indexes.worksOf(sandboxUser.index)).reverse() : [];
    const ids = (manga: boolean) =>
      works.filter((i) => (state.data.kind[i] === 1) === manga).map((i) => state.data.ids[i]!);
    const novels = sandboxUser
      ? [...state.novels.novelsOf(sandboxUser.index)].reverse().map((i) => state.novels.at(i).id)
      : [];
    const marks = [...state.social.of(user.id).bookmarks.values()];
    const mine = viewer.userId === user.id;
    const count = (restrict: 'public' | 'private', bookmarks: { restrict: string }[]) =>
      restrict === 'private' && !mine ? 0 : bookmarks.filter((b) => b.restrict === restrict).length;
    const novelMarks = [...state.social.of(user.id).novelBookmarks.values()];
    return ajaxOk({
      illusts: idMap(ids(false)),
      manga: idMap(ids(true)),
      novels: idMap(novels),
      mangaSeries: sandboxUser
        ? seriesOfUser(state.data, (u) => state.indexes.worksOf(u), sandboxUser.index).map((s) => ({
            id: String(s.id),
            userId: String(user.id),
            title: s.title,
            description: s.caption,
            caption: s.caption,
            total: s.works.length,
            createDate: webWork(state.data.work(s.works[0]!), viewer).createDate,
            updateDate: webWork(state.data.work(s.works.at(-1)!), viewer).updateDate,
            isWatched: false,
            isNotifying: false,
          }))
        : [],
      novelSeries: sandboxUser
        ? state.novels.seriesOfUser(sandboxUser.index).map((s) => ({
            id: String(s.id),
            userId: String(user.id),
            userName: user.name,
            title: s.title,
            caption: s.caption,
            total: s.novels.length,
            isConcluded: s.isConcluded,
          }))
        : [],
      pickup: sandboxUser ? pickupOf(state, sandboxUser, viewer) : [],
      bookmarkCount: {
        public: { illust: count('public', marks), novel: count('public', novelMarks) },
        private: { illust: count('private', marks), novel: count('private', novelMarks) },
      },
      externalSiteWorksStatus: { booth: false, sketch: false, vroidHub: false },
      request: { showRequestTab: false, postWorks: { artworks: [], novels: [] } },
    });
  });

  app.get('/ajax/user/:id/illusts/tags', async (req, reply) => {
    const user = knownUser(state, (req.params as { id: string }).id);
    if (!user) return reply.code(404).send(ajaxError(''));
    const viewer = webViewerOf(req);
    const sandboxUser = state.data.user(user.id);
    const counts = new Map<string, { cnt: number; translation: string | null }>();
    for (const i of sandboxUser ? state.indexes.worksOf(sandboxUser.index) : []) {
      if (state.data.xRestrict[i]! > viewer.xRestrict) continue;
      for (const tag of state.data.work(i).tags) {
        const entry = counts.get(tag.name);
        if (entry) entry.cnt++;
        else counts.set(tag.name, { cnt: 1, translation: translateTag(tag, viewer.language) });
      }
    }
    return ajaxOk(
      [...counts]
        .sort(([, a], [, b]) => b.cnt - a.cnt)
        .map(([tag, { cnt, translation }]) => ({ tag, cnt, tag_translation: translation ?? '' })),
    );
  });

  app.get('/ajax/user/:id/illusts/tag', async (req, reply) => {
    const q = req.query as Query;
    const user = knownUser(state, (req.params as { id: string }).id);
    if (!user) return reply.code(404).send(ajaxError(''));
    const offset = intIn(q.offset, 0, 0, 1_000_000);
    const limit = intIn(q.limit, 48, 1, USER_WORKS_MAX_LIMIT);
    if (offset === null || limit === null || !q.tag) return reply.code(400).send(bad());
    const viewer = webViewerOf(req);
    const sandboxUser = state.data.user(user.id);
    const tagged = (sandboxUser ? Array.from(state.indexes.worksOf(sandboxUser.index)) : [])
      .reverse()
      .filter((i) => state.data.xRestrict[i]! <= viewer.xRestrict)
      .map((i) => state.data.work(i))
      .filter((w) => w.tags.some((t) => t.name === q.tag));
    return ajaxOk({
      works: tagged.slice(offset, offset + limit).map((w) => webWork(w, viewer)),
      total: tagged.length,
    });
  });

  app.get('/ajax/user/:id/illusts/bookmarks', async (req, reply) => {
    if (refuseAnonymous(req, reply)) return reply;
    const q = req.query as Query;
    const user = knownUser(state, (req.params as { id: string }).id);
    if (!user) return reply.code(404).send(ajaxError(''));
    const offset = intIn(q.offset, 0, 0, 1_000_000);
    const limit = intIn(q.limit, 48, 1, USER_WORKS_MAX_LIMIT);
    const rest = restOf(req, q, user.id);
    if (offset === null || limit === null || rest === null) return reply.code(400).send(bad());
    const viewer = webViewerOf(req);
    const marks = [...state.social.of(user.id).bookmarks]
      .filter(([, b]) => b.restrict === rest && (!q.tag || b.tags.includes(q.tag)))
      .sort(([, a], [, b]) => b.id - a.id);
    const works = marks.slice(offset, offset + limit).flatMap(([workId]) => {
      const work = state.data.workById(workId);
      return work ? [listedWork(work, viewer)] : [];
    });
    const sandboxUser = state.data.user(user.id);
    const meta = userMeta(user, 'Bookmarks');
    if (sandboxUser) meta.meta.ogp.image = avatarUrl(sandboxUser);
    return ajaxOk({
      works,
      total: marks.length,
      zoneConfig: zoneConfig(['500x500', 'header', 'footer', 'logo']),
      extraData: meta,
    });
  });
}
