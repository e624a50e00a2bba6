/**
 * Novels as the app API serialises them (pixiv-upstream.md §1.1 "Novel object"): `series: {}`
 * when there is none, `novel_ai_type`, and the restricted form for novels the viewer may not
 * read; and the camelCase object the `/webview/v2/novel` HTML embeds.
 */
import type {
  RawNovel,
  RawWebviewNovel,
  RawWebviewNovelIllust,
  RawWebviewNovelImage,
  RawWebviewSeriesNeighbour,
} from '@pv/core';
import { jstDay, jstIso, jstPathDate } from '../clock.ts';
import { PXIMG, avatarUrl, novelCoverUrls, novelImageUrls } from '../images/urls.ts';
import {
  rawUser,
  restrictedPlaceholder,
  restrictedUser,
  translateTag,
  type Viewer,
} from './app-json.ts';
import type { Dataset } from './dataset.ts';
import { novelText } from './novel-text.ts';
import type { Novel, Novels } from './novels.ts';

export interface NovelViewer extends Viewer {
  isNovelBookmarked?: (novelId: number) => boolean;
}

export function rawNovel(novel: Novel, viewer: NovelViewer): RawNovel {
  const raw: RawNovel = {
    id: novel.id,
    title: novel.title,
    caption: novel.caption,
    restrict: 0,
    x_restrict: novel.xRestrict,
    is_original: novel.isOriginal,
    image_urls: novelCoverUrls(novel),
    create_date: jstIso(novel.created),
    tags: novel.tags.map((t) => ({
      name: t.name,
      translated_name: translateTag(t, viewer.language),
      added_by_uploaded_user: t.addedByUploadedUser,
    })),
    page_count: novel.pageCount,
    text_length: novel.textLength,
    user: rawUser(novel.user, viewer),
    series: novel.series ? { id: novel.series.id, title: novel.series.title } : {},
    is_bookmarked: viewer.isNovelBookmarked?.(novel.id) ?? false,
    total_bookmarks: novel.bookmarks,
    total_view: novel.views,
    visible: true,
    total_comments: novel.comments,
    is_muted: false,
    is_mypixiv_only: false,
    is_x_restricted: false,
    novel_ai_type: novel.aiType,
  };
  if (novel.xRestrict <= viewer.xRestrict) return raw;
  const image = restrictedPlaceholder(novel.xRestrict);
  return {
    ...raw,
    image_urls: { square_medium: image, medium: image, large: image },
    user: restrictedUser(),
    visible: false,
    is_x_restricted: true,
    restriction_attributes: ['restricted_mode'],
  };
}

/** `/v2/novel/detail` adds the comment setting. */
export function rawNovelDetail(novel: Novel, viewer: NovelViewer): RawNovel {
  return { ...rawNovel(novel, viewer), comment_access_control: 0 };
}

function neighbour(
  novels: Novels,
  index: number | undefined,
  viewer: Viewer,
): RawWebviewSeriesNeighbour | null {
  if (index === undefined) return null;
  const novel = novels.at(index);
  const viewable = novel.xRestrict <= viewer.xRestrict;
  return {
    id: novel.id,
    viewable,
    contentOrder: String(novel.series!.order),
    title: novel.title,
    coverUrl: novelCoverUrls(novel).large,
    viewableMessage: viewable ? null : 'この作品は閲覧できません',
  };
}

function illustEntry(
  data: Dataset,
  id: number,
  page: number,
  viewer: Viewer,
): RawWebviewNovelIllust {
  const work = data.workById(id);
  if (!work || work.xRestrict > viewer.xRestrict) {
    const message = 'この作品は閲覧できません';
    return {
      visible: false,
      availableMessage: message,
      illust: null,
      user: null,
      id: String(id),
      page,
    };
  }
  // The web's "regular" size: img-master without a crop prefix (fixture webview_v2_novel).
  const stem = work.kind === 'ugoira' ? `${work.id}` : `${work.id}_p${page - 1}`;
  return {
    visible: true,
    availableMessage: null,
    illust: {
      title: work.title,
      description: work.caption,
      restrict: 0,
      xRestrict: work.xRestrict,
      sl: work.sanityLevel,
      tags: work.tags.map((t) => ({ tag: t.name, userId: String(work.user.id) })),
      images: {
        small: null,
        medium: `${PXIMG}/img-master/img/${jstPathDate(work.uploaded)}/${stem}_master1200.jpg`,
        original: null,
      },
    },
    user: { id: String(work.user.id), name: work.user.name, image: avatarUrl(work.user, 50) },
    id: String(id),
    page,
  };
}

/** The object `/webview/v2/novel` embeds as `novel: {…},` (fixture webview_v2_novel_embedded). */
export function webviewNovel(novels: Novels, novel: Novel, viewer: NovelViewer): RawWebviewNovel {
  const { text, illusts, images } = novelText(novels, novel);
  const illustMap: Record<string, RawWebviewNovelIllust> = {};
  for (const ref of illusts) {
    // Keyed like the markup: `<id>` for a first page, `<id>-<page>` for the others.
    illustMap[ref.page > 1 ? `${ref.id}-${ref.page}` : String(ref.id)] = illustEntry(
      novels.data,
      ref.id,
      ref.page,
      viewer,
    );
  }
  const imageMap: Record<string, RawWebviewNovelImage> = {};
  for (const id of images) {
    imageMap[String(id)] = {
      novelImageId: String(id),
      sl: novel.xRestrict > 0 ? '6' : '2',
      urls: novelImageUrls(novel, id, novels.imageHash(id)),
    };
  }
  const series = novel.series ? novels.seriesOf(novel.series.id) : undefined;
  const order = novel.series ? novel.series.order - 1 : -1;
  return {
    id: String(novel.id),
    title: novel.title,
    seriesId: series ? String(series.id) : null,
    seriesTitle: series ? series.title : null,
    seriesIsWatched: series ? false : null,
    userId: String(novel.user.id),
    coverUrl: novelCoverUrls(novel).large,
    tags: novel.tags.map((t) => t.name),
    caption: novel.caption,
    cdate: jstDay(novel.created),
    rating: { like: novel.bookmarks, bookmark: novel.bookmarks, view: novel.views },
    text,
    marker: null,
    illusts: Object.keys(illustMap).length ? illustMap : [],
    images: Object.keys(imageMap).length ? imageMap : [],
    seriesNavigation: series
      ? {
          nextNovel: neighbour(novels, series.novels[order + 1], viewer),
          prevNovel: neighbour(novels, order > 0 ? series.novels[order - 1] : undefined, viewer),
        }
      : null,
    glossaryItems: [],
    replaceableItemIds: [],
    aiType: novel.aiType,
    isOriginal: novel.isOriginal,
  };
}
