/**
 * Rules of the artwork page (spec 001 §2.9, §9): the shrunk page list, the shrunk caption and the
 * author's carousel.
 */
import type { BlockLists } from '../entities/settings.ts';
import { isAiArtwork, isHiddenByContent, type FilterableItem } from '../filter/content.ts';

/** A caption longer than this many characters (of its text) starts shrunk (spec 001 §9). */
export const CAPTION_SHRINK_CHARS = 500;
/** A work with more pages than this starts shrunk… */
export const PAGES_SHRINK_ABOVE = 5;
/** …showing this many, then a "show all N" control. */
export const PAGES_SHOWN_SHRUNK = 3;
/** The author's carousel shows only with this many works (spec 001 §9 "Carousel needs 10 works"). */
export const AUTHOR_CAROUSEL_MIN = 10;
/** The carousel's last works go to its 'more' slide (spec 001 §2.9). */
export const AUTHOR_CAROUSEL_MORE = 5;
/** The carousel takes at most this many works: 10 cards and the 5 behind the 'more' slide. */
export const AUTHOR_CAROUSEL_MAX = 15;

/** True when a caption of this plain text starts shrunk. */
export function isCaptionShrunk(text: string): boolean {
  return text.length > CAPTION_SHRINK_CHARS;
}

/** How many pages show before "show all": all of them, unless the work is long. */
export function pagesShown(count: number, expanded: boolean): number {
  return expanded || count <= PAGES_SHRINK_ABOVE ? count : PAGES_SHOWN_SHRUNK;
}

/**
 * The author's carousel from their works (the current one left out): none under 10 works;
 * otherwise up to 15, the last 5 of them behind the 'more' slide.
 */
export function authorCarousel<T extends { id: number }>(
  works: readonly T[],
  currentId: number,
): { shown: T[]; more: T[] } | null {
  const others = works.filter((w) => w.id !== currentId);
  if (others.length < AUTHOR_CAROUSEL_MIN) return null;
  const taken = others.slice(0, AUTHOR_CAROUSEL_MAX);
  return {
    shown: taken.slice(0, taken.length - AUTHOR_CAROUSEL_MORE),
    more: taken.slice(taken.length - AUTHOR_CAROUSEL_MORE),
  };
}

/**
 * Why the content settings hide a work opened by a link (spec 001 §2.9: a gate that says why,
 * never an empty page): 'r18g', 'r18' or 'ai', or null when it may be shown.
 */
export function contentGate(
  item: { x_restrict: number; illust_ai_type?: number; tags: { name: string }[] },
  content: { r18: boolean; r18g: boolean; ai: boolean },
): 'r18' | 'r18g' | 'ai' | null {
  if (item.x_restrict === 2 && !content.r18g) return 'r18g';
  if (item.x_restrict === 1 && !content.r18) return 'r18';
  if (!content.ai && isAiArtwork(item)) return 'ai';
  return null;
}

/**
 * Whether an image URL is pixiv's limit placeholder (`s.pximg.net/common/images/limit_*.png`),
 * sent in place of a work the account may not see (spec 000 §8: such a work falls back to the
 * web detail and pages; spec 001 §2.9: its action buttons are hidden).
 */
export function isLimitPlaceholder(url: string | undefined): boolean {
  return !!url && /\/common\/images\/limit_[a-z0-9_]+\.(png|jpe?g)$/.test(url);
}

/**
 * A censored work (spec 001 §2.9, §8): one the block lists hide, its author or one of its tags
 * (by name or translated name) blocked. It cannot be previewed: the content-hidden toast.
 * (A work hidden by the R-18, R-18G or AI settings gets the `contentGate` instead.)
 */
export function isCensored(item: FilterableItem, blocks: BlockLists): boolean {
  return isHiddenByContent(item, {
    blocks,
    content: { r18: true, r18g: true, ai: true },
  });
}

/**
 * The previous and next work of the list the user came from (spec 001 §2.9: swiping moves to
 * the previous or next id of the gallery list); null at either end or when the work is not in it.
 */
export function listNeighbours(
  ids: readonly number[],
  id: number,
): { prev: number | null; next: number | null } {
  const at = ids.indexOf(id);
  if (at < 0) return { prev: null, next: null };
  return { prev: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}
