import type { Artwork, ArtworkType } from '../entities/artwork.ts';
import { artworkPageUrl, toXRestrict } from './illust.ts';

/** The web ajax "ArtworkCommon" thumbnail item (search, bookmarks, follow_latest, userIllusts...). */
export interface RawWebThumbnail {
  id: string;
  title: string;
  illustType: number;
  xRestrict: number;
  url: string;
  description?: string;
  tags: string[];
  userId: string;
  userName: string;
  width: number;
  height: number;
  pageCount: number;
  bookmarkData?: { id: string; private: boolean } | null;
  createDate: string;
  aiType?: number;
  profileImageUrl?: string;
  urls?: Record<string, string>;
}

/** The body of `GET /ajax/illust/{id}` (the fields we read). */
export interface RawWebIllust {
  id: string;
  title: string;
  description: string;
  illustType: number;
  createDate: string;
  xRestrict: number;
  urls: { mini: string; thumb: string; small: string; regular: string; original: string };
  tags: { tags: { tag: string; translation?: Record<string, string> }[] };
  userId: string;
  userName: string;
  width: number;
  height: number;
  pageCount: number;
  bookmarkCount: number;
  likeCount: number;
  viewCount: number;
  bookmarkData: unknown;
  aiType?: number;
  commentCount?: number;
  seriesNavData?: { seriesId: string | number; title: string } | null;
  userIllusts?: Record<string, RawWebThumbnail | null>;
}

const WEB_TYPES: readonly ArtworkType[] = ['illust', 'manga', 'ugoira'];

/** Web `illustType` 0 illust, 1 manga, 2 ugoira. */
export function webIllustType(value: number | string): ArtworkType {
  return WEB_TYPES[Number(value)] ?? 'illust';
}

/** The 250x250 square thumbnail of a web thumbnail URL (`c/250x250_80_a2/...`) used as `s`. */
function webImages(small: string, regular: string, original: string, square: string) {
  return [{ s: square, m: small, l: regular, o: original }];
}

/**
 * Normalises a web ajax illust body. Web ids are strings; only the first page's URLs are known
 * here (`/ajax/illust/{id}/pages` lists the rest). The author's avatar is not in this body.
 */
export function normaliseWebIllust(body: RawWebIllust): Artwork {
  const id = Number(body.id);
  const series = body.seriesNavData
    ? { id: Number(body.seriesNavData.seriesId), title: body.seriesNavData.title }
    : null;
  return {
    id,
    title: body.title,
    caption: body.description ?? '',
    thumbnail: body.urls.small,
    author: { id: Number(body.userId), name: body.userName, avatar: '', is_followed: false },
    created: body.createDate,
    images: webImages(body.urls.small, body.urls.regular, body.urls.original, body.urls.thumb),
    tags: body.tags.tags.map((t) => ({ name: t.tag, translated_name: t.translation?.en ?? null })),
    tools: [],
    width: body.width,
    height: body.height,
    count: body.pageCount,
    view: body.viewCount,
    like: body.bookmarkCount,
    x_restrict: toXRestrict(body.xRestrict),
    illust_ai_type: body.aiType ?? 0,
    type: webIllustType(body.illustType),
    is_bookmarked: body.bookmarkData != null,
    series,
    illust_url: artworkPageUrl(id),
    visible: true,
  };
}

/** One entry of `GET /ajax/illust/{id}/pages`. */
export interface RawWebIllustPage {
  urls: { thumb_mini: string; small: string; regular: string; original: string };
  width: number;
  height: number;
}

/**
 * A work the app API sent as pixiv's limit placeholder, rebuilt from the web detail and its
 * pages (spec 000 §8). It stays `visible: false`, so its actions stay hidden (spec 001 §2.9);
 * the avatar is the app's (the web detail has none). Null when the web has no pictures either
 * (its `urls` are null for a work the caller may not see).
 */
