/**
 * The www `GET /ajax/discovery/users` body (pixiv-upstream.md, web ajax): recommended users as
 * ids with their recent work ids, the users' profiles in `users`, and the works themselves in
 * `thumbnails.illust`. Normalised into one record per user with their works in order.
 */
import type { Artwork } from '../entities/artwork.ts';
import type { UserPreview } from '../entities/user-preview.ts';
import { normaliseWebThumbnail, type RawWebThumbnail } from './web-illust.ts';

export interface RawWebDiscoveryUsers {
  recommendedUsers: { userId: string; recentIllustIds: string[]; recentNovelIds?: string[] }[];
  users: { userId: string; name: string; image: string; imageBig?: string }[];
  thumbnails: { illust: RawWebThumbnail[] };
}

/** A recommended user with their recent works, normalised. */
export interface WebRecommendedUser {
  id: number;
  name: string;
  avatar: string;
  illusts: Artwork[];
}

/**
 * One record per recommended user, in pixiv's order. Works pixiv names but does not include in
 * `thumbnails` (deleted, or hidden from this viewer) are left out; a user pixiv names without a
 * profile is left out too.
 */
export function normaliseWebDiscoveryUsers(body: RawWebDiscoveryUsers): WebRecommendedUser[] {
  const works = new Map(body.thumbnails.illust.map((t) => [t.id, t]));
  const profiles = new Map(body.users.map((u) => [u.userId, u]));
  const out: WebRecommendedUser[] = [];
  for (const rec of body.recommendedUsers) {
    const profile = profiles.get(rec.userId);
    if (!profile) continue;
    const illusts: Artwork[] = [];
    for (const id of rec.recentIllustIds) {
      const raw = works.get(id);
      if (raw) illusts.push(normaliseWebThumbnail(raw));
    }
    out.push({ id: Number(rec.userId), name: profile.name, avatar: profile.image, illusts });
  }
  return out;
}

/** A recommended user as a user card's preview: square thumbnails of their works. */
export function webRecommendedUserPreview(user: WebRecommendedUser): UserPreview {
  return {
    id: user.id,
    name: user.name,
    avatar: user.avatar,
    illusts: user.illusts.map((a) => ({
      id: a.id,
      title: a.title,
      src: a.images[0]?.s ?? a.thumbnail,
      x_restrict: a.x_restrict,
      illust_ai_type: a.illust_ai_type,
    })),
  };
}
