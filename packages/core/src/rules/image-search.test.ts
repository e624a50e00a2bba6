import { describe, expect, it } from 'vitest';
import { IMAGE_SEARCH_DIM_BELOW, IMAGE_SEARCH_MIN_SIMILARITY } from '../constants.ts';
import { shownImageSearchResults } from './image-search.ts';

const r = (id: number, similarity: number) => ({
  data: { id, ext_urls: [], title: '', member_name: '' },
  header: { thumbnail: '', similarity },
});

describe('image search results', () => {
  it('keep only results above 50 %, most similar first, dimming those below 80 %', () => {
    expect(IMAGE_SEARCH_MIN_SIMILARITY).toBe(50);
    expect(IMAGE_SEARCH_DIM_BELOW).toBe(80);
    const shown = shownImageSearchResults([
      r(1, 50),
      r(2, 79.99),
      r(3, 97),
      r(4, 80),
      r(5, 50.01),
      r(6, 12),
    ]);
    expect(shown.map((s) => s.data.id)).toEqual([3, 4, 2, 5]);
    expect(shown.map((s) => s.dimmed)).toEqual([false, false, true, true]);
  });
});
