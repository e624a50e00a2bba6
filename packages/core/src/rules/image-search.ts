/** Image search results (spec 000 §5): only above 50 %, most similar first, dimmed below 80 %. */
import { IMAGE_SEARCH_DIM_BELOW, IMAGE_SEARCH_MIN_SIMILARITY } from '../constants.ts';

export interface ImageSearchResult {
  data: { id: number; ext_urls: string[]; title: string; member_name: string };
  header: { thumbnail: string; similarity: number };
}

export interface ShownImageSearchResult extends ImageSearchResult {
  dimmed: boolean;
}

export function shownImageSearchResults(
  results: readonly ImageSearchResult[],
): ShownImageSearchResult[] {
  return results
    .filter((r) => r.header.similarity > IMAGE_SEARCH_MIN_SIMILARITY)
    .sort((a, b) => b.header.similarity - a.header.similarity)
    .map((r) => ({ ...r, dimmed: r.header.similarity < IMAGE_SEARCH_DIM_BELOW }));
}
