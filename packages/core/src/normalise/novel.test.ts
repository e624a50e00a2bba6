import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_SETTINGS } from '../entities/settings.ts';
import type { Novel } from '../entities/novel.ts';
import { filterArtworks, isAiArtwork, isHiddenByContent } from '../filter/content.ts';
import type { RawNovel, RawWebviewNovel } from '../raw/novel.ts';
import { parseNovelMarkup } from '../rules/novel-markup.ts';
import { readFixture } from '../test-fixtures.ts';
import { normaliseNovel, normaliseNovelText, novelPageUrl } from './novel.ts';

/** The captured webview object (novel 21688446 by pixiv's own account). */
const WEBVIEW = readFixture<RawWebviewNovel>(
  'webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json',
);

/** The app-API object of the same novel, from the capture's values (pixiv-upstream.md §1.1). */
function rawNovel(over: Partial<RawNovel> = {}): RawNovel {
  const cover = WEBVIEW.coverUrl;
  return {
    id: Number(WEBVIEW.id),
    title: WEBVIEW.title,
    caption: WEBVIEW.caption,
    restrict: 0,
    x_restrict: 0,
    is_original: WEBVIEW.isOriginal,
    image_urls: {
      square_medium: cover
        .replace('c/240x480_80', 'c/128x128')
        .replace('_master1200', '_square1200'),
      medium: cover.replace('c/240x480_80', 'c/176x352'),
      large: cover,
    },
    create_date: '2024-03-01T18:06:14+09:00',
    tags: WEBVIEW.tags.map((name) => ({
      name,
      translated_name: null,
      added_by_uploaded_user: true,
    })),
    page_count: WEBVIEW.text.split('[newpage]').length,
    text_length: WEBVIEW.text.length,
    user: {
      id: Number(WEBVIEW.userId),
      name: 'pixiv事務局',
      account: 'pixiv',
      profile_image_urls: { medium: 'https://s.pximg.net/common/images/no_profile.png' },
      is_followed: false,
    },
    series: {},
    is_bookmarked: false,
    total_bookmarks: WEBVIEW.rating.bookmark,
    total_view: WEBVIEW.rating.view,
    visible: true,
    total_comments: 3,
    is_muted: false,
    is_mypixiv_only: false,
    is_x_restricted: false,
    novel_ai_type: WEBVIEW.aiType,
    ...over,
  };
}

/** Every spec field of Novel with the type it must have. */
const FIELD_TYPES: Record<keyof Novel, string> = {
  id: 'number',
  title: 'string',
  caption: 'string',
  thumbnail: 'string',
  author: 'object',
  created: 'string',
  images: 'array',
  tags: 'array',
  count: 'number',
  view: 'number',
  like: 'number',
  text_length: 'number',
  x_restrict: 'number',
  illust_ai_type: 'number',
  is_bookmarked: 'boolean',
  series: 'object',
  is_original: 'boolean',
  novel_url: 'string',
  visible: 'boolean',
};

