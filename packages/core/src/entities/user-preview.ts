/** User cards (spec 000 §3 "User card / user preview"): a user and three of their works. */
import type { RawIllust, RawUser } from '../raw/app-api.ts';
import { isAiArtwork } from '../filter/content.ts';

export interface UserPreviewIllust {
  id: number;
  title: string;
  /** Square thumbnail URL. */
  src: string;
  x_restrict: number;
  illust_ai_type: number;
}

export interface UserPreview {
  id: number;
  name: string;
  avatar: string;
  illusts: UserPreviewIllust[];
}

export interface RawUserPreview {
  user: RawUser;
  illusts: RawIllust[];
}

export function normaliseUserPreview(raw: RawUserPreview): UserPreview {
  return {
    id: raw.user.id,
    name: raw.user.name,
    avatar: raw.user.profile_image_urls.medium,
    illusts: raw.illusts.map((i) => ({
      id: i.id,
      title: i.title,
      src: i.image_urls.square_medium,
      x_restrict: i.x_restrict,
      illust_ai_type: isAiArtwork({
        illust_ai_type: i.illust_ai_type,
        tags: i.tags,
      })
        ? 2
        : i.illust_ai_type,
    })),
  };
}

/**
 * The works a user card may show for these settings: adult ones only with R-18 / R-18G on,
 * AI ones only with AI on.
 */
export function visiblePreviewIllusts(
  user: UserPreview,
  content: { r18: boolean; r18g: boolean; ai: boolean },
): UserPreviewIllust[] {
  return user.illusts.filter(
    (i) =>
      (i.x_restrict !== 1 || content.r18) &&
      (i.x_restrict !== 2 || content.r18g) &&
      (i.illust_ai_type !== 2 || content.ai),
  );
}
