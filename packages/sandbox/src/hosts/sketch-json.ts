/** The JSON shapes of pixiv Sketch (pixiv-upstream.md §4.1): sketch users and lives. */
import { createHash } from 'node:crypto';
import type { Live } from '../data/lives.ts';
import type { SandboxUser } from '../data/dataset.ts';
import { avatarUrl } from '../images/urls.ts';
import type { SandboxState } from '../state.ts';

export const SKETCH_ORIGIN = 'https://sketch.pixiv.net';
export const SKETCH_IMG = 'https://img-sketch.pximg.net';

const hash16 = (key: string) => createHash('md5').update(key).digest('hex').slice(0, 16);

function photo(
  kind: 'medium' | 'user_icon',
  id: number | string,
  hash: string,
  w: number,
  h?: number,
) {
  const crop = h ? `w=${w},h=${h}` : `w=${w}`;
  const file = `${kind === 'user_icon' ? 'sq240_' : ''}${hash}.jpg`;
  return {
    width: w,
    height: h ?? Math.round((w * 9) / 16),
    url: `${SKETCH_IMG}/c!/${crop},f=webp:jpeg/uploads/${kind}/file/${id}/${file}`,
    url2x: `${SKETCH_IMG}/c!/${h ? `w=${w * 2},h=${h * 2}` : `w=${w * 2}`},f=webp:jpeg/uploads/${kind}/file/${id}/${file}`,
  };
}

/**
 * The accounts a sketch user links (fixture sketch_artist): every sketch user is a pixiv user,
 * so `pixiv` is always there; two in five also link a Twitter account.
 */
export function socialAccounts(user: SandboxUser) {
  return {
    ...(user.id % 5 < 2
      ? { twitter: { unique_name: user.account, expired: false, is_public: true } }
      : {}),
    pixiv: { unique_name: user.account, expired: false, show_on_pixiv: true },
  };
}

export function sketchUser(user: SandboxUser) {
  const hash = hash16(`icon:${user.id}`);
  const icon = (w: number) => photo('user_icon', user.id, hash, w, w);
  return {
    id: user.id,
    pixiv_user_id: user.id,
    unique_name: user.account,
    name: user.name,
    description: user.comment,
    description_fragments: [{ type: 'plain', body: user.comment, normalized_body: user.comment }],
    icon: {
      id: user.id,
      type: 'photo',
      color: { hex: 'ffffff', r: 255, g: 255, b: 255 },
      photo: {
        original: icon(240),
        sq180: icon(180),
        pxsq180: icon(180),
        w540: icon(240),
        pxw540: icon(240),
        sq60: icon(60),
        pxsq60: icon(60),
        sq120: icon(120),
        pxsq120: icon(120),
        w240: icon(240),
        pxw240: icon(240),
      },
    },
    following: false,
    followed: false,
    blocking: false,
    _links: { self: { method: 'GET', href: `${SKETCH_ORIGIN}/api/users/@${user.account}.json` } },
    social_accounts: socialAccounts(user),
    stats: {
      follower_count: 10 + (user.id % 5000),
      following_count: user.id % 300,
      heart_count: user.id % 20000,
      resnap_count: 0,
      public_post_count: user.id % 200,
    },
  };
}

export function hlsUrl(live: Live, user: SandboxUser): string {
  return `${SKETCH_ORIGIN}/hls/${live.id}/${user.id}/index.m3u8`;
}

function thumbnail(live: Live) {
  return {
    sq800: photo('medium', live.id, live.thumbHash, 800, 800),
    w160: photo('medium', live.id, live.thumbHash, 160),
    w400: photo('medium', live.id, live.thumbHash, 400),
    w1280: photo('medium', live.id, live.thumbHash, 1280),
    original: photo('medium', live.id, live.thumbHash, 1280),
  };
}

export function sketchLive(live: Live) {
  const performer = (user: SandboxUser) => ({
    user: sketchUser(user),
    hls_movie: { url: hlsUrl(live, user) },
    thumbnail: thumbnail(live),
  });
  return {
    id: live.id,
    created_at: new Date(live.created).toISOString(),
    finished_at: live.finished === null ? null : new Date(live.finished).toISOString(),
    user: sketchUser(live.owner),
    owner: performer(live.owner),
    performers: live.performers.slice(1).map(performer),
    name: live.name,
    description: live.description,
    description_fragments: [
      { type: 'plain', body: live.description, normalized_body: live.description },
    ],
    is_single: live.performers.length === 1,
    is_adult: live.isAdult,
    is_r15: live.isR15,
    is_r18: live.isR18,
    is_broadcasting: live.finished === null,
    publicity: 'open',
    is_closed: false,
    mode: 'screencast',
    server: 'wss://sketch.pixiv.net/signaling',
    channel_id: `sketch-live-${live.id}-${live.owner.id}`,
    source: 'web',
    is_enabled_mic_input: live.micInput,
    is_enabled_gifting: true,
    is_enabled_chat: true,
    thumbnail: thumbnail(live),
    member_count: live.memberCount,
    audience_count: live.audienceCount,
    total_audience_count: live.totalAudienceCount,
    heart_count: live.heartCount,
    chat_count: live.chatCount,
    performer_count: live.performers.length,
  };
}

/** The app API's live item (`/v1/live/list`, pixiv-upstream.md §1). */
export function appLive(live: Live) {
  const appUser = (u: SandboxUser) => ({
    id: u.id,
    name: u.name,
    account: u.account,
    profile_image_urls: { medium: avatarUrl(u) },
    is_followed: false,
  });
  return {
    id: live.id,
    created_at: new Date(live.created).toISOString(),
    owner: { user: appUser(live.owner) },
    performers: live.performers.map((u) => ({ user: appUser(u) })),
    name: live.name,
    is_single: live.performers.length === 1,
    is_adult: live.isAdult,
    is_r18: live.isR18,
    is_r15: live.isR15,
    publicity: 'open',
    is_closed: false,
    mode: 'screencast',
    server: 'wss://sketch.pixiv.net/signaling',
    channel_id: `sketch-live-${live.id}-${live.owner.id}`,
    is_enabled_mic_input: live.micInput,
    thumbnail_image_url: thumbnail(live).w400.url,
    member_count: live.memberCount,
    total_audience_count: live.totalAudienceCount,
    performer_count: live.performers.length,
    is_muted: false,
  };
}

/**
 * The sketch envelope. `rand` changes with every answer on sketch; here it is the next draw of
 * the sandbox's `sketch-rand` sequence, so that it changes per answer yet follows the seed.
 */
export function envelope(state: SandboxState, data: unknown, errors: { message: string }[] = []) {
  return { data, errors, _links: {}, rand: state.nextRng('sketch-rand').hex32().slice(0, 16) };
}
