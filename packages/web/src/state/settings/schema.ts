/**
 * The app settings of spec 001 §3, each field with its default and its validator (the novel
 * reader's config is in reader.ts). A stored value that is missing, of the wrong type or out of range falls back to
 * (or is clamped into) the field's own rule, so one bad value never loses the rest.
 */
import {
  DEFAULT_ACCENT,
  SEARCH_MIN_BOOKMARKS_DEFAULT,
  THEMES,
  WF_TYPES,
  type WfType,
} from '@pv/core';
import { bool, colour, oneOf, type Raw } from './validate.ts';

// Grid layouts (spec 001 §9) and themes: shared with the server's first paint (core).
export { THEMES, WF_TYPES, type WfType } from '@pv/core';

/** Image resolutions; Original is listed but cannot be chosen (spec 001 §5.2). */
export const IMG_RESOS = ['Medium', 'Large', 'Original'] as const;
export const IMG_RESO_DISABLED: readonly ImgReso[] = ['Original'];
export type ImgReso = (typeof IMG_RESOS)[number];

/** Page transitions (spec 001 §9). */
export const PAGE_TRANSITIONS = [
  'none',
  'ios',
  'md',
  'cover',
  'cover-v',
  'dive',
  'fade',
  'flip',
  'parallax',
  'push',
] as const;
export type PageTransition = (typeof PAGE_TRANSITIONS)[number];

export const NOVEL_DL_FORMATS = ['txt', 'html'] as const;
/** Translators (spec 001 §7.4): immersive SDK, three AI models, Microsoft, Google, Youdao, none. */
export const NOVEL_TRANSLATORS = ['none', 'imt', 'ai1', 'ai2', 'ai3', 'ms', 'gg', 'yd'] as const;
/** Ugoira download formats (spec 001 §7.4). */
export const UGOIRA_DL_FORMATS = [
  'ZIP',
  'GIF',
  'WebM',
  'APNG',
  'MP4(Browser)',
  'MP4(Server)',
  'Other',
] as const;

/** File-name template tokens (spec 001 §3) and the default template. */
export const FILE_NAME_TOKENS = [
  'author',
  'authorId',
  'title',
  'pid',
  'index',
  'width',
  'height',
  'tags',
  'createDate',
] as const;
export const DEFAULT_FILE_NAME_TPL = '{author}_{title}_{pid}_p{index}';
/** Longest template kept; file names themselves are cut to 128 characters (spec 001 §7.4). */
export const FILE_NAME_TPL_MAX = 128;

export interface AppSettings {
  wfType: WfType;
  imgReso: ImgReso;
  isImageCardOuterMeta: boolean;
  isImageFitScreen: boolean;
  isLongpressBlock: boolean;
  isLongpressDL: boolean;
  /** A font family name; '' keeps the system font. */
  pageFont: string;
  pageTransition: PageTransition;
  novelDlFormat: (typeof NOVEL_DL_FORMATS)[number];
  novelDefTranslate: (typeof NOVEL_TRANSLATORS)[number];
  isAutoLoadImt: boolean;
  preferDownloadByFsa: boolean;
  preferDownloadByTm: boolean;
  dlSubDirByAuthor: boolean;
  dlFileNameTpl: string;
  ugoiraDefDLFormat: (typeof UGOIRA_DL_FORMATS)[number];
  isDirectPximg: boolean;
  isUseFancybox: boolean;
  isEnableSwipe: boolean;
  isImgLazy: boolean;
  isImgLazyOb: boolean;
  isImageCardBorderRadius: boolean;
  withBodyBg: boolean;
  /** isHideRankManga: rankings leave out manga. */
  hideRankManga: boolean;
  /** searchListMinFavNum: search results with fewer bookmarks are dropped. */
  searchMinFav: number;
  /** Dark mode: 'auto' follows the system. */
  theme: (typeof THEMES)[number];
  /** The accent colour, #rrggbb. */
  accent: string;
}

export const DEFAULT_APP_SETTINGS: Readonly<AppSettings> = Object.freeze({
  wfType: 'Masonry',
  imgReso: 'Medium',
  isImageCardOuterMeta: true,
  isImageFitScreen: true,
  isLongpressBlock: false,
  isLongpressDL: false,
  pageFont: '',
  pageTransition: 'none',
  novelDlFormat: 'txt',
  novelDefTranslate: 'none',
  isAutoLoadImt: false,
  preferDownloadByFsa: false,
  preferDownloadByTm: false,
  dlSubDirByAuthor: false,
  dlFileNameTpl: DEFAULT_FILE_NAME_TPL,
  ugoiraDefDLFormat: 'ZIP',
  isDirectPximg: false,
  isUseFancybox: false,
  isEnableSwipe: true,
  isImgLazy: true,
  isImgLazyOb: false,
  isImageCardBorderRadius: true,
  withBodyBg: false,
  hideRankManga: false,
  searchMinFav: SEARCH_MIN_BOOKMARKS_DEFAULT,
  theme: 'auto',
  accent: DEFAULT_ACCENT,
});

