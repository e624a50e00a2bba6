/**
 * The seeded novels and novel series, by existing dataset users. Like the works, the facts lists
 * filter on (date, rating, AI type, owner, bookmarks, series) sit in typed arrays built on first
 * use; titles, tags and captions are derived per novel from the seed, and texts are generated
 * on demand (novel-text.ts), so the set costs almost nothing until it is read.
 */
import { DAY_MS } from '../clock.ts';
import { Rng, hash32 } from '../rng.ts';
import { AI_LABEL_START_MS, type Dataset, type SandboxUser } from './dataset.ts';
import {
  NOVEL_CAPTIONS,
  NOVEL_TAGS,
  NOVEL_TITLE_HEADS,
  NOVEL_TITLE_NOUNS,
  SERIES_TAILS,
} from './novel-words.ts';
import { TAG_AI, TAG_R18, TAG_R18G, type TagWord } from './words.ts';

export const DEFAULT_NOVEL_COUNT = 1_200;
/** Novels are dated from pixiv's opening on, like the works, so every ranking day has some. */
const FIRST_NOVEL_MS = Date.parse('2007-09-10T00:00:00+09:00');

export interface NovelTag extends TagWord {
  addedByUploadedUser: boolean;
}

export interface NovelSeries {
  index: number;
  id: number;
  title: string;
  caption: string;
  user: SandboxUser;
  /** Novel indexes in content order (oldest first). */
  novels: number[];
  isConcluded: boolean;
}

export interface Novel {
  index: number;
  id: number;
  title: string;
  caption: string;
  /** 0 all ages, 1 R-18, 2 R-18G. */
  xRestrict: number;
  /** 0 unset (before the label existed), 1 not AI, 2 AI. */
  aiType: number;
  isOriginal: boolean;
  /** Characters a reader sees: markup and line breaks excluded, ruby counted by its base. */
  textLength: number;
  pageCount: number;
  created: number;
  /** Last (re)upload time: the date in the cover's path. */
  uploaded: number;
  user: SandboxUser;
  tags: NovelTag[];
  views: number;
  bookmarks: number;
  comments: number;
  series: { id: number; title: string; order: number } | null;
  /** 32 hex characters of the cover path, or null for pixiv's default cover. */
  coverHash: string | null;
  /** Which of pixiv's default covers (1-8) a novel without its own shows. */
  defaultCover: number;
  /** `[uploadedimage:<id>]` images of the text. */
  uploadedImages: number;
}

export interface NovelsOptions {
  count?: number;
}

export class Novels {
  readonly count: number;
  /** Novel ids ascending with index. */
  readonly ids: Uint32Array;
  readonly created: Float64Array;
  readonly xRestrict: Uint8Array;
  readonly aiType: Uint8Array;
  readonly owner: Uint16Array;
  readonly bookmarks: Uint32Array;
  readonly textLength: Uint32Array;
  /** Series index of each novel, -1 when none. */
  readonly seriesIndex: Int32Array;
  readonly series: NovelSeries[] = [];
  private readonly indexById = new Map<number, number>();
  private readonly seriesById = new Map<number, NovelSeries>();
  private readonly byUser = new Map<number, number[]>();
  private readonly cache = new Map<number, Novel>();

  constructor(
    readonly data: Dataset,
    options: NovelsOptions = {},
  ) {
    const n = (this.count = options.count ?? DEFAULT_NOVEL_COUNT);
    this.ids = new Uint32Array(n);
    this.created = new Float64Array(n);
    this.xRestrict = new Uint8Array(n);
    this.aiType = new Uint8Array(n);
    this.owner = new Uint16Array(n);
    this.bookmarks = new Uint32Array(n);
    this.textLength = new Uint32Array(n);
    this.seriesIndex = new Int32Array(n).fill(-1);
    this.build();
  }

  private build(): void {
    const d = this.data;
    const n = this.count;
    const span = d.now - 3_600_000 - FIRST_NOVEL_MS;
    const openSeries = new Map<number, NovelSeries>();
    let last = FIRST_NOVEL_MS;
    for (let i = 0; i < n; i++) {
      const r = Rng.of(d.seed, `novel:${i}`);
      this.ids[i] = 10_000 + i * 20_000 + r.int(0, 19_999);
      this.indexById.set(this.ids[i]!, i);
      // Denser towards the present, like the works.
      const created = Math.max(last + 1000, FIRST_NOVEL_MS + span * Math.pow(i / n, 0.6));
      this.created[i] = last = Math.floor(created / 1000) * 1000;
      const xr = r.next();
      this.xRestrict[i] = xr < 0.8 ? 0 : xr < 0.95 ? 1 : 2;
      this.aiType[i] = this.created[i]! < AI_LABEL_START_MS ? 0 : r.chance(0.15) ? 2 : 1;
      const owner = Math.floor(d.userCount * Math.pow(r.next(), 2));
      this.owner[i] = owner;
      const age = (d.now - this.created[i]!) / (365 * DAY_MS);
      this.bookmarks[i] = Math.floor(
        (Math.pow(r.next(), 3) * 8_000 + r.int(0, 300)) * (1 + Math.min(age, 3) / 3),
      );
      const lengthRoll = r.next();
      this.textLength[i] =
        lengthRoll < 0.7
          ? r.int(2_000, 8_000)
          : lengthRoll < 0.95
            ? r.int(8_000, 30_000)
            : r.int(30_000, 120_000);
      let list = this.byUser.get(owner);
      if (!list) this.byUser.set(owner, (list = []));
      list.push(i);
      // A share of novels continue (or start) a series of their author.
      if (r.chance(0.3)) {
        let series = openSeries.get(owner);
        if (!series || r.chance(0.25)) {
          const s = Rng.of(d.seed, `novel-series:${this.series.length}`);
          series = {
            index: this.series.length,
            id: 100_000 + this.series.length * 50 + s.int(0, 49),
            title: s.pick(NOVEL_TITLE_HEADS) + s.pick(NOVEL_TITLE_NOUNS) + s.pick(SERIES_TAILS),
            caption: s.pick(NOVEL_CAPTIONS),
            user: d.allUsers[owner]!,
            novels: [],
            isConcluded: s.chance(0.4),
          };
          this.series.push(series);
          this.seriesById.set(series.id, series);
          openSeries.set(owner, series);
        }
        this.seriesIndex[i] = series.index;
        series.novels.push(i);
      }
    }
  }

