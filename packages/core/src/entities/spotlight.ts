/**
 * pixivision articles as the app shows them (spec 000 §3 Spotlight). The server scrapes them
 * from pixivision's pages into these shapes; image URLs are upstream URLs.
 */

/** The seven tabs of the spotlight list (spec 000 §9). */
export const SPOTLIGHT_TABS = [
  'illustration',
  'column',
  'interview',
  'manga',
  'novels',
  'news',
  'recommend',
] as const;
export type SpotlightTab = (typeof SPOTLIGHT_TABS)[number];

/**
 * The elements an article body (`SpotlightDetail.content`, pixivision HTML) may keep, in the
 * server's sanitiser and again in the app's: text structure, links and images, nothing active.
 */
export const SPOTLIGHT_BODY_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'div',
  'span',
  'blockquote',
  'figure',
  'figcaption',
];

/** Languages pixivision is published in. */
export const SPOTLIGHT_LANGS = ['ja', 'en', 'zh', 'zh-tw', 'ko'] as const;
export type SpotlightLang = (typeof SPOTLIGHT_LANGS)[number];

/**
 * pixivision's language for the app's interface language (ja, ko, zh-Hans, zh-Hant; any other
 * reads pixivision in English): the app asks in it, and the server renders an article in it.
 */
export function spotlightLang(language: string): SpotlightLang {
  if (language === 'ja') return 'ja';
  if (language === 'ko') return 'ko';
  if (language === 'zh-Hans') return 'zh';
  if (language === 'zh-Hant') return 'zh-tw';
  return 'en';
}

export interface SpotlightCard {
  id: number;
  title: string;
  /** Thumbnail image URL. */
  cover: string;
  /** Category slug (illustration, manga, …); '' when the card does not say. */
  category: string;
  tags: string[];
  /** 'YYYY-MM-DD', '' when unknown. */
  date: string;
}

export interface SpotlightList {
  articles: SpotlightCard[];
  /** The popular articles of the sidebar. */
  rank: SpotlightCard[];
  /** The recommended articles of the sidebar. */
  recommend: SpotlightCard[];
  /** Whether a next page exists. */
  next: boolean;
}

export interface SpotlightItem {
  illust_id: number;
  title: string;
  /** The work's image as the article shows it. */
  illust_url: string;
  user_id: number;
  user_name: string;
  user_avatar: string;
}

export interface SpotlightRelated {
  tag_name: string;
  items: SpotlightCard[];
}

export interface SpotlightDetail {
  id: number;
  title: string;
  cover: string;
  /** The introduction as plain text paragraphs joined by newlines; '' when absent. */
  desc: string;
  date: string;
  category: string;
  /** The article body, sanitised HTML. */
  content: string;
  items: SpotlightItem[];
  tags: string[];
  related_latest: SpotlightRelated;
  related_recommend: SpotlightRelated;
  /** The article on pixivision. */
  article_url: string;
}

/** A work shown as a placeholder (a withheld work's stand-in image on s.pximg.net). */
export function isPlaceholderImage(url: string): boolean {
  return (
    /\/\/s\.pximg\.net\/common\/images\//.test(url) || /\/limit_[a-z0-9_]+\.(png|jpg)$/.test(url)
  );
}

/**
 * Spec 000 §4 "Spotlight redirect": the illustration variant of the detail screen sends the
 * reader to the article route when the description is empty, there are no items, or an item
 * is a placeholder image.
 */
export function spotlightRedirectsToArticle(
  detail: Pick<SpotlightDetail, 'desc' | 'items'>,
): boolean {
  return (
    detail.desc.trim() === '' ||
    detail.items.length === 0 ||
    detail.items.some((item) => isPlaceholderImage(item.illust_url))
  );
}