/** Pairs of which at most one may be on (spec 001 §4); turning one on turns the other off. */
export const EXCLUSIVE_PAIRS: readonly (readonly [keyof AppSettings, keyof AppSettings])[] = [
  ['isLongpressBlock', 'isLongpressDL'],
  ['preferDownloadByFsa', 'preferDownloadByTm'],
];

/** A template is kept when it is short enough and uses only the known tokens. */
export function isValidFileNameTpl(tpl: unknown): tpl is string {
  if (typeof tpl !== 'string' || tpl.trim() === '' || tpl.length > FILE_NAME_TPL_MAX) return false;
  const tokens = [...tpl.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  if (tokens.length === 0) return false;
  return tokens.every((t) => (FILE_NAME_TOKENS as readonly string[]).includes(t));
}

/** The minimum-bookmark field: digits only, a whole number >= 0 ('' is saved as 0). */
function minFav(v: unknown): number {
  if (v === '') return 0;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return Number.isSafeInteger(n) && (n as number) >= 0
    ? (n as number)
    : DEFAULT_APP_SETTINGS.searchMinFav;
}

/** Turns a pair's second member off when both are on: at most one of each pair stays on. */
export function enforceExclusive(app: AppSettings): AppSettings {
  let out = app;
  for (const [a, b] of EXCLUSIVE_PAIRS)
    if (out[a] === true && out[b] === true) out = { ...out, [b]: false };
  return out;
}

export function parseAppSettings(raw: Raw): AppSettings {
  const d = DEFAULT_APP_SETTINGS;
  const b = (k: keyof AppSettings) => bool(raw[k], d[k] as boolean);
  const imgReso = oneOf(raw.imgReso, IMG_RESOS, d.imgReso);
  return enforceExclusive({
    wfType: oneOf(raw.wfType, WF_TYPES, d.wfType),
    imgReso: IMG_RESO_DISABLED.includes(imgReso) ? d.imgReso : imgReso,
    isImageCardOuterMeta: b('isImageCardOuterMeta'),
    isImageFitScreen: b('isImageFitScreen'),
    isLongpressBlock: b('isLongpressBlock'),
    isLongpressDL: b('isLongpressDL'),
    pageFont:
      typeof raw.pageFont === 'string' &&
      raw.pageFont.length <= 100 &&
      !/[;{}<>"'\\]/.test(raw.pageFont)
        ? raw.pageFont
        : d.pageFont,
    pageTransition: oneOf(raw.pageTransition, PAGE_TRANSITIONS, d.pageTransition),
    novelDlFormat: oneOf(raw.novelDlFormat, NOVEL_DL_FORMATS, d.novelDlFormat),
    novelDefTranslate: oneOf(raw.novelDefTranslate, NOVEL_TRANSLATORS, d.novelDefTranslate),
    isAutoLoadImt: b('isAutoLoadImt'),
    preferDownloadByFsa: b('preferDownloadByFsa'),
    preferDownloadByTm: b('preferDownloadByTm'),
    dlSubDirByAuthor: b('dlSubDirByAuthor'),
    dlFileNameTpl: isValidFileNameTpl(raw.dlFileNameTpl) ? raw.dlFileNameTpl : d.dlFileNameTpl,
    ugoiraDefDLFormat: oneOf(raw.ugoiraDefDLFormat, UGOIRA_DL_FORMATS, d.ugoiraDefDLFormat),
    isDirectPximg: b('isDirectPximg'),
    isUseFancybox: b('isUseFancybox'),
    isEnableSwipe: b('isEnableSwipe'),
    isImgLazy: b('isImgLazy'),
    isImgLazyOb: b('isImgLazyOb'),
    isImageCardBorderRadius: b('isImageCardBorderRadius'),
    withBodyBg: b('withBodyBg'),
    hideRankManga: b('hideRankManga'),
    searchMinFav: minFav(raw.searchMinFav),
    theme: oneOf(raw.theme, THEMES, d.theme),
    accent: colour(raw.accent, d.accent, false),
  });
}
