/**
 * Raw pixiv novel shapes (pixiv-upstream.md §1.1 "Novel object", §1.2 `/v2/novel/series`,
 * `/webview/v2/novel`): the app API's snake_case JSON and the camelCase object the webview
 * HTML embeds.
 */
import type { RawImageUrls, RawTag, RawUser } from './app-api.ts';

export interface RawNovel {
  id: number;
  title: string;
  /** HTML, untrusted. */
  caption: string;
  restrict: number;
  /** 0 all ages, 1 R-18, 2 R-18G. */
  x_restrict: number;
  is_original: boolean;
  image_urls: RawImageUrls;
  create_date: string;
  tags: RawTag[];
  page_count: number;
  /** Characters of text. */
  text_length: number;
  user: RawUser;
  /** `{}` when the novel is in no series (unlike illusts, which send null). */
  series: { id: number; title: string } | Record<string, never>;
  is_bookmarked: boolean;
  total_bookmarks: number;
  total_view: number;
  visible: boolean;
  total_comments: number;
  is_muted: boolean;
  is_mypixiv_only: boolean;
  is_x_restricted: boolean;
  /** 0 not set (older works), 1 not AI, 2 AI-generated. */
  novel_ai_type: number;
  comment_access_control?: number;
  restriction_attributes?: string[];
}

/** `/v2/novel/detail` */
export interface RawNovelDetailResponse {
  novel: RawNovel;
}

/** `/v1/novel/ranking`, `/v1/search/novel`, `/v1/user/novels`, ... */
export interface RawNovelListResponse {
  novels: RawNovel[];
  next_url: string | null;
}

/** `/v2/novel/series` */
export interface RawNovelSeriesResponse {
  novel_series_detail: {
    id: number;
    title: string;
    caption: string;
    is_original: boolean;
    is_concluded: boolean;
    content_count: number;
    total_character_count: number;
    user: RawUser;
    display_text: string;
    novel_ai_type: number;
    watchlist_added: boolean;
  };
  novel_series_first_novel: RawNovel | null;
  novel_series_latest_novel: RawNovel | null;
  novels: RawNovel[];
  next_url: string | null;
}

/** A neighbour in `seriesNavigation` of the webview object. */
export interface RawWebviewSeriesNeighbour {
  id: number;
  viewable: boolean;
  contentOrder: string;
  title: string;
  coverUrl: string;
  viewableMessage: string | null;
}

/** An `[uploadedimage:<id>]` target in the webview object's `images` map. */
export interface RawWebviewNovelImage {
  novelImageId: string;
  sl: string;
  urls: {
    '240mw': string;
    '480mw': string;
    '1200x1200': string;
    '128x128': string;
    original: string;
  };
}

/** A `[pixivimage:<id>(-<page>)]` target in the webview object's `illusts` map. */
export interface RawWebviewNovelIllust {
  visible: boolean;
  availableMessage: string | null;
  illust: {
    title: string;
    description: string;
    restrict: number;
    xRestrict: number;
    sl: number;
    tags: { tag: string; userId: string }[];
    images: { small: string | null; medium: string | null; original: string | null };
  } | null;
  user: { id: string; name: string; image: string } | null;
  id: string;
  /** 1-based page of the illust. */
  page: number;
}

/** The `novel: {…}` object of the `/webview/v2/novel` HTML (fixture webview_v2_novel_embedded). */
export interface RawWebviewNovel {
  id: string;
  title: string;
  seriesId: string | null;
  seriesTitle: string | null;
  seriesIsWatched: boolean | null;
  userId: string;
  coverUrl: string;
  tags: string[];
  caption: string;
  /** 'YYYY-MM-DD' */
  cdate: string;
  rating: { like: number; bookmark: number; view: number };
  /** pixiv markup: `[newpage]`, `[chapter:…]`, `[[rb:…]]`, `[pixivimage:…]`, ... */
  text: string;
  marker: unknown;
  /** `[]` when empty, otherwise keyed by `<illustId>` or `<illustId>-<page>`. */
  illusts: Record<string, RawWebviewNovelIllust> | [];
  /** `[]` when empty, otherwise keyed by novelImageId. */
  images: Record<string, RawWebviewNovelImage> | [];
  seriesNavigation: {
    nextNovel: RawWebviewSeriesNeighbour | null;
    prevNovel: RawWebviewSeriesNeighbour | null;
  } | null;
  glossaryItems: unknown[];
  replaceableItemIds: unknown[];
  aiType: number;
  isOriginal: boolean;
}
