// Test-only access to the real pixiv captures in the repository's fixtures/ folder (see its
// SOURCES.md). Not exported from the package.
import { readFileSync } from 'node:fs';
import type { Artwork } from './entities/artwork.ts';

const FIXTURES = new URL('../../../fixtures/', import.meta.url);

/** Parses one captured fixture by file name. */
export function readFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}

/** A complete, plain artwork (one page illustration, all ages, not AI) with overrides. */
export function artworkFixture(over: Partial<Artwork> = {}): Artwork {
  const id = over.id ?? 1;
  const image = `https://i.pximg.net/c/540x540_70/img-master/img/2026/11/01/00/00/00/${id}_p0_master1200.jpg`;
  return {
    id,
    title: `work ${id}`,
    caption: '',
    thumbnail: image,
    author: { id: 1, name: 'artist', avatar: '', is_followed: false },
    created: '2026-11-01T00:00:00+09:00',
    images: [{ s: image, m: image, l: image, o: image }],
    tags: [{ name: '風景', translated_name: 'landscape' }],
    tools: [],
    width: 1000,
    height: 1000,
    count: 1,
    view: 1000,
    like: 100,
    x_restrict: 0,
    illust_ai_type: 1,
    type: 'illust',
    is_bookmarked: false,
    series: null,
    illust_url: `https://www.pixiv.net/artworks/${id}`,
    visible: true,
    ...over,
  };
}