export function restrictedFromWeb(
  app: Artwork,
  body: RawWebIllust | null | undefined,
  pages: readonly RawWebIllustPage[],
): Artwork | null {
  if (!body?.urls?.regular) return null;
  const web = normaliseWebIllust(body);
  const images =
    pages.length > 0
      ? pages.map((p) => ({
          s: p.urls.thumb_mini,
          m: p.urls.small,
          l: p.urls.regular,
          o: p.urls.original,
        }))
      : web.images;
  return {
    ...web,
    author: { ...web.author, avatar: app.author.avatar },
    images,
    count: images.length,
    ...(body.commentCount !== undefined ? { comments: body.commentCount } : {}),
    visible: false,
  };
}

/**
 * Normalises a web thumbnail item. A thumbnail carries one cropped image URL and no counts:
 * `view` and `like` are 0, and the original URL is unknown (''), to be filled by a detail call.
 */
export function normaliseWebThumbnail(item: RawWebThumbnail): Artwork {
  const id = Number(item.id);
  const medium = item.urls?.['540x540'] ?? item.url;
  return {
    id,
    title: item.title,
    caption: item.description ?? '',
    thumbnail: item.url,
    author: {
      id: Number(item.userId),
      name: item.userName,
      avatar: item.profileImageUrl ?? '',
      is_followed: false,
    },
    created: item.createDate,
    images: webImages(medium, medium, '', item.url),
    tags: item.tags.map((name) => ({ name, translated_name: null })),
    tools: [],
    width: item.width,
    height: item.height,
    count: item.pageCount,
    view: 0,
    like: 0,
    x_restrict: toXRestrict(item.xRestrict),
    illust_ai_type: item.aiType ?? 0,
    type: webIllustType(item.illustType),
    is_bookmarked: item.bookmarkData != null,
    series: null,
    illust_url: artworkPageUrl(id),
    visible: true,
  };
}

/** One work of `ranking.php?format=json` (pixiv-upstream.md §3). */
export interface RawWebRankingItem {
  title: string;
  date: string;
  tags: string[];
  url: string;
  illust_type: string;
  illust_page_count: string;
  user_name: string;
  profile_img: string;
  illust_content_type: { sexual: number; grotesque: boolean; [k: string]: unknown };
  illust_id: number;
  width: number;
  height: number;
  user_id: number;
  rank: number;
  yes_rank: number;
  rating_count: number;
  view_count: number;
  illust_upload_timestamp: number;
  is_bookmarked: boolean;
}

export interface RawWebRanking {
  contents: RawWebRankingItem[];
  mode: string;
  content: string;
  page: number;
  next: number | false;
  rank_total: number;
}

/**
 * A web ranking item as an artwork. The list only has a cropped thumbnail; the other sizes are
 * derived from its img-master path, as pixiv's own pages do. The age rating comes from the
 * ranking's mode: every work of an R-18 ranking is R-18, of the r18g ranking R-18G.
 */
export function normaliseWebRankingItem(item: RawWebRankingItem, mode: string): Artwork {
  const master = /\/img-master\/img\/(.+)$/.exec(item.url)?.[1];
  const origin = /^https?:\/\/[^/]+/.exec(item.url)?.[0] ?? 'https://i.pximg.net';
  const at = (crop: string) => (master ? `${origin}/c/${crop}/img-master/img/${master}` : item.url);
  const m = at('540x540_70');
  const created = new Date(item.illust_upload_timestamp * 1000).toISOString();
  return {
    id: item.illust_id,
    title: item.title,
    caption: '',
    thumbnail: m,
    author: {
      id: item.user_id,
      name: item.user_name,
      avatar: item.profile_img,
      is_followed: false,
    },
    created,
    images: [
      {
        s: master ? at('360x360_70').replace('_master1200', '_square1200') : item.url,
        m,
        l: at('600x1200_90'),
        o: '',
      },
    ],
    tags: item.tags.map((name) => ({ name, translated_name: null })),
    tools: [],
    width: item.width,
    height: item.height,
    count: Number(item.illust_page_count) || 1,
    view: item.view_count,
    like: item.rating_count,
    x_restrict: mode === 'r18g' ? 2 : mode.includes('r18') ? 1 : 0,
    illust_ai_type: 0,
    type: webIllustType(item.illust_type),
    is_bookmarked: item.is_bookmarked,
    series: null,
    illust_url: artworkPageUrl(item.illust_id),
    visible: true,
  };
}
