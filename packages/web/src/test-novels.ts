/**
 * A novel as the app API lists it, for tests: a real capture (the repository's fixtures/), the
 * webview object of novel 21688446, written out as the app API sends that novel.
 */
import type { RawNovel, RawWebviewNovel } from '@pv/core';
import capture from '../../../fixtures/webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json';

export const WEBVIEW = capture as unknown as RawWebviewNovel;

export function rawNovel(over: Partial<RawNovel> = {}): RawNovel {
  const cover = WEBVIEW.coverUrl;
  return {
    id: Number(WEBVIEW.id),
    title: WEBVIEW.title,
    caption: WEBVIEW.caption,
    restrict: 0,
    x_restrict: 0,
    is_original: WEBVIEW.isOriginal,
    image_urls: {
      square_medium: cover.replace('c/240x480_80', 'c/128x128'),
      medium: cover.replace('c/240x480_80', 'c/176x352'),
      large: cover,
    },
    create_date: '2024-03-01T18:06:14+09:00',
    tags: WEBVIEW.tags.map((name) => ({ name, translated_name: null })),
    page_count: 1,
    text_length: 12345,
    user: {
      id: Number(WEBVIEW.userId),
      name: 'pixiv事務局',
      account: 'pixiv',
      profile_image_urls: { medium: 'https://s.pximg.net/common/images/no_profile.png' },
    },
    series: {},
    is_bookmarked: false,
    total_bookmarks: WEBVIEW.rating.bookmark,
    total_view: WEBVIEW.rating.view,
    visible: true,
    total_comments: 0,
    is_muted: false,
    is_mypixiv_only: false,
    is_x_restricted: false,
    novel_ai_type: WEBVIEW.aiType,
    ...over,
  };
}
