import type { BlockLists, ContentSettings } from '../entities/settings.ts';

/**
 * Tags that mark a work as AI-made even when its `illust_ai_type` is not 2 (older uploads,
 * mislabelled works). Compared ignoring case (spec 000 §5).
 */
export const AI_TAG_LABELS: readonly string[] = [
  'AI',
  'AIイラスト',
  'AI生成',
  'AI绘画',
  'AI繪圖',
  'AI-generated',
  'AIgenerated',
  'AIart',
  'AI art',
  'AIグラビア',
  'NovelAI',
  'NovelAIDiffusion',
  'StableDiffusion',
  'Stable Diffusion',
  'midjourney',
  'nijijourney',
];

const AI_LABELS_LOWER = new Set(AI_TAG_LABELS.map((label) => label.toLowerCase()));

/**
 * The part of a list item the content filter reads; artworks and novels both fit (normalised
 * novels carry `novel_ai_type` as `illust_ai_type`; items that keep pixiv's name are read too).
 */
export interface FilterableItem {
  x_restrict: number;
  illust_ai_type?: number;
  novel_ai_type?: number;
  author: { id: number };
  tags: { name: string; translated_name?: string | null }[];
}

/** What the filter needs to know about the user. */
export interface ContentPreferences {
  content: ContentSettings;
  blocks: BlockLists;
}

/**
 * An item is AI-made when its AI type (`illust_ai_type`, or a novel's `novel_ai_type`) is 2 or
 * any tag equals an AI label, ignoring case.
 */
export function isAiArtwork(
  item: Pick<FilterableItem, 'illust_ai_type' | 'novel_ai_type' | 'tags'>,
): boolean {
  return (
    item.illust_ai_type === 2 ||
    item.novel_ai_type === 2 ||
    item.tags.some((t) => AI_LABELS_LOWER.has(t.name.toLowerCase()))
  );
}

/**
 * Whether the content settings and block lists hide an item (spec 000 §5 "Content filtering").
 * The conditions are independent, so an AI work that is also R-18 shows only when both the
 * AI and the R-18 toggles are on.
 */
export function isHiddenByContent(item: FilterableItem, prefs: ContentPreferences): boolean {
  const { content, blocks } = prefs;
  if (blocks.authorIds.includes(item.author.id)) return true;
  if (blocks.tags.length > 0) {
    const blocked = new Set(blocks.tags);
    const tagBlocked = item.tags.some(
      (t) => blocked.has(t.name) || (t.translated_name != null && blocked.has(t.translated_name)),
    );
    if (tagBlocked) return true;
  }
  if (item.x_restrict === 1 && !content.r18) return true;
  if (item.x_restrict === 2 && !content.r18g) return true;
  if (!content.ai && isAiArtwork(item)) return true;
  return false;
}

/** The items of a list that the user's settings let through, in their order. */
export function filterArtworks<T extends FilterableItem>(
  items: T[],
  prefs: ContentPreferences,
): T[] {
  return items.filter((item) => !isHiddenByContent(item, prefs));
}

/**
 * The users of a user list (search, recommendations, discovery) that the author block list lets
 * through, in their order (spec 000 §5: an item of a blocked author is hidden in every list).
 */
export function filterBlockedUsers<U extends { id: number }>(
  users: readonly U[],
  blocks: Pick<BlockLists, 'authorIds'>,
): U[] {
  if (blocks.authorIds.length === 0) return [...users];
  const blocked = new Set(blocks.authorIds);
  return users.filter((u) => !blocked.has(u.id));
}

/** Parses a comma-separated block list: trimmed, no empties, de-duplicated, first occurrence kept. */
export function parseBlockList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[,，]/)) {
    const value = part.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

/** Builds de-duplicated block lists from the two comma-separated settings texts. */
export function parseBlockLists(tagsText: string, authorIdsText: string): BlockLists {
  const authorIds = parseBlockList(authorIdsText)
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
  return { tags: parseBlockList(tagsText), authorIds: [...new Set(authorIds)] };
}
