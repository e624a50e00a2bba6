import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  GALLERY_LISTS_KEPT,
  galleryList,
  galleryOf,
  saveGalleryList,
  useGalleryLink,
} from './gallery-list.ts';

describe('the list a work was opened from', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the ids of the last lists, the newest first', () => {
    for (let i = 0; i <= GALLERY_LISTS_KEPT; i++) saveGalleryList(`k${i}`, [i, i + 1]);
    expect(galleryList('k0')).toEqual([]);
    expect(galleryList('k1')).toEqual([1, 2]);
    expect(galleryList(`k${GALLERY_LISTS_KEPT}`)).toEqual([
      GALLERY_LISTS_KEPT,
      GALLERY_LISTS_KEPT + 1,
    ]);
    // saving a kept list again makes it the newest, with its new ids
    saveGalleryList('k1', [7]);
    saveGalleryList('k9x', [8]);
    expect(galleryList('k1')).toEqual([7]);
  });

  it('survives broken storage and reads only a string key from the location state', () => {
    sessionStorage.setItem('pv.galleryLists', '{not json');
    expect(galleryList('a')).toEqual([]);
    expect(galleryOf({ gallery: 'abc' })).toBe('abc');
    expect(galleryOf({ gallery: 3 })).toBeNull();
    expect(galleryOf(null)).toBeNull();
    expect(galleryOf(undefined)).toBeNull();
  });

  it("a grid's link saves the grid's current items when a card is opened", () => {
    const { result, rerender } = renderHook(({ items }) => useGalleryLink(items), {
      initialProps: { items: [{ id: 1 }, { id: 2 }] },
    });
    const first = result.current;
    rerender({ items: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    // stable across renders, so the cards do not re-render for it
    expect(result.current).toBe(first);
    act(() => result.current.remember());
    expect(galleryList(result.current.state.gallery)).toEqual([1, 2, 3]);
  });
});
