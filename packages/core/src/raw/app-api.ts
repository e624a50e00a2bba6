/**
 * Raw pixiv app-API shapes (app-api.pixiv.net), as they travel on the wire: snake_case keys,
 * numeric ids, ISO-8601 dates in JST. See shared/reference/pixiv-upstream.md §1.
 * These describe what we read; upstream may send more fields, which we pass through untouched.
 */

export interface RawImageUrls {
  square_medium: string;
  medium: string;
  large: string;
  /** Present only inside `meta_pages[].image_urls`. */
  original?: string;
}

export interface RawUser {
  id: number;
  name: string;
  account: string;
  profile_image_urls: { medium: string };
  is_followed?: boolean;
  comment?: string;
}

export interface RawTag {
  name: string;
  /** Translation in the language of the request's Accept-Language; null when pixiv has none. */
  translated_name: string | null;
  added_by_uploaded_user?: boolean;
}

export type RawIllustType = 'illust' | 'manga' | 'ugoira';

export interface RawIllust {
  id: number;
  title: string;
  type: RawIllustType;
  image_urls: RawImageUrls;
  /** HTML with `<br />`, `<a href>` and `pixiv://illusts/N` links: untrusted. */
  caption: string;
  restrict: number;
  user: RawUser;
  tags: RawTag[];
  tools: string[];
  create_date: string;
  page_count: number;
  width: number;
  height: number;
  sanity_level: number;
  /** 0 all ages, 1 R-18, 2 R-18G. */
  x_restrict: number;
  /** null, or `{id, title}`. */
  series: { id: number; title: string } | null;
  /** `{original_image_url}` for single-page works, `{}` for multi-page works. */
  meta_single_page: { original_image_url?: string };
  /** `[]` for single-page works. */
  meta_pages: { image_urls: RawImageUrls & { original: string } }[];
  total_view: number;
  total_bookmarks: number;
  is_bookmarked: boolean;
  visible: boolean;
  is_muted: boolean;
  /** 0 not set (older works), 1 not AI, 2 AI-generated. */
  illust_ai_type: number;
  illust_book_style?: number;
  total_comments?: number;
  comment_access_control?: number;
  restriction_attributes?: string[];
}

/** `/v1/illust/detail` */
export interface RawIllustDetailResponse {
  illust: RawIllust;
}

/** `/v1/illust/ranking`, `/v1/search/illust`, `/v2/illust/related`, ... */
export interface RawIllustListResponse {
  illusts: RawIllust[];
  /** Absolute `https://app-api.pixiv.net/...` URL of the next page, or null on the last one. */
  next_url: string | null;
}

/** App-API error body: `{"error":{user_message, message, reason, user_message_details}}`. */
export interface RawAppApiError {
  error: {
    user_message: string;
    message: string;
    reason: string;
    user_message_details: Record<string, unknown>;
  };
}

/** `POST /auth/token` success body. The same fields are repeated under `response`. */
export interface RawAuthUser {
  profile_image_urls: { px_16x16: string; px_50x50: string; px_170x170: string };
  /** A string here, unlike everywhere else in the app API. */
  id: string;
  name: string;
  account: string;
  mail_address: string;
  is_premium: boolean;
  x_restrict: number;
  is_mail_authorized: boolean;
  require_policy_agreement: boolean;
}

export interface RawAuthTokenFields {
  access_token: string;
  /** Seconds; pixiv answers 3600. */
  expires_in: number;
  token_type: 'bearer';
  scope: string;
  refresh_token: string;
  user: RawAuthUser;
}

export interface RawAuthTokenResponse extends RawAuthTokenFields {
  response: RawAuthTokenFields;
}

/** `POST /auth/token` failure body (HTTP 400). */
export interface RawAuthError {
  has_error: true;
  errors: { system: { message: string; code: number } };
  error: string;
}

/** `GET /v1/trending-tags/illust`. */
export interface RawTrendTag {
  tag: string;
  translated_name: string | null;
  illust: RawIllust;
}
export interface RawTrendingTagsResponse {
  trend_tags: RawTrendTag[];
}
