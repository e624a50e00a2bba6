import type { Novel, NovelNeighbour, NovelText } from '../entities/novel.ts';
import type { RawNovel, RawWebviewNovel, RawWebviewSeriesNeighbour } from '../raw/novel.ts';
import { novelEmbedKey } from '../rules/novel-markup.ts';
import { toXRestrict } from './illust.ts';

/** The pixiv page of a novel. */
export function novelPageUrl(id: number): string {
  return `https://www.pixiv.net/novel/show.php?id=${id}`;
}

/**
 * Turns an app-API novel (detail, ranking, search, ...) into the normalised Novel. `series` is
 * `{}` upstream when the novel has none; `novel_ai_type` becomes the AI type the filter reads.
 */
export function normaliseNovel(raw: RawNovel): Novel {
  const u = raw.image_urls;
  const series = raw.series as { id?: number; title?: string } | null | undefined;
  return {
    id: raw.id,
    title: raw.title,
    caption: raw.caption ?? '',
    thumbnail: u.medium,
    author: {
      id: raw.user.id,
      name: raw.user.name,
      avatar: raw.user.profile_image_urls.medium,
      is_followed: raw.user.is_followed ?? false,
    },
    created: raw.create_date,
    images: [{ s: u.square_medium, m: u.medium, l: u.large, o: u.large }],
    tags: raw.tags.map((t) => ({ name: t.name, translated_name: t.translated_name ?? null })),
    count: raw.page_count,
    view: raw.total_view,
    like: raw.total_bookmarks,
    text_length: raw.text_length,
    x_restrict: toXRestrict(raw.x_restrict),
    illust_ai_type: raw.novel_ai_type ?? 0,
    is_bookmarked: raw.is_bookmarked ?? false,
    series:
      series && typeof series.id === 'number' ? { id: series.id, title: series.title ?? '' } : null,
    is_original: raw.is_original ?? false,
    novel_url: novelPageUrl(raw.id),
    visible: raw.visible ?? true,
  };
}

function neighbour(raw: RawWebviewSeriesNeighbour | null | undefined): NovelNeighbour | null {
  return raw && raw.viewable !== false ? { id: Number(raw.id), title: raw.title } : null;
}

/**
 * The reader's text object from the webview page's embedded novel: prev and next from the
 * series navigation (null when not viewable), and the embedded images' URLs keyed for the
 * markup (`uploadedimage:<id>`: the 1200x1200 size; `pixivimage:<id>[-<page>]`: the illust's
 * medium image, left out when the viewer may not see it).
 */
export function normaliseNovelText(raw: RawWebviewNovel): NovelText {
  const embedImgs: Record<string, string> = {};
  if (!Array.isArray(raw.images)) {
    for (const [id, image] of Object.entries(raw.images)) {
      const url = image.urls['1200x1200'] || image.urls.original;
      if (url) embedImgs[novelEmbedKey('uploadedimage', id)] = url;
    }
  }
  if (!Array.isArray(raw.illusts)) {
    for (const entry of Object.values(raw.illusts)) {
      const url = entry.visible ? entry.illust?.images.medium : null;
      if (url) embedImgs[novelEmbedKey('pixivimage', entry.id, entry.page)] = url;
    }
  }
  return {
    id: Number(raw.id),
    text: raw.text,
    prev: neighbour(raw.seriesNavigation?.prevNovel),
    next: neighbour(raw.seriesNavigation?.nextNovel),
    embedImgs,
  };
}
