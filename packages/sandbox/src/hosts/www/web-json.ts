/**
 * Works as the www ajax routes serialise them (pixiv-upstream.md §3 and the ajax_illust captures):
 * string ids, UTC `+00:00` dates on the detail body, the thumbnail item ("ArtworkCommon") with the
 * viewer's own `bookmarkData`, and the `urls` of the detail and the pages.
 */
import type { FastifyRequest } from 'fastify';
import { jstPathDate } from '../../clock.ts';
import { translateTag } from '../../data/app-json.ts';
import type { Work } from '../../data/dataset.ts';
import { illustSeries, illustSeriesOf } from '../../data/series.ts';
import { tagRomaji } from '../../data/tag-romaji.ts';
import { PXIMG, avatarUrl } from '../../images/urls.ts';
import type { SandboxState } from '../../state.ts';
import { firstLanguage } from '../app-api/common.ts';
import { webThumbnail } from './ajax.ts';

/** `2026-11-20T06:00:00+00:00`: the web's detail dates are UTC. */
export function utcIso(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** The caller: the session's account (if any) and its bookmarks and follows. */
export interface WebViewer {
  userId: number | null;
  /** 0 all ages only (also anonymous), 1 R-18, 2 R-18G too. */
  xRestrict: number;
  language: string;
  bookmarkOf(workId: number): { id: string; private: boolean } | null;
  isFollowing(userId: number): boolean;
}

export function webViewerOf(req: FastifyRequest): WebViewer {
  const social = req.sandboxSocial;
  return {
    userId: req.sandboxAccount?.userId ?? null,
    xRestrict: req.sandboxAccount?.xRestrict ?? 0,
    language: firstLanguage(req.headers['accept-language']),
    bookmarkOf: (id) => {
      const b = social?.bookmarks.get(id);
      return b ? { id: String(b.id), private: b.restrict === 'private' } : null;
    },
    isFollowing: (id) => social?.follows.has(id) ?? false,
  };
}

/** The thumbnail item with what the viewer did to it. */
export function webWork(work: Work, viewer: WebViewer) {
  return { ...webThumbnail(work), bookmarkData: viewer.bookmarkOf(work.id) };
}

/** The size of a work's page in i.pximg.net paths. */
function stemOf(work: Work, page: number): string {
  return work.kind === 'ugoira' ? `${work.id}` : `${work.id}_p${page}`;
}

/** `urls` of the detail body; ugoira originals are the first frame `_ugoira0.jpg`. */
export function detailUrls(work: Work) {
  const date = jstPathDate(work.uploaded);
  const stem = stemOf(work, 0);
  const master = `img-master/img/${date}/${stem}_master1200.jpg`;
  const square = `img-master/img/${date}/${stem}_square1200.jpg`;
  return {
    mini: `${PXIMG}/c/48x48/${square}`,
    thumb: `${PXIMG}/c/250x250_80_a2/${square}`,
    small: `${PXIMG}/c/540x540_70/${master}`,
    regular: `${PXIMG}/${master}`,
    original:
      work.kind === 'ugoira'
        ? `${PXIMG}/img-original/img/${date}/${work.id}_ugoira0.jpg`
        : `${PXIMG}/img-original/img/${date}/${stem}.${work.originalExt}`,
  };
}

/** `GET /ajax/illust/{id}/pages`: one entry per page. */
export function pagesBody(work: Work) {
  const date = jstPathDate(work.uploaded);
  return Array.from({ length: work.pageCount }, (_, p) => {
    const stem = stemOf(work, p);
    const master = `img-master/img/${date}/${stem}_master1200.jpg`;
    const original =
      work.kind === 'ugoira'
        ? `img-original/img/${date}/${work.id}_ugoira0.jpg`
        : `img-original/img/${date}/${stem}.${work.originalExt}`;
    return {
      urls: {
        thumb_mini: `${PXIMG}/c/128x128/img-master/img/${date}/${stem}_square1200.jpg`,
        small: `${PXIMG}/c/540x540_70/${master}`,
        regular: `${PXIMG}/${master}`,
        original: `${PXIMG}/${original}`,
      },
      width: work.width,
      height: work.height,
    };
  });
}

const ADS = 'https://pixon.ads-pixiv.net/show';
const ZONES = {
  responsive: 'illust_responsive_side',
  rectangle: 'illust_rectangle',
  '500x500': 'bigbanner',
  header: 'header',
  footer: 'footer',
  expandedFooter: 'multiple_illust_viewer',
  logo: 'logo_side',
  ad_logo: 't_logo_side',
  relatedworks: 'relatedworks',
};

/** The ad slots every page body carries (`zoneConfig`), as URLs nobody fetches. */
export function zoneConfig(zones: readonly (keyof typeof ZONES)[] = ['header', 'footer', 'logo']) {
  return Object.fromEntries(
    zones.map((z) => [z, { url: `${ADS}?zone_id=${ZONES[z]}&format=js&s=1&up=0` }]),
  );
}

function seriesNavData(state: SandboxState, work: Work) {
  const ref = illustSeriesOf(work);
  if (!ref) return null;
  const series = illustSeries(state.data, (u) => state.indexes.worksOf(u), ref.id);
  if (!series) return null;
  const at = series.works.indexOf(work.index);
  const nav = (k: number) => {
    const i = series.works[k];
    if (i === undefined) return null;
    const w = state.data.work(i);
    return { title: w.title, order: k + 1, id: String(w.id), available: true };
  };
  return {
    seriesType: 'manga',
    seriesId: String(series.id),
    title: series.title,
    order: at + 1,
    isWatched: false,
    isNotifying: false,
    prev: nav(at - 1),
    next: nav(at + 1),
  };
}

/** `noLoginData`: what pixiv adds for anonymous callers (the neighbours of the work). */
function noLoginData(state: SandboxState, work: Work) {
  const own = state.indexes.worksOf(work.user.index);
  const at = own.indexOf(work.index);
  const near = (k: number) => {
    const i = own[k];
    if (i === undefined) return null;
    const w = state.data.work(i);
    return { id: String(w.id), title: w.title };
  };
  const prev = near(at - 1);
  const next = near(at + 1);
  return {
    breadcrumbs: { current: { ja: work.tags[0]?.name ?? '' }, parent: [] },
    zengoIdWorks: [next, prev].filter((x) => x !== null),
    zengoWorkData: { nextWork: next, prevWork: prev },
  };
}

/** The works of the author the detail names in `userIllusts`: the work and its neighbours in full. */
function userIllusts(state: SandboxState, work: Work, viewer: WebViewer) {
  const own = state.indexes.worksOf(work.user.index);
  const at = own.indexOf(work.index);
  const map: Record<string, unknown> = {};
  for (let k = own.length - 1; k >= 0; k--) {
    const w = Math.abs(k - at) <= 1 ? state.data.work(own[k]!) : null;
    map[String(state.data.ids[own[k]!])] = w ? webWork(w, viewer) : null;
  }
  return map;
}

/** `GET /ajax/illust/{id}` body. Works the viewer may not see carry null urls, as on pixiv. */
export function illustBody(state: SandboxState, work: Work, viewer: WebViewer) {
  const id = String(work.id);
  const user = work.user;
  const urls =
    work.xRestrict <= viewer.xRestrict
      ? detailUrls(work)
      : { mini: null, thumb: null, small: null, regular: null, original: null };
  const tagNames = work.tags.map((t) => t.name);
  const alt = `${tagNames.join(', ')} / ${work.title}`;
  const page = `https://www.pixiv.net/artworks/${id}`;
  const ogImage = `https://embed.pixiv.net/decorate.php?illust_id=${id}&mdate=${Math.floor(work.uploaded / 1000)}`;
  const body = {
    illustId: id,
    illustTitle: work.title,
    illustComment: work.caption,
    id,
    title: work.title,
    description: work.caption,
    illustType: work.kind === 'illust' ? 0 : work.kind === 'manga' ? 1 : 2,
    createDate: utcIso(work.created),
    uploadDate: utcIso(work.uploaded),
    restrict: 0,
    xRestrict: work.xRestrict,
    sl: work.sanityLevel,
    urls,
    tags: {
      authorId: String(user.id),
      isLocked: false,
      tags: work.tags.map((t) => {
        const tr = translateTag(t, viewer.language);
        return {
          tag: t.name,
          locked: true,
          deletable: false,
          userId: String(user.id),
          userName: user.name,
          ...(tagRomaji(t.name) ? { romaji: tagRomaji(t.name)! } : {}),
          // pixiv names the key `en` whatever the language of the translation.
          ...(tr ? { translation: { en: tr } } : {}),
        };
      }),
      writable: true,
    },
    alt,
    storableTags: [] as string[],
    userId: String(user.id),
    userName: user.name,
    userAccount: user.account,
    userIllusts: userIllusts(state, work, viewer),
    likeData: false,
    width: work.width,
    height: work.height,
    pageCount: work.pageCount,
    bookmarkCount: work.bookmarks,
    likeCount: Math.floor(work.bookmarks * 1.1),
    commentCount: work.comments,
    responseCount: 0,
    viewCount: work.views,
    bookStyle: work.bookStyle,
    isHowto: false,
    isOriginal: tagNames.includes('オリジナル'),
    imageResponseOutData: [],
    imageResponseData: [],
    imageResponseCount: 0,
    pollData: null,
    seriesNavData: seriesNavData(state, work),
    descriptionBoothId: null,
    descriptionYoutubeId: null,
    comicPromotion: null,
    fanboxPromotion: null,
    contestBanners: [],
    isBookmarkable: viewer.userId !== null,
    bookmarkData: viewer.bookmarkOf(work.id),
    contestData: null,
    zoneConfig: zoneConfig([
      'responsive',
      'rectangle',
      '500x500',
      'header',
      'footer',
      'expandedFooter',
      'logo',
      'ad_logo',
      'relatedworks',
    ]),
    extraData: {
      meta: {
        title: `${alt} - pixiv`,
        description: `この作品 「${work.title}」 は ${tagNames.map((n) => `「${n}」`).join('')} 等のタグがつけられた「${user.name}」さんのイラストです。`,
        canonical: page,
        alternateLanguages: { ja: page, en: `https://www.pixiv.net/en/artworks/${id}` },
        descriptionHeader: `${tagNames.join(', ')} are the most prominent tags for this work.`,
        ogp: {
          description: work.caption,
          image: ogImage,
          title: `${alt} - pixiv`,
          type: 'article',
        },
        twitter: {
          description: work.caption,
          image: ogImage,
          title: work.title,
          card: 'summary_large_image',
        },
      },
    },
    titleCaptionTranslation: { workTitle: null, workCaption: null },
    isUnlisted: false,
    request: null,
    commentOff: 0,
    aiType: work.aiType,
    reuploadDate: work.uploaded === work.created ? null : utcIso(work.uploaded),
    locationMask: false,
    commissionLinkHidden: false,
    isLoginOnly: false,
  };
  return viewer.userId === null ? { ...body, noLoginData: noLoginData(state, work) } : body;
}

/** A user card of the following list and of discovery/users. */
export function webUserCard(state: SandboxState, userId: number, viewer: WebViewer, works = 4) {
  const user = state.data.user(userId)!;
  const own = state.indexes.worksOf(user.index);
  const illusts = [];
  for (let k = own.length - 1; k >= 0 && illusts.length < works; k--) {
    if (state.data.xRestrict[own[k]!]! <= viewer.xRestrict) {
      illusts.push(webWork(state.data.work(own[k]!), viewer));
    }
  }
  return {
    userId: String(user.id),
    userName: user.name,
    profileImageUrl: avatarUrl(user, 50),
    userComment: user.comment,
    following: viewer.isFollowing(user.id),
    followed: false,
    isBlocking: false,
    isMypixiv: false,
    illusts,
    novels: [],
    acceptRequest: false,
  };
}
