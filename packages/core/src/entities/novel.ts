/**
 * The normalised novel (spec 000 §3 "Novel", spec 001 §3): the artwork shape, with `images`
 * holding the cover, `count` the page count, `text_length`, `series` and `novel_ai_type` mapped
 * to the AI type; and the novel text object the reader shows (text, prev and next, embedImgs).
 * Built by `normaliseNovel` and `normaliseNovelText`.
 */
import type { ArtworkAuthor, ArtworkImage, ArtworkTag, XRestrict } from './artwork.ts';

export interface Novel {
  id: number;
  title: string;
  /** Untrusted HTML from upstream: sanitise before it reaches the DOM. */
  caption: string;
  /** The cover at list size (app `medium`, 176x352). */
  thumbnail: string;
  author: ArtworkAuthor;
  /** ISO-8601 as sent upstream (JST offset for the app API). */
  created: string;
  /** The cover, once: s 128x128 square, m 176x352, l and o 240x480 (pixiv sends no original). */
  images: [ArtworkImage];
  tags: ArtworkTag[];
  /** Page count (pages are split by `[newpage]`). */
  count: number;
  view: number;
  like: number;
  /** Characters of text. */
  text_length: number;
  x_restrict: XRestrict;
  /** `novel_ai_type` under the artworks' name, so the content filter reads both: 2 means AI. */
  illust_ai_type: number;
  is_bookmarked: boolean;
  /** null when upstream sends `{}` (no series). */
  series: { id: number; title: string } | null;
  is_original: boolean;
  /** The novel's page on pixiv: https://www.pixiv.net/novel/show.php?id={id}. */
  novel_url: string;
  /** False when upstream hides the novel (restricted placeholder cover). */
  visible: boolean;
}

/** A neighbour in the novel's series. */
export interface NovelNeighbour {
  id: number;
  title: string;
}

/** The reader's text object, from the webview page's embedded novel (spec 001 §3). */
export interface NovelText {
  id: number;
  /** pixiv markup; see `parseNovelMarkup`. */
  text: string;
  prev: NovelNeighbour | null;
  next: NovelNeighbour | null;
  /**
   * Image URLs for the markup's embedded images, keyed as `novelEmbedKey` names them:
   * `uploadedimage:<id>`, `pixivimage:<illustId>` or `pixivimage:<illustId>-<page>`. Images the
   * viewer may not see are absent.
   */
  embedImgs: Record<string, string>;
}
