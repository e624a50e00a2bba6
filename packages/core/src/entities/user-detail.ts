/**
 * A user's profile (spec 001 §3 "User info", §2.11) from the app API's `v1/user/detail`, the
 * profile tabs it allows, and the illust and novel series (spec 001 §3 "Series").
 */
import type { RawIllust, RawUser } from '../raw/app-api.ts';

/** The `profile` object of `v1/user/detail` (the fields read here). */
export interface RawUserProfile {
  webpage: string | null;
  gender: string;
  region: string;
  total_follow_users: number;
  total_mypixiv_users: number;
  total_illusts: number;
  total_manga: number;
  total_novels: number;
  total_illust_bookmarks_public: number;
  total_illust_series: number;
  total_novel_series: number;
  background_image_url: string | null;
  twitter_account: string;
  twitter_url: string | null;
  is_premium: boolean;
}

/** `v1/user/detail` */
export interface RawUserDetailResponse {
  user: RawUser & { comment: string };
  profile: RawUserProfile;
}

export interface UserCounts {
  illusts: number;
  mangas: number;
  illust_series: number;
  novels: number;
  novel_series: number;
  /** Public illustration bookmarks. */
  bookmarks: number;
}

export interface UserDetail {
  id: number;
  name: string;
  account: string;
  avatar: string;
  /** The cover; null when the user set none. */
  bgcover: string | null;
  /** Plain text from upstream (untrusted): render as text, never as HTML. */
  comment: string;
  gender: 'male' | 'female' | null;
  is_premium: boolean;
  is_followed: boolean;
  webpage: string | null;
  twitter_url: string | null;
  twitter_account: string;
  /** Users followed. */
  follow: number;
  /** My pixiv friends. */
  friend: number;
  region: string;
  counts: UserCounts;
}

export function normaliseUserDetail(raw: RawUserDetailResponse): UserDetail {
  const p = raw.profile;
  return {
    id: raw.user.id,
    name: raw.user.name,
    account: raw.user.account,
    avatar: raw.user.profile_image_urls.medium,
    bgcover: p.background_image_url || null,
    comment: raw.user.comment ?? '',
    gender: p.gender === 'male' || p.gender === 'female' ? p.gender : null,
    is_premium: p.is_premium,
    is_followed: raw.user.is_followed ?? false,
    webpage: p.webpage || null,
    twitter_url: p.twitter_url || null,
    twitter_account: p.twitter_account ?? '',
    follow: p.total_follow_users,
    friend: p.total_mypixiv_users,
    region: p.region ?? '',
    counts: {
      illusts: p.total_illusts,
      mangas: p.total_manga,
      illust_series: p.total_illust_series,
      novels: p.total_novels,
      novel_series: p.total_novel_series,
      bookmarks: p.total_illust_bookmarks_public,
    },
  };
}

/** The profile tabs of spec 001 §2.11, in their order. */
export const USER_TABS = [
  'illusts',
  'manga',
  'illust_series',
  'novel',
  'novel_series',
  'favorite',
  'fav_novel',
  'related',
] as const;
export type UserTab = (typeof USER_TABS)[number];

/**
 * The author list page each profile tab opens in full (spec 001 §2.1), by its path under
 * `/users/{id}/`: the profile's "open as a page" link, and the list the server fetches first for
 * a profile asked with `?tab=`. The series and related users have no such page.
 */
export const USER_TAB_LIST_PAGES: Readonly<Partial<Record<UserTab, string>>> = {
  illusts: 'artworks?type=illust',
  manga: 'artworks?type=manga',
  novel: 'novels',
  favorite: 'favorites',
  fav_novel: 'favorite_novels',
};

/**
 * The tabs a profile shows: each work tab only when its count is above 0 (spec 001 §2.11).
 * Upstream gives no count of bookmarked novels, so that tab is shown when `favNovels` (the
 * first page of them, once known) is above 0; related users are always offered.
 */
