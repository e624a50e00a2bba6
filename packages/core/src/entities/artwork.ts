/**
 * The normalised artwork every screen works with (spec 000 §3, spec 001 §3).
 * Built from app-API illusts by `normaliseIllust`; web-ajax sources map into the same shape.
 */

/** One page of a work. URLs are upstream (i.pximg.net) URLs; the web app routes them through the image proxy. */
export interface ArtworkImage {
  /** Square crop (app `square_medium`, 360x360). */
  s: string;
  /** Medium (app `medium`, fits 540x540). */
  m: string;
  /** Large (app `large`, fits 600x1200). */
  l: string;
  /** Original upload (`img-original`); absent when upstream withholds it. */
  o: string;
}

export interface ArtworkAuthor {
  id: number;
  name: string;
  avatar: string;
  is_followed: boolean;
}

export interface ArtworkTag {
  name: string;
  translated_name: string | null;
}

export type ArtworkType = 'illust' | 'manga' | 'ugoira';

/** 0 all ages, 1 R-18, 2 R-18G. */
export type XRestrict = 0 | 1 | 2;

export interface Artwork {
  id: number;
  title: string;
  /** Untrusted HTML from upstream: sanitise before it reaches the DOM. */
  caption: string;
  /** The list thumbnail: the first page's medium image. */
  thumbnail: string;
  author: ArtworkAuthor;
  /** ISO-8601 as sent upstream (JST offset for the app API). */
  created: string;
  /** One entry per page; never empty. */
  images: ArtworkImage[];
  tags: ArtworkTag[];
  tools: string[];
  width: number;
  height: number;
  /** Page count. */
  count: number;
  view: number;
  like: number;
  /** Comment count, where upstream gives it (the app API's detail). */
  comments?: number;
  x_restrict: XRestrict;
  /** 0 unset, 1 not AI, 2 AI-generated. */
  illust_ai_type: number;
  type: ArtworkType;
  is_bookmarked: boolean;
  series: { id: number; title: string } | null;
  /** The artwork's page on pixiv: https://www.pixiv.net/artworks/{id}. */
  illust_url: string;
  /** False when upstream hides the work (restricted placeholder images). */
  visible: boolean;
}
