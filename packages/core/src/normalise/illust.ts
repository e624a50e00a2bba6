import type { Artwork, ArtworkImage, XRestrict } from '../entities/artwork.ts';
import type { RawIllust } from '../raw/app-api.ts';

/** Clamps upstream's x_restrict into the three values the product knows (0, 1 R-18, 2 R-18G). */
export function toXRestrict(value: unknown): XRestrict {
  const n = Number(value);
  return n >= 2 ? 2 : n >= 1 ? 1 : 0;
}

/** The pixiv page of an artwork. */
export function artworkPageUrl(id: number): string {
  return `https://www.pixiv.net/artworks/${id}`;
}

/**
 * Pages of an app-API illust. Multi-page works list every page in `meta_pages`; single-page works
 * leave `meta_pages` empty and carry the original in `meta_single_page` (which is `{}` otherwise).
 */
function illustImages(raw: RawIllust): ArtworkImage[] {
  if (raw.meta_pages.length > 0) {
    return raw.meta_pages.map(({ image_urls: u }) => ({
      s: u.square_medium,
      m: u.medium,
      l: u.large,
      o: u.original,
    }));
  }
  const u = raw.image_urls;
  return [
    {
      s: u.square_medium,
      m: u.medium,
      l: u.large,
      o: raw.meta_single_page.original_image_url ?? '',
    },
  ];
}

/** Turns an app-API illust (detail, ranking, search, related, ...) into the normalised Artwork. */
export function normaliseIllust(raw: RawIllust): Artwork {
  const images = illustImages(raw);
  return {
    id: raw.id,
    title: raw.title,
    caption: raw.caption ?? '',
    thumbnail: images[0]?.m ?? raw.image_urls.medium,
    author: {
      id: raw.user.id,
      name: raw.user.name,
      avatar: raw.user.profile_image_urls.medium,
      is_followed: raw.user.is_followed ?? false,
    },
    created: raw.create_date,
    images,
    tags: raw.tags.map((t) => ({ name: t.name, translated_name: t.translated_name ?? null })),
    tools: raw.tools ?? [],
    width: raw.width,
    height: raw.height,
    count: raw.page_count,
    view: raw.total_view,
    like: raw.total_bookmarks,
    ...(raw.total_comments === undefined ? {} : { comments: raw.total_comments }),
    x_restrict: toXRestrict(raw.x_restrict),
    illust_ai_type: raw.illust_ai_type ?? 0,
    type: raw.type,
    is_bookmarked: raw.is_bookmarked ?? false,
    series:
      raw.series && 'id' in raw.series ? { id: raw.series.id, title: raw.series.title } : null,
    illust_url: artworkPageUrl(raw.id),
    visible: raw.visible ?? true,
  };
}
