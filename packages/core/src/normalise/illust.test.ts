import { describe, expect, it } from 'vitest';
import type { Artwork } from '../entities/artwork.ts';
import type { RawIllust, RawIllustDetailResponse } from '../raw/app-api.ts';
import { artworkFixture, readFixture } from '../test-fixtures.ts';
import { normaliseIllust } from './illust.ts';
import {
  normaliseWebIllust,
  normaliseWebThumbnail,
  restrictedFromWeb,
  type RawWebIllust,
  type RawWebThumbnail,
} from './web-illust.ts';

/** Every spec field of Artwork with the type it must have. */
const FIELD_TYPES: Record<keyof Artwork, string> = {
  id: 'number',
  title: 'string',
  caption: 'string',
  thumbnail: 'string',
  author: 'object',
  created: 'string',
  images: 'array',
  tags: 'array',
  tools: 'array',
  width: 'number',
  height: 'number',
  count: 'number',
  view: 'number',
  like: 'number',
  // only the app API's detail counts comments
  comments: 'number?',
  x_restrict: 'number',
  illust_ai_type: 'number',
  type: 'string',
  is_bookmarked: 'boolean',
  series: 'object',
  illust_url: 'string',
  visible: 'boolean',
};

function expectComplete(a: Artwork) {
  for (const [field, type] of Object.entries(FIELD_TYPES)) {
    const value = a[field as keyof Artwork];
    if (type === 'array') expect(Array.isArray(value), field).toBe(true);
    else if (type === 'number?')
      expect(value === undefined || typeof value === 'number', field).toBe(true);
    else if (field === 'series')
      expect(value === null || typeof value === 'object', field).toBe(true);
    else expect(typeof value, field).toBe(type);
  }
  expect(Number.isInteger(a.id) && a.id > 0).toBe(true);
  expect(a.title.length).toBeGreaterThan(0);
  expect(a.images.length).toBeGreaterThan(0);
  for (const image of a.images) {
    expect(image.s).toMatch(/^https:\/\/i\.pximg\.net\//);
    expect(image.m).toMatch(/^https:\/\/i\.pximg\.net\//);
    expect(image.l).toMatch(/^https:\/\/i\.pximg\.net\//);
  }
  expect([0, 1, 2]).toContain(a.x_restrict);
  expect(['illust', 'manga', 'ugoira']).toContain(a.type);
  expect(a.author.id).toBeGreaterThan(0);
  expect(a.author.name.length).toBeGreaterThan(0);
  expect(a.illust_url).toBe(`https://www.pixiv.net/artworks/${a.id}`);
  expect(a.tags.every((t) => typeof t.name === 'string' && t.name.length > 0)).toBe(true);
}

describe('normaliseIllust over the real app-API capture', () => {
  const raw = readFixture<RawIllustDetailResponse>(
    'v1_illust_detail__upbit_pixivpy__illust_detail.json',
  ).illust;
  const art = normaliseIllust(raw);

  it('sets every spec field', () => expectComplete(art));

  it('maps each field from its source', () => {
    expect(art.id).toBe(126839540);
    expect(art.title).toBe('アイドルプリキュア');
    expect(art.images).toEqual([
      {
        s: raw.image_urls.square_medium,
        m: raw.image_urls.medium,
        l: raw.image_urls.large,
        o: 'https://i.pximg.net/img-original/img/2025/02/03/00/03/17/126839540_p0.jpg',
      },
    ]);
    expect(art.thumbnail).toBe(raw.image_urls.medium);
    expect(art.author).toEqual({
      id: 1697179,
      name: 'XING/シン',
      avatar: raw.user.profile_image_urls.medium,
      is_followed: false,
    });
    expect(art.created).toBe('2025-02-03T00:03:17+09:00');
    expect(art.tags[2]).toEqual({ name: 'プリキュア', translated_name: 'precure' });
    expect(art.tags[0]?.translated_name).toBeNull();
    expect([art.width, art.height, art.count]).toEqual([1299, 871, 1]);
    expect([art.view, art.like]).toEqual([14138, 2196]);
    expect(art.comments).toBe(raw.total_comments);
    expect(typeof art.comments).toBe('number');
    expect([art.x_restrict, art.illust_ai_type, art.type]).toEqual([0, 1, 'illust']);
    expect(art.is_bookmarked).toBe(false);
    expect(art.series).toBeNull();
    expect(art.visible).toBe(true);
  });

  it('takes every page of a multi-page work from meta_pages', () => {
    const page = (n: number) => ({
      image_urls: {
        square_medium: `https://i.pximg.net/c/360x360_70/img-master/img/x/1_p${n}_square1200.jpg`,
        medium: `https://i.pximg.net/c/540x540_70/img-master/img/x/1_p${n}_master1200.jpg`,
        large: `https://i.pximg.net/c/600x1200_90/img-master/img/x/1_p${n}_master1200.jpg`,
        original: `https://i.pximg.net/img-original/img/x/1_p${n}.png`,
      },
    });
    const multi: RawIllust = {
      ...raw,
      page_count: 2,
      meta_single_page: {},
      meta_pages: [page(0), page(1)],
      series: { id: 7, title: 'S' },
      x_restrict: 2,
    };
    const a = normaliseIllust(multi);
    expect(a.images.map((i) => i.o)).toEqual([
      page(0).image_urls.original,
      page(1).image_urls.original,
    ]);
    expect(a.images[1]?.s).toBe(page(1).image_urls.square_medium);
    expect(a.count).toBe(2);
    expect(a.series).toEqual({ id: 7, title: 'S' });
    expect(a.x_restrict).toBe(2);
  });
});

describe('web normalisers over the real ajax captures', () => {
  const files = [
    'ajax_illust__Nandaka_PixivUtil2__test-image-info-32039274.json',
    'ajax_illust__Nandaka_PixivUtil2__test-image-ugoira-46281014.json',
  ];
  const bodies = files.map((f) => readFixture<{ body: RawWebIllust }>(f).body);

  it('turns both ajax illust bodies into complete artworks', () => {
    const [still, ugoira] = bodies.map(normaliseWebIllust);
    for (const a of [still, ugoira]) expectComplete(a!);
    expect(still!.id).toBe(32039274);
    expect(still!.type).toBe('illust');
    expect(still!.like).toBe(bodies[0]!.bookmarkCount);
    expect(still!.view).toBe(bodies[0]!.viewCount);
    expect(still!.images[0]?.o).toBe(bodies[0]!.urls.original);
    expect(ugoira!.type).toBe('ugoira');
    expect(ugoira!.images[0]?.o).toMatch(/_ugoira0\.jpg$/);
  });

  it('rebuilds a limit-placeholder work from the web detail and its pages, actions still hidden', () => {
    const placeholder = 'https://s.pximg.net/common/images/limit_unviewable_360.png';
    const app = artworkFixture({
      id: 32039274,
      visible: false,
      author: {
        id: 0,
        name: '',
        avatar: 'https://s.pximg.net/common/no_profile.png',
        is_followed: false,
      },
      images: [{ s: placeholder, m: placeholder, l: placeholder, o: '' }],
    });
    const body = bodies[0]!;
    const PX = 'https://i.pximg.net/';
    const page = (p: number) => ({
      urls: {
        thumb_mini: `${PX}t${p}`,
        small: `${PX}s${p}`,
        regular: `${PX}r${p}`,
        original: `${PX}o${p}`,
      },
      width: 10,
      height: 20,
    });
    const a = restrictedFromWeb(app, body, [page(0), page(1)])!;
    expectComplete(a);
    expect(a.visible).toBe(false);
    expect(a.author).toMatchObject({ id: Number(body.userId), name: body.userName });
    expect(a.author.avatar).toBe(app.author.avatar);
    expect(a.images).toEqual([
      { s: `${PX}t0`, m: `${PX}s0`, l: `${PX}r0`, o: `${PX}o0` },
      { s: `${PX}t1`, m: `${PX}s1`, l: `${PX}r1`, o: `${PX}o1` },
    ]);
    expect(a.count).toBe(2);
    expect(a.comments).toBe(74);
    // without the pages, the detail's first picture
    expect(restrictedFromWeb(app, body, [])!.images[0]!.l).toBe(body.urls.regular);
    // the web hides the pictures too (null urls), or the call failed
    const hidden = { ...body, urls: { ...body.urls, regular: null } } as unknown as RawWebIllust;
    expect(restrictedFromWeb(app, hidden, [])).toBeNull();
    expect(restrictedFromWeb(app, null, [])).toBeNull();
  });

  it('turns every thumbnail item (userIllusts, bookmarks, profile pickup) into a complete artwork', () => {
    const thumbnails: RawWebThumbnail[] = [
      ...bodies.flatMap((b) => Object.values(b.userIllusts ?? {}).filter((t) => t !== null)),
      ...readFixture<{ body: { works: RawWebThumbnail[] } }>(
        'ajax_user_illusts_bookmarks__Nandaka_PixivUtil2__bookmarks-1039353.json',
      ).body.works,
      ...readFixture<{ body: { pickup: (RawWebThumbnail & { type: string })[] } }>(
        'ajax_user_profile_all__Nandaka_PixivUtil2__all-14095911.json',
      ).body.pickup.filter((p) => p.type === 'illust'),
    ];
    expect(thumbnails.length).toBeGreaterThan(25);
    for (const item of thumbnails) {
      const a = normaliseWebThumbnail(item);
      expectComplete(a);
      expect(a.id).toBe(Number(item.id));
      expect(a.count).toBe(item.pageCount);
      expect(a.x_restrict).toBe(item.xRestrict);
      expect(a.tags.map((t) => t.name)).toEqual(item.tags);
    }
  });
});