describe('normaliseNovel', () => {
  it('fills every spec field: cover images, page count, views, likes, text length', () => {
    const novel = normaliseNovel(rawNovel());
    for (const [field, type] of Object.entries(FIELD_TYPES)) {
      const value = novel[field as keyof Novel];
      if (type === 'array') expect(Array.isArray(value), field).toBe(true);
      else if (field === 'series') expect(value === null || typeof value === 'object').toBe(true);
      else expect(typeof value, field).toBe(type);
    }
    expect(novel).toMatchObject({
      id: 21688446,
      count: 1,
      view: 1452,
      like: 111,
      text_length: WEBVIEW.text.length,
      thumbnail: expect.stringContaining('/c/176x352/novel-cover-master/'),
      novel_url: 'https://www.pixiv.net/novel/show.php?id=21688446',
      author: { id: 11, name: 'pixiv事務局' },
    });
    expect(novel.images).toEqual([
      {
        s: expect.stringContaining('c/128x128'),
        m: expect.stringContaining('c/176x352'),
        l: WEBVIEW.coverUrl,
        o: WEBVIEW.coverUrl,
      },
    ]);
    expect(novelPageUrl(5)).toBe('https://www.pixiv.net/novel/show.php?id=5');
  });

  it('reads series {} as none and {id, title} as the series', () => {
    expect(normaliseNovel(rawNovel()).series).toBeNull();
    expect(normaliseNovel(rawNovel({ series: { id: 9, title: '連作' } })).series).toEqual({
      id: 9,
      title: '連作',
    });
  });

  it('maps novel_ai_type to the AI type and clamps x_restrict', () => {
    expect(normaliseNovel(rawNovel({ novel_ai_type: 2 })).illust_ai_type).toBe(2);
    expect(normaliseNovel(rawNovel({ novel_ai_type: 1 })).illust_ai_type).toBe(1);
    expect(normaliseNovel(rawNovel({ x_restrict: 2 })).x_restrict).toBe(2);
    expect(normaliseNovel(rawNovel({ x_restrict: 7 })).x_restrict).toBe(2);
    expect(normaliseNovel(rawNovel({ visible: false })).visible).toBe(false);
  });

  it('goes through the content filter: R-18, R-18G and AI (by novel_ai_type) hidden when off', () => {
    const prefs = (content = {}) => ({
      content: { ...DEFAULT_CONTENT_SETTINGS, ...content },
      blocks: { tags: [], authorIds: [] },
    });
    const plain = normaliseNovel(rawNovel());
    const r18 = normaliseNovel(rawNovel({ id: 2, x_restrict: 1 }));
    const r18g = normaliseNovel(rawNovel({ id: 3, x_restrict: 2 }));
    const ai = normaliseNovel(rawNovel({ id: 4, novel_ai_type: 2 }));
    const list = [plain, r18, r18g, ai];
    expect(filterArtworks(list, prefs()).map((n) => n.id)).toEqual([plain.id, ai.id]);
    expect(filterArtworks(list, prefs({ ai: false })).map((n) => n.id)).toEqual([plain.id]);
    expect(filterArtworks(list, prefs({ r18: true, r18g: true })).map((n) => n.id)).toEqual(
      list.map((n) => n.id),
    );
    // Raw items that keep pixiv's field name are read as well.
    const rawAi = { x_restrict: 0, novel_ai_type: 2, author: { id: 1 }, tags: [] };
    expect(isAiArtwork(rawAi)).toBe(true);
    expect(isHiddenByContent(rawAi, prefs({ ai: false }))).toBe(true);
    expect(isHiddenByContent({ ...rawAi, novel_ai_type: 1 }, prefs({ ai: false }))).toBe(false);
    expect(
      isHiddenByContent(plain, { ...prefs(), blocks: { tags: ['pixiv小説'], authorIds: [] } }),
    ).toBe(true);
  });
});

describe('normaliseNovelText', () => {
  it('reads the captured webview object: text, no neighbours, the embedded illust', () => {
    const text = normaliseNovelText(WEBVIEW);
    expect(text.id).toBe(21688446);
    expect(text.text).toBe(WEBVIEW.text);
    expect(text.prev).toBeNull();
    expect(text.next).toBeNull();
    expect(text.embedImgs).toEqual({
      'pixivimage:116524244':
        'https://i.pximg.net/img-master/img/2024/03/01/18/00/01/116524244_p0_master1200.jpg',
    });
    // every image the markup names can be found by its block's key
    const blocks = parseNovelMarkup(text.text).flatMap((p) => p.blocks);
    for (const b of blocks)
      if (b.type === 'illust' || b.type === 'uploaded') expect(text.embedImgs[b.key]).toBeDefined();
  });

  it('takes prev and next from the series navigation, uploaded images and later pages', () => {
    const illust = Object.values(WEBVIEW.illusts)[0]!;
    const text = normaliseNovelText({
      ...WEBVIEW,
      text: '[uploadedimage:77]\n[pixivimage:116524244-3]\n[pixivimage:5]',
      images: {
        '77': {
          novelImageId: '77',
          sl: '2',
          urls: {
            '240mw': 'https://i.pximg.net/a.jpg',
            '480mw': 'https://i.pximg.net/b.jpg',
            '1200x1200': 'https://i.pximg.net/c.jpg',
            '128x128': 'https://i.pximg.net/d.jpg',
            original: 'https://i.pximg.net/e.png',
          },
        },
      },
      illusts: {
        '116524244-3': { ...illust, page: 3 },
        '5': { ...illust, id: '5', visible: false, illust: null, user: null },
      },
      seriesNavigation: {
        prevNovel: {
          id: 10,
          viewable: true,
          contentOrder: '1',
          title: '前',
          coverUrl: '',
          viewableMessage: null,
        },
        nextNovel: {
          id: 12,
          viewable: false,
          contentOrder: '3',
          title: '次',
          coverUrl: '',
          viewableMessage: '閲覧できません',
        },
      },
    });
    expect(text.prev).toEqual({ id: 10, title: '前' });
    expect(text.next).toBeNull();
    expect(text.embedImgs).toEqual({
      'uploadedimage:77': 'https://i.pximg.net/c.jpg',
      'pixivimage:116524244-3': illust.illust!.images.medium,
    });
  });
});
