/**
 * pixiv Sketch live streams: a deterministic set of broadcasts going on at the sandbox's start,
 * a few finished ones, some adult; each with performers, counters and a chat that keeps going
 * while the sandbox runs (hosts/sketch.ts sends it over the websocket).
 */
import { Rng } from '../rng.ts';
import type { Dataset, SandboxUser } from './dataset.ts';

export interface ChatEntry {
  id: number;
  created_at: string;
  user: SandboxUser;
  message: string;
}

export interface Live {
  id: string;
  name: string;
  description: string;
  owner: SandboxUser;
  /** The owner first, then guests. */
  performers: SandboxUser[];
  created: number;
  finished: number | null;
  isAdult: boolean;
  isR18: boolean;
  isR15: boolean;
  micInput: boolean;
  memberCount: number;
  audienceCount: number;
  totalAudienceCount: number;
  heartCount: number;
  chatCount: number;
  /** 16 hex characters of the thumbnail's file name. */
  thumbHash: string;
  /** Chat before the sandbox started (logs.json). */
  log: ChatEntry[];
}

const NAMES = [
  'お絵描き配信',
  '作業配信',
  'らくがき雑談',
  'イラストメイキング',
  '厚塗り練習',
  '背景を描く',
  'キャラデザ考える',
  '色塗り配信',
  'ゆるっと線画',
  'リクエスト募集中',
];
const DESCRIPTIONS = [
  'のんびり描いていきます。コメント大歓迎です！',
  '今日は新しいキャラを描きます。',
  '作業用BGM流しながら描きます〜',
  '質問あればどうぞ。',
];
export const CHAT_LINES = [
  'こんばんは！',
  'きれいな色…',
  'うまい！',
  '線がきれいですね',
  '初見です',
  'このブラシ何ですか？',
  '背景すごい',
  'がんばってください！',
  '888888',
  'かわいい',
  'Hello from overseas!',
  'すごい進んでる',
];

const COUNT = 36;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export class Lives {
  readonly lives: Live[] = [];
  private readonly byId = new Map<string, Live>();
  private nextChatId = 1;

  constructor(
    private readonly data: Dataset,
    private readonly now: number,
  ) {
    const rng = Rng.of(data.seed, `lives:${Math.floor(now / 86_400_000)}`);
    for (let k = 0; k < COUNT; k++) {
      const owner = data.allUsers[rng.int(0, data.userCount - 1)]!;
      const guests = rng.chance(0.3)
        ? Array.from(
            { length: rng.int(1, 2) },
            () => data.allUsers[rng.int(0, data.userCount - 1)]!,
          )
        : [];
      const performers = [owner, ...guests.filter((g) => g.id !== owner.id)];
      const created = now - rng.int(5, 360) * 60_000;
      const finished = k >= COUNT - 4 ? created + rng.int(20, 90) * 60_000 : null;
      const isR18 = rng.chance(0.08);
      const isR15 = !isR18 && rng.chance(0.08);
      const audience = rng.int(3, 400);
      const live: Live = {
        id: String(5_000_000 + k * 137 + rng.int(0, 100)),
        name: `${rng.pick(NAMES)}${rng.chance(0.4) ? ` #${rng.int(2, 120)}` : ''}`,
        description: rng.pick(DESCRIPTIONS),
        owner,
        performers: finished ? [owner] : performers,
        created: finished ? Math.min(created, finished - 60_000) : created,
        finished: finished !== null && finished <= now ? finished : null,
        isAdult: isR18 || isR15,
        isR18,
        isR15,
        micInput: rng.chance(0.5),
        memberCount: audience,
        audienceCount: audience,
        totalAudienceCount: audience + rng.int(10, 3000),
        heartCount: rng.int(0, 5000),
        chatCount: 0,
        thumbHash: rng.hex32().slice(0, 16),
        log: [],
      };
      const lines = rng.int(4, 20);
      for (let i = 0; i < lines; i++) {
        live.log.push(
          this.chat(rng, live, live.created + ((now - live.created) * (i + 1)) / (lines + 1)),
        );
      }
      live.chatCount = live.log.length;
      this.lives.push(live);
      this.byId.set(live.id, live);
    }
    // Most watched first, as lives.json?order_by=audience_count.
    this.lives.sort((a, b) => b.audienceCount - a.audienceCount);
  }

  get(id: string): Live | undefined {
    return this.byId.get(id);
  }

  /** Broadcasting lives, most watched first. */
  broadcasting(): Live[] {
    return this.lives.filter((l) => l.finished === null);
  }

  /** A new chat line in a live (sent over the websocket). */
  chat(rng: Rng, live: Live, at: number): ChatEntry {
    const user = rng.chance(0.2)
      ? live.owner
      : this.data.allUsers[rng.int(0, this.data.userCount - 1)]!;
    return { id: this.nextChatId++, created_at: iso(at), user, message: rng.pick(CHAT_LINES) };
  }
}
