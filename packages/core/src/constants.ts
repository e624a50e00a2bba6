/** Numbers of the specification (spec 000 §9, spec 001 §9), in one place. */

/** Every upstream and mirror call gives up after this many milliseconds. */
export const HTTP_TIMEOUT_MS = 20_000;

/** Cache lifetimes in seconds (spec 000 §7). `null` means the entry never expires. */
export const CACHE_TTL_SECONDS = {
  latest: 600,
  recommendations: 43_200,
  related: 172_800,
  users: 86_400,
  rankings: 1_209_600,
  searches: 3_600,
  artworkDetail: null,
} as const;

/** Access tokens are reused for this long (spec 001 §9), never past upstream's expires_in. */
export const ACCESS_TOKEN_TTL_SECONDS = 1_800;

/** Masonry columns by container width: the first breakpoint >= width decides (spec 000 §9). */
export const MASONRY_BREAKPOINTS: readonly (readonly [maxWidth: number, columns: number])[] = [
  [300, 1],
  [600, 2],
  [900, 3],
  [1200, 4],
  [1600, 5],
  [1920, 6],
  [2400, 7],
  [2700, 8],
  [3000, 9],
];
/** Columns beyond the last breakpoint. */
export const MASONRY_DEFAULT_COLUMNS = 6;
/** Space between cards, px. */
export const MASONRY_GUTTER_PX = 8;

/** Novel grid columns by width (spec 001 §9): 600 -> 1, 1200 -> 2, 1600 -> 3, else 4. */
export const NOVEL_BREAKPOINTS: readonly (readonly [maxWidth: number, columns: number])[] = [
  [600, 1],
  [1200, 2],
  [1600, 3],
];
export const NOVEL_DEFAULT_COLUMNS = 4;

/** Lists load the next page when their end is this close to the viewport, px. */
export const LIST_PRELOAD_PX = 800;

/** Minimum time between two page loads of a list, ms. */
export const LIST_THROTTLE_MS = {
  random: 1_500,
  search: 1_000,
  live: 1_000,
  novelSearch: 2_500,
  related: 1_500,
  series: 1_500,
  member: 2_500,
  default: 1_000,
} as const;

/** The card image's height is kept between these fractions of its width. */
export const CARD_ASPECT_MIN = 0.5;
export const CARD_ASPECT_MAX = 1.6;

/**
 * Observed lazy images (the isImgLazyOb setting, spec 001 §9): the margins around the
 * viewport within which an image starts loading, and the preload factor: an image loads once
 * its top is within 1.3 viewport heights of the viewport's top.
 */
export const IMAGE_LAZY_MARGIN = { top: 0, right: 50, bottom: 50, left: 0 } as const;
export const IMAGE_LAZY_PRELOAD = 1.3;

/** Toasts disappear after this many ms. */
export const TOAST_MS = 2_500;
/** The bottom navigation hides once scrolled down further than this, px. */
export const NAV_HIDE_THRESHOLD_PX = 160;
/** Below this window width the bottom navigation offers back-to-top, px. */
export const NAV_BACK_TO_TOP_MAX_WIDTH_PX = 1_280;
/** Long press duration and the movement that cancels it. */
export const LONG_PRESS_MS = 800;
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10;

/** Default page size of app-API lists (offset = (page - 1) * size). */
export const PAGE_SIZE = 30;
/** App-API ranking pages hold 30 works; a ranking holds at most 500. */
export const RANKING_PAGE_SIZE = 30;
export const RANKING_MAX_ENTRIES = 500;

/** The version label the app shows (spec 000 §1). */
export const APP_VERSION_LABEL = 'v1.25.3';
/** The signed-in user's own profile is cached this long, seconds (spec 001 §9). */
export const PROFILE_CACHE_SECONDS = 21_600;

/** Default accent colour. */
export const DEFAULT_ACCENT = '#38a9f5';
/** History lists keep at most this many entries. */
export const HISTORY_CAP = 100;

/** Search results with fewer bookmarks than this are dropped: the app setting's default (spec 000 §3). */
export const SEARCH_MIN_BOOKMARKS_DEFAULT = 5;

/** Image search shows results above this similarity (percent)… */
export const IMAGE_SEARCH_MIN_SIMILARITY = 50;
/** …and dims those below this one. */
export const IMAGE_SEARCH_DIM_BELOW = 80;
