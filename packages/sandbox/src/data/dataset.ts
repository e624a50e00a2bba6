/**
 * The seeded world: users and works. Per-work facts that lists must filter on (date, rating,
 * AI type, kind, pages, owner, bookmarks) live in typed arrays built once at start; the rest
 * of a work (title, tags, caption, sizes) is derived on demand from the seed and its index,
 * so tens of thousands of works cost a few hundred kilobytes.
 */
import { Rng, hash32 } from '../rng.ts';
import { DAY_MS, jstDayEnd } from '../clock.ts';
import {
  ACCOUNT_PARTS,
  CAPTION_LINES,
  TAGS,
  TAG_AI,
  TAG_AI_ILLUST,
  TAG_R18,
  TAG_R18G,
  TITLE_HEADS,
  TITLE_NOUNS,
  TITLE_PAIRS,
  TITLE_TAILS,
  TOOLS,
  USER_NAME_PARTS,
  USER_NAME_SUFFIXES,
  type TagWord,
} from './words.ts';

export type WorkKind = 'illust' | 'manga' | 'ugoira';
const KINDS: readonly WorkKind[] = ['illust', 'manga', 'ugoira'];

/** pixiv opened on 2007-09-10; the first works were posted in its first days. */
const LAUNCH_MS = Date.parse('2007-09-10T00:00:00+09:00');
const FIRST_RANKING_END_MS = jstDayEnd('2007-09-13');
/** pixiv started labelling AI-generated works on 2022-10-31. */
export const AI_LABEL_START_MS = Date.parse('2022-10-31T00:00:00+09:00');
const LAUNCH_WORKS = 2000;
/**
 * One launch-day work is always the long ugoira that the export bench and browser tests use:
 * 150 frames of 600×600 (`images/long-ugoira.ts`), all ages, at this index with this fixed id
 * (inside the index's id range, so ids stay ascending). Worlds with fewer works do not have it.
 */
export const LONG_UGOIRA_INDEX = 1500;
export const LONG_UGOIRA_ID = 4_500_150;

export interface DatasetOptions {
  seed: number;
  /** The sandbox's present (epoch ms): no work is newer. */
  now: number;
  illustCount?: number;
  userCount?: number;
}

export interface SandboxUser {
  index: number;
  id: number;
  name: string;
  account: string;
  /** i.pximg.net path of the avatar without the `_170.jpg` size suffix, or null for the default. */
  avatarStem: string | null;
  comment: string;
}

export interface Work {
  index: number;
  id: number;
  kind: WorkKind;
  title: string;
  caption: string;
  /** 0 all ages, 1 R-18, 2 R-18G. */
  xRestrict: number;
  /** 0 unset (before the label existed), 1 not AI, 2 AI. */
  aiType: number;
  pageCount: number;
  width: number;
  height: number;
  created: number;
  /** Last (re)upload time: the date in image paths. */
  uploaded: number;
  originalExt: 'jpg' | 'png';
  user: SandboxUser;
  tags: TagWord[];
  tools: string[];
  views: number;
  bookmarks: number;
  comments: number;
  sanityLevel: number;
  bookStyle: number;
}

export class Dataset {
  readonly seed: number;
  readonly now: number;
  readonly illustCount: number;
  readonly userCount: number;
  /** Work ids ascending with index (pixiv ids grow with time). */
  readonly ids: Uint32Array;
  readonly created: Float64Array;
  readonly xRestrict: Uint8Array;
  readonly aiType: Uint8Array;
  readonly kind: Uint8Array;
  readonly pages: Uint8Array;
  readonly owner: Uint16Array;
  readonly bookmarks: Uint32Array;
  private readonly indexById = new Map<number, number>();
  private readonly users: SandboxUser[] = [];
  private readonly userIndexById = new Map<number, number>();
  private readonly workCache = new Map<number, Work>();

  constructor(options: DatasetOptions) {
    this.seed = options.seed;
    this.now = options.now;
    this.illustCount = options.illustCount ?? 60_000;
    this.userCount = options.userCount ?? 3_000;
    const n = this.illustCount;
    this.ids = new Uint32Array(n);
    this.created = new Float64Array(n);
    this.xRestrict = new Uint8Array(n);
    this.aiType = new Uint8Array(n);
    this.kind = new Uint8Array(n);
    this.pages = new Uint8Array(n);
    this.owner = new Uint16Array(n);
    this.bookmarks = new Uint32Array(n);
    this.buildUsers();
    this.buildWorks();
  }

