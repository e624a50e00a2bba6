import { describe, expect, it } from 'vitest';
import type { Artwork, Novel, NovelText } from '@pv/core';
import {
  apiUrl,
  planArtwork,
  planNovel,
  savedBytes,
  urlsFreedBy,
  withSaved,
  withoutAccountSaves,
  type SavedItem,
} from './saved.ts';

const item = (kind: 'illust' | 'novel', id: number, files: [string, number][]): SavedItem => ({
  kind,
  id,
  title: `t${id}`,
  author: 'a',
  cover: files[0]?.[0] ?? '',
  size: 1,
  savedAt: id,
  files: files.map(([url, bytes]) => ({ url, bytes })),
});

describe('saved items', () => {
  const a = item('illust', 1, [
    ['/api/pixiv/illust?id=1', 1000],
    ['/i/p0.jpg', 50_000],
    ['/i/shared.jpg', 7000],
  ]);
  const b = item('novel', 2, [
    ['/api/pixiv/novel_detail?id=2', 800],
    ['/i/shared.jpg', 7000],
  ]);

  it('counts each kept file once, however many items share it', () => {
    expect(savedBytes([a, b])).toBe(1000 + 50_000 + 7000 + 800);
    expect(savedBytes([])).toBe(0);
  });

  it('signing out keeps what was saved without the account, and frees only the files of its items', () => {
    const mine = { ...a, withAccount: true };
    const { kept, freed } = withoutAccountSaves([mine, b]);
    expect(kept).toEqual([b]);
    // the shared picture stays: the visitor's novel still shows it
    expect(freed.sort()).toEqual(['/api/pixiv/illust?id=1', '/i/p0.jpg']);
    expect(withoutAccountSaves([a, b])).toEqual({ kept: [a, b], freed: [] });
  });

  it('frees only the files no other saved item keeps', () => {
    expect(urlsFreedBy([a, b], a).sort()).toEqual(['/api/pixiv/illust?id=1', '/i/p0.jpg']);
    expect(urlsFreedBy([a], a).sort()).toEqual([
      '/api/pixiv/illust?id=1',
      '/i/p0.jpg',
      '/i/shared.jpg',
    ]);
    // An artwork and a novel with the same id are different items.
    expect(urlsFreedBy([a, b], { kind: 'novel', id: 1 })).toEqual([]);
  });

  it('puts a new save first and replaces an older save of the same work', () => {
    const again = { ...a, savedAt: 99 };
    expect(withSaved([a, b], again).map((i) => [i.kind, i.id, i.savedAt])).toEqual([
      ['illust', 1, 99],
      ['novel', 2, 2],
    ]);
  });

  it('builds the API URLs exactly as the client asks for them', () => {
    expect(apiUrl('/api/pixiv/', 'illust', { id: 5 })).toBe('/api/pixiv/illust?id=5');
  });

  it('keeps every page of an artwork at the chosen resolution, through /i/', () => {
    const page = (n: number) => ({
      s: `https://i.pximg.net/c/s/${n}.jpg`,
      m: `https://i.pximg.net/c/m/${n}.jpg`,
      l: `https://i.pximg.net/c/l/${n}.jpg`,
      o: `https://i.pximg.net/o/${n}.jpg`,
    });
    const artwork = {
      id: 7,
      title: 'x',
      thumbnail: 'https://i.pximg.net/c/m/0.jpg',
      author: { id: 1, name: 'n', avatar: '', is_followed: false },
      images: [page(0), page(1), page(2)],
    } as unknown as Artwork;
    const large = planArtwork(artwork, true, '/api/pixiv');
    expect(large.urls).toEqual([
      '/api/pixiv/illust?id=7',
      '/i/c/l/0.jpg',
      '/i/c/l/1.jpg',
      '/i/c/l/2.jpg',
      '/i/c/m/0.jpg',
    ]);
    expect(large.item).toMatchObject({ kind: 'illust', id: 7, size: 3, cover: '/i/c/m/0.jpg' });
    expect(planArtwork(artwork, false, '/api/pixiv').urls.slice(1, 4)).toEqual([
      '/i/c/m/0.jpg',
      '/i/c/m/1.jpg',
      '/i/c/m/2.jpg',
    ]);
  });

  it('keeps a novel’s detail, text, cover and embedded pictures', () => {
    const novel = {
      id: 9,
      title: 'n',
      thumbnail: 'https://i.pximg.net/c/m/cover.jpg',
      text_length: 1200,
      author: { id: 1, name: 'w', avatar: '', is_followed: false },
      images: [{ s: '', m: 'https://i.pximg.net/c/m/cover.jpg', l: '', o: '' }],
    } as unknown as Novel;
    const text = {
      id: 9,
      text: '[uploadedimage:3]',
      prev: null,
      next: null,
      embedImgs: {
        'uploadedimage:3': 'https://i.pximg.net/novel-cover-original/3.jpg',
        'pixivimage:4': 'https://i.pximg.net/img-master/4.jpg',
      },
    } as NovelText;
    expect(planNovel(novel, text, '/api/pixiv').urls).toEqual([
      '/api/pixiv/novel_detail?id=9',
      '/api/pixiv/webview_novel?id=9',
      '/i/c/m/cover.jpg',
      '/i/novel-cover-original/3.jpg',
      '/i/img-master/4.jpg',
    ]);
  });
});
