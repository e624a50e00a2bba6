import { describe, expect, it } from 'vitest';
import { dedupeById } from './usePagedList.ts';

describe('dedupeById', () => {
  it('keeps the first occurrence of each id across pages', () => {
    const pages = [
      { items: [{ id: 1 }, { id: 2 }], hasMore: true },
      { items: [{ id: 2 }, { id: 3 }], hasMore: false },
    ];
    expect(dedupeById(pages).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});