  private buildUsers(): void {
    for (let j = 0; j < this.userCount; j++) {
      const r = Rng.of(this.seed, `user:${j}`);
      const id = 1_000 + j * 36_000 + r.int(0, 35_000);
      const name = r.pick(USER_NAME_PARTS) + r.pick(USER_NAME_SUFFIXES);
      const account = `${r.pick(ACCOUNT_PARTS)}${r.chance(0.6) ? `_${r.int(1, 9999)}` : ''}`;
      const avatarStem = r.chance(0.92) ? `${id}_${r.hex32()}` : null;
      const greeting = r.chance(0.7) ? `${name}です。${r.pick(CAPTION_LINES)}` : '';
      // Drawn last, so every earlier value stays as it was: a quarter of the users who write a
      // bio write a long one, as creators taking commissions do (many lines, a link or two).
      const comment = greeting && r.chance(0.25) ? longBio(greeting, id, account) : greeting;
      this.users.push({ index: j, id, name, account, avatarStem, comment });
      this.userIndexById.set(id, j);
    }
  }

  private buildWorks(): void {
    const n = this.illustCount;
    const span = this.now - 3_600_000 - FIRST_RANKING_END_MS;
    let lastCreated = LAUNCH_MS;
    for (let i = 0; i < n; i++) {
      const r = Rng.of(this.seed, `work:${i}`);
      this.ids[i] = 100 + i * 3_000 + r.int(0, 2_999);
      if (i === LONG_UGOIRA_INDEX) this.ids[i] = LONG_UGOIRA_ID;
      let created: number;
      if (i < LAUNCH_WORKS) {
        created = LAUNCH_MS + ((FIRST_RANKING_END_MS - LAUNCH_MS - DAY_MS) * i) / LAUNCH_WORKS;
      } else {
        // More works every year, as on pixiv: density grows towards the present.
        const x = (i - LAUNCH_WORKS) / (n - LAUNCH_WORKS);
        created = FIRST_RANKING_END_MS + span * Math.pow(x, 0.8);
      }
      created = Math.max(lastCreated + 1000, Math.floor(created / 1000) * 1000);
      lastCreated = created;
      this.created[i] = created;
      this.indexById.set(this.ids[i]!, i);

      const kindRoll = r.next();
      const kind = kindRoll < 0.75 ? 0 : kindRoll < 0.93 ? 1 : 2;
      this.kind[i] = kind;
      const xr = r.next();
      this.xRestrict[i] = xr < 0.85 ? 0 : xr < 0.97 ? 1 : 2;
      this.aiType[i] = created < AI_LABEL_START_MS ? 0 : r.chance(0.12) ? 2 : 1;
      this.pages[i] = kind === 2 ? 1 : kind === 1 ? r.int(2, 16) : r.chance(0.72) ? 1 : r.int(2, 8);
      if (i === LONG_UGOIRA_INDEX) {
        // Overridden after the draws, so every other work's values stay as they were.
        this.kind[i] = 2;
        this.xRestrict[i] = 0;
        this.pages[i] = 1;
      }
      // A few prolific users own many works.
      this.owner[i] = Math.floor(this.userCount * Math.pow(r.next(), 1.6));
      const age = (this.now - created) / (365 * DAY_MS);
      const base = Math.pow(r.next(), 3) * 20_000 + r.int(0, 400);
      this.bookmarks[i] = Math.floor(base * (1 + Math.min(age, 3) / 3));
    }
  }

  get allUsers(): readonly SandboxUser[] {
    return this.users;
  }

  user(id: number): SandboxUser | undefined {
    const j = this.userIndexById.get(id);
    return j === undefined ? undefined : this.users[j];
  }

  indexOf(id: number): number | undefined {
    return this.indexById.get(id);
  }

