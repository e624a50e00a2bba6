/**
 * pixiv Sketch live streams as the app shows them (spec 000 §3 Live), from the app API's
 * `/v1/live/list` items and sketch's `/api/lives/{id}.json`.
 */

export interface LivePerson {
  id: number;
  name: string;
  avatar: string;
}

export interface LiveCard {
  id: string;
  name: string;
  thumbnail: string;
  owner: LivePerson;
  member_count: number;
  total_audience_count: number;
  performer_count: number;
  is_adult: boolean;
  is_r18: boolean;
  is_r15: boolean;
}

export interface LivePerformer extends LivePerson {
  hls_url: string;
  thumbnail: string;
}

export interface LiveDetail extends LiveCard {
  description: string;
  created_at: string;
  finished_at: string | null;
  is_enabled_mic_input: boolean;
  chat_count: number;
  heart_count: number;
  audience_count: number;
  /** The owner first, then the guests. */
  performers: LivePerformer[];
}

export interface LiveChat {
  id: number;
  created_at: string;
  user: LivePerson;
  message: string;
}

interface RawAppLiveUser {
  id: number;
  name: string;
  profile_image_urls?: { medium?: string };
}

export interface RawAppLive {
  id: string;
  name: string;
  thumbnail_image_url: string;
  owner: { user: RawAppLiveUser };
  member_count: number;
  total_audience_count: number;
  performer_count: number;
  is_adult: boolean;
  is_r18: boolean;
  is_r15: boolean;
}

export interface RawSketchUser {
  id: number;
  pixiv_user_id: number;
  name: string;
  unique_name: string;
  icon?: { photo?: Record<string, { url: string }> };
}

interface RawSketchPerformer {
  user: RawSketchUser;
  hls_movie?: { url?: string } | null;
  thumbnail?: Record<string, { url: string }> | null;
}

export interface RawSketchLive extends RawSketchPerformer {
  id: string;
  name: string;
  description: string;
  created_at: string;
  finished_at: string | null;
  owner: RawSketchPerformer;
  performers: RawSketchPerformer[];
  is_adult: boolean;
  is_r18: boolean;
  is_r15: boolean;
  is_enabled_mic_input: boolean;
  member_count: number;
  audience_count: number;
  total_audience_count: number;
  heart_count: number;
  chat_count: number;
  performer_count: number;
}

export interface RawSketchChatLog {
  id: number;
  type: string;
  created_at: string;
  data: { chat: { user: RawSketchUser; message: string } };
}

/** A websocket message of `/ws/lives` (spec 000 §7). */
export type LiveSocketMessage =
  | { type: 'chat'; chat: { id: number; created_at: string; user: RawSketchUser; message: string } }
  | { type: 'audience_count_updated'; count: number; total: number }
  | { type: 'heart'; total_count: number }
  | { type: 'finish' };

function sketchPerson(user: RawSketchUser): LivePerson {
  const photo = user.icon?.photo;
  return {
    id: user.pixiv_user_id ?? user.id,
    name: user.name,
    avatar: photo?.pxsq120?.url ?? photo?.sq120?.url ?? photo?.original?.url ?? '',
  };
}

export function normaliseAppLive(raw: RawAppLive): LiveCard {
  return {
    id: String(raw.id),
    name: raw.name,
    thumbnail: raw.thumbnail_image_url,
    owner: {
      id: raw.owner.user.id,
      name: raw.owner.user.name,
      avatar: raw.owner.user.profile_image_urls?.medium ?? '',
    },
    member_count: raw.member_count,
    total_audience_count: raw.total_audience_count,
    performer_count: raw.performer_count,
    is_adult: raw.is_adult,
    is_r18: raw.is_r18,
    is_r15: raw.is_r15,
  };
}

export function normaliseSketchLive(raw: RawSketchLive): LiveDetail {
  const performer = (p: RawSketchPerformer): LivePerformer => ({
    ...sketchPerson(p.user),
    hls_url: p.hls_movie?.url ?? '',
    thumbnail: p.thumbnail?.w400?.url ?? '',
  });
  const owner = performer(raw.owner);
  return {
    id: String(raw.id),
    name: raw.name,
    description: raw.description,
    thumbnail: owner.thumbnail,
    owner,
    created_at: raw.created_at,
    finished_at: raw.finished_at,
    is_adult: raw.is_adult,
    is_r18: raw.is_r18,
    is_r15: raw.is_r15,
    is_enabled_mic_input: raw.is_enabled_mic_input,
    member_count: raw.member_count,
    audience_count: raw.audience_count,
    total_audience_count: raw.total_audience_count,
    heart_count: raw.heart_count,
    chat_count: raw.chat_count,
    performer_count: raw.performer_count,
    performers: [owner, ...raw.performers.map(performer)],
  };
}

export function normaliseChatLog(raw: RawSketchChatLog): LiveChat {
  return {
    id: raw.id,
    created_at: raw.created_at,
    user: sketchPerson(raw.data.chat.user),
    message: raw.data.chat.message,
  };
}

export function normaliseChatMessage(
  chat: Extract<LiveSocketMessage, { type: 'chat' }>['chat'],
): LiveChat {
  return {
    id: chat.id,
    created_at: chat.created_at,
    user: sketchPerson(chat.user),
    message: chat.message,
  };
}

/** The chat log keeps at most this many entries on screen; older ones leave first. */
export const LIVE_CHAT_MAX = 300;

/**
 * The chat log on screen: the entries of logs.json, then those the socket brought, each id once
 * (the socket may repeat an entry logs.json already held, or send one twice), the first
 * occurrence kept, at most the newest {@link LIVE_CHAT_MAX}.
 */
export function mergeChats(log: readonly LiveChat[], incoming: readonly LiveChat[]): LiveChat[] {
  const seen = new Set<number>();
  const out: LiveChat[] = [];
  for (const chat of [...log, ...incoming]) {
    if (seen.has(chat.id)) continue;
    seen.add(chat.id);
    out.push(chat);
  }
  return out.slice(-LIVE_CHAT_MAX);
}

/** A user without R-18 does not see lives flagged is_adult (spec 000 §5). */
export function filterLives<T extends { is_adult: boolean }>(lives: T[], r18: boolean): T[] {
  return r18 ? lives : lives.filter((l) => !l.is_adult);
}

/** h:mm:ss of a duration (spec 000 §2: elapsed from creation, or up to the finish). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The elapsed time of a live at `now`: from its creation, stopping at its finish. */
export function liveElapsedMs(
  live: Pick<LiveDetail, 'created_at' | 'finished_at'>,
  now: number,
): number {
  const end = live.finished_at ? Date.parse(live.finished_at) : now;
  return end - Date.parse(live.created_at);
}

/** The live chat scrolls to the newest entry this long after it arrives, ms. */
export const LIVE_CHAT_SCROLL_DELAY_MS = 500;
/** The elapsed time ticks every second. */
export const LIVE_TICK_MS = 1_000;

/** The app's URL of a sketch HLS stream (through the server), or '' for any other URL. */
export function toProxiedHlsUrl(url: string): string {
  const m = /^https:\/\/sketch\.pixiv\.net(\/hls\/\d{1,20}\/\d{1,12}\/index\.m3u8)$/.exec(url);
  return m ? `/api/sketch${m[1]}` : '';
}
