import { expect, it } from 'vitest';
import { authorListKind } from './AuthorListScreen.tsx';

it('names the author list of every path and alias (spec 001 §2.1)', () => {
  expect(authorListKind('/users/5/artworks')).toBe('artworks');
  expect(authorListKind('/users/5/illustrations')).toBe('artworks');
  expect(authorListKind('/users/5/novels')).toBe('novels');
  expect(authorListKind('/users/5/favorites')).toBe('favorites');
  expect(authorListKind('/users/5/bookmarks/artworks')).toBe('favorites');
  expect(authorListKind('/users/5/favorite_novels')).toBe('favorite_novels');
  expect(authorListKind('/users/5/bookmarks/novels')).toBe('favorite_novels');
});