  /** The first index whose creation time is >= ms (binary search). */
  firstIndexFrom(ms: number): number {
    let lo = 0;
    let hi = this.illustCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.created[mid]! < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The full work at an index; derived from the seed, memoised (bounded). */
  work(index: number): Work {
    const cached = this.workCache.get(index);
    if (cached) return cached;
    const work = this.deriveWork(index);
    if (this.workCache.size > 5_000) this.workCache.clear();
    this.workCache.set(index, work);
    return work;
  }

  workById(id: number): Work | undefined {
    const index = this.indexById.get(id);
    return index === undefined ? undefined : this.work(index);
  }

  /** Derives a work without touching the memo (for full scans). */
  deriveWork(i: number): Work {
    const r = Rng.of(this.seed, `work-detail:${i}`);
    const kind = KINDS[this.kind[i]!]!;
    const xRestrict = this.xRestrict[i]!;
    const aiType = this.aiType[i]!;
    const created = this.created[i]!;
    const uploaded = r.chance(0.1)
      ? created + r.int(1, 40) * DAY_MS + r.int(0, 80_000) * 1000
      : created;
    const title = r.chance(0.25)
      ? r.pick(TITLE_PAIRS)
      : r.pick(TITLE_HEADS) + r.pick(TITLE_NOUNS) + r.pick(TITLE_TAILS);
    const tags: TagWord[] = [];
    if (xRestrict === 1) tags.push(TAG_R18);
    if (xRestrict === 2) tags.push(TAG_R18G);
    if (aiType === 2 && r.chance(0.6)) tags.push(r.chance(0.5) ? TAG_AI : TAG_AI_ILLUST);
    for (const tag of r.sample(TAGS, r.int(2, 6))) tags.push(tag);
    const [pickedWidth, pickedHeight] = pickSize(r, kind);
    const [width, height] = i === LONG_UGOIRA_INDEX ? [600, 600] : [pickedWidth, pickedHeight];
    const bookmarks = this.bookmarks[i]!;
    const lines = r.sample(CAPTION_LINES, r.int(0, 2));
    return {
      index: i,
      id: this.ids[i]!,
      kind,
      title: title.trim(),
      caption: lines.join('<br />'),
      xRestrict,
      aiType,
      pageCount: this.pages[i]!,
      width,
      height,
      created,
      uploaded: Math.min(uploaded, this.now - 60_000),
      originalExt: kind === 'ugoira' ? 'jpg' : r.chance(0.2) ? 'png' : 'jpg',
      user: this.users[this.owner[i]!]!,
      tags,
      tools: r.chance(0.6) ? r.sample(TOOLS, r.int(1, 2)) : [],
      views: bookmarks * r.int(4, 12) + r.int(10, 900),
      bookmarks,
      comments: Math.floor(bookmarks / r.int(80, 400)),
      sanityLevel: xRestrict > 0 ? 6 : r.chance(0.3) ? 4 : 2,
      bookStyle: kind === 'manga' && r.chance(0.5) ? 1 : 0,
    };
  }

  /** A stable per-key number, for callers that need more randomness about the world. */
  hash(key: string): number {
    return hash32(this.seed, key);
  }
}

function pickSize(r: Rng, kind: WorkKind): [number, number] {
  if (kind === 'ugoira') {
    const [w, h] = r.pick([
      [600, 600],
      [800, 600],
      [600, 800],
      [960, 540],
    ] as const);
    return [w, h];
  }
  if (kind === 'manga') {
    const w = r.pick([840, 1000, 1200]);
    return [w, Math.round(w * 1.414)];
  }
  // Height over width; portrait works dominate on pixiv.
  const ratio = r.pick([1.414, 1.333, 1.5, 1, 0.75, 0.5625, 1.6, 1.25]);
  const long = r.int(1_000, 2_400);
  return ratio >= 1 ? [Math.round(long / ratio), long] : [long, Math.round(long * ratio)];
}

/** A creator's long profile text: commissions, rules and links, one item a line. */
function longBio(greeting: string, id: number, account: string): string {
  return [
    greeting,
    '',
    '【ご依頼について】',
    '・イラスト制作（立ち絵、アイコン、表紙）を受け付けています',
    '・納期と料金はご相談ください',
    `・連絡先: https://${account}.example.com/contact`,
    '',
    '【お願い】',
    '無断転載・自作発言・AI学習への使用はお断りします。',
    'Reposting, tracing and AI training are not allowed.',
    `pixiv: https://www.pixiv.net/users/${id}`,
  ].join('\n');
}