  indexOf(id: number): number | undefined {
    return this.indexById.get(id);
  }

  /** The novel with this id, or undefined: the lookup other endpoints build on. */
  novel(id: number): Novel | undefined {
    const index = this.indexById.get(id);
    return index === undefined ? undefined : this.at(index);
  }

  /** The full novel at an index, derived from the seed and memoised. */
  at(index: number): Novel {
    const hit = this.cache.get(index);
    if (hit) return hit;
    const novel = this.derive(index);
    if (this.cache.size > 5_000) this.cache.clear();
    this.cache.set(index, novel);
    return novel;
  }

  seriesOf(id: number): NovelSeries | undefined {
    return this.seriesById.get(id);
  }

  /** Novel indexes of a user (by user index), oldest first. */
  novelsOf(userIndex: number): readonly number[] {
    return this.byUser.get(userIndex) ?? [];
  }

  /** Series of a user, oldest first. */
  seriesOfUser(userIndex: number): NovelSeries[] {
    return this.series.filter((s) => s.user.index === userIndex);
  }

  /** The first index whose creation time is >= ms. */
  firstIndexFrom(ms: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.created[mid]! < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private derive(i: number): Novel {
    const d = this.data;
    const r = Rng.of(d.seed, `novel-detail:${i}`);
    const xRestrict = this.xRestrict[i]!;
    const aiType = this.aiType[i]!;
    const created = this.created[i]!;
    const tags: NovelTag[] = [];
    if (xRestrict === 1) tags.push({ ...TAG_R18, addedByUploadedUser: true });
    if (xRestrict === 2) tags.push({ ...TAG_R18G, addedByUploadedUser: true });
    if (aiType === 2 && r.chance(0.6)) tags.push({ ...TAG_AI, addedByUploadedUser: true });
    for (const tag of r.sample(NOVEL_TAGS, r.int(2, 6)))
      tags.push({ ...tag, addedByUploadedUser: r.chance(0.85) });
    const textLength = this.textLength[i]!;
    const s = this.seriesIndex[i]!;
    const series = s >= 0 ? this.series[s]! : null;
    const bookmarks = this.bookmarks[i]!;
    const uploaded = r.chance(0.15)
      ? created + r.int(1, 30) * DAY_MS + r.int(0, 80_000) * 1000
      : created;
    const title = series
      ? `${series.title} ${series.novels.indexOf(i) + 1}`
      : r.pick(NOVEL_TITLE_HEADS) + r.pick(NOVEL_TITLE_NOUNS);
    return {
      index: i,
      id: this.ids[i]!,
      title,
      caption: r.sample(NOVEL_CAPTIONS, r.int(0, 2)).join('<br />'),
      xRestrict,
      aiType,
      isOriginal: tags.some((t) => t.name === 'オリジナル' || t.name === '創作') || r.chance(0.3),
      textLength,
      // About one page per 3000 characters, as writers break them.
      pageCount: Math.max(
        1,
        Math.round(textLength / (2_000 + (hash32(d.seed, `np:${i}`) % 3_000))),
      ),
      created,
      uploaded: Math.min(uploaded, d.now - 60_000),
      user: d.allUsers[this.owner[i]!]!,
      tags,
      views: bookmarks * r.int(5, 15) + r.int(20, 900),
      bookmarks,
      comments: Math.floor(bookmarks / r.int(40, 200)),
      series: series
        ? { id: series.id, title: series.title, order: series.novels.indexOf(i) + 1 }
        : null,
      coverHash: r.chance(0.85) ? r.hex32() : null,
      defaultCover: r.int(1, 8),
      uploadedImages: r.chance(0.3) ? r.int(1, 3) : 0,
    };
  }

  /** The 32-hex hash of an uploaded image's path. */
  imageHash(novelImageId: number): string {
    return Rng.of(this.data.seed, `novel-image:${novelImageId}`).hex32();
  }
}

/** Uploaded images of a novel are numbered `<novel id> * 100 + k`, so their id names the novel. */
export function novelImageIds(novel: Novel): number[] {
  return Array.from({ length: novel.uploadedImages }, (_, k) => novel.id * 100 + k + 1);
}