export function visibleUserTabs(counts: UserCounts, favNovels = 0): UserTab[] {
  const count: Record<UserTab, number> = {
    illusts: counts.illusts,
    manga: counts.mangas,
    illust_series: counts.illust_series,
    novel: counts.novels,
    novel_series: counts.novel_series,
    favorite: counts.bookmarks,
    fav_novel: favNovels,
    related: 1,
  };
  return USER_TABS.filter((tab) => count[tab] > 0);
}

/** Member tags show this many before 'more' (spec 001 §9). */
export const MEMBER_TAGS_FIRST = 20;
/** A profile bio taller than this collapses behind an expand control, px (spec 001 §9). */
export const BIO_COLLAPSE_PX = 160;

/** A member tag (spec 001 §3): `/ajax/user/{id}/illusts/tags`. */
export interface MemberTag {
  tag: string;
  cnt: number;
  tag_translation: string;
}

/** An illust series as `v1/illust/series` details it. */
export interface RawIllustSeriesDetail {
  id: number;
  title: string;
  caption: string;
  cover_image_urls: { medium: string };
  series_work_count: number;
  create_date: string;
  width: number;
  height: number;
  user: RawUser;
}

/** `v1/illust/series` */
export interface RawIllustSeriesResponse {
  illust_series_detail: RawIllustSeriesDetail;
  illust_series_first_illust: RawIllust | null;
  illusts: RawIllust[];
  next_url: string | null;
}

/** `v1/user/illust-series` */
export interface RawUserIllustSeriesResponse {
  illust_series_details: RawIllustSeriesDetail[];
  next_url: string | null;
}

/** A novel series as `v1/user/novel-series` and `v2/novel/series` detail it. */
export interface RawNovelSeriesDetail {
  id: number;
  title: string;
  caption: string;
  is_original?: boolean;
  is_concluded?: boolean;
  content_count: number;
  total_character_count: number;
  user: RawUser;
  display_text?: string;
  cover_image_urls?: { medium: string };
}

/** `v1/user/novel-series` */
export interface RawUserNovelSeriesResponse {
  novel_series_details: RawNovelSeriesDetail[];
  next_url: string | null;
}

/** A series of either kind (spec 001 §3 "Series"). */
export interface Series {
  id: number;
  title: string;
  /** Untrusted text. */
  caption: string;
  /** null where upstream sends none (novel series without a cover). */
  cover: string | null;
  /** Works in an illust series, novels in a novel series. */
  count: number;
  /** Characters in a novel series; 0 for an illust series. */
  total_character_count: number;
  user: { id: number; name: string; avatar: string };
}

export function normaliseIllustSeries(raw: RawIllustSeriesDetail): Series {
  return {
    id: raw.id,
    title: raw.title,
    caption: raw.caption ?? '',
    cover: raw.cover_image_urls?.medium || null,
    count: raw.series_work_count,
    total_character_count: 0,
    user: {
      id: raw.user.id,
      name: raw.user.name,
      avatar: raw.user.profile_image_urls.medium,
    },
  };
}

export function normaliseNovelSeries(raw: RawNovelSeriesDetail, cover?: string | null): Series {
  return {
    id: raw.id,
    title: raw.title,
    caption: raw.caption ?? '',
    cover: raw.cover_image_urls?.medium || cover || null,
    count: raw.content_count,
    total_character_count: raw.total_character_count,
    user: {
      id: raw.user.id,
      name: raw.user.name,
      avatar: raw.user.profile_image_urls.medium,
    },
  };
}

/**
 * The `last_order` of the page after `loaded` novels of a novel series (spec 001 §7.3
 * "/novel_series (uses last_order)"): upstream pages by the order of the last novel read, which is
 * the count read so far; undefined on the first page.
 */
export function novelSeriesLastOrder(loaded: number): number | undefined {
  return loaded > 0 ? loaded : undefined;
}
