/**
 * Illust (manga) series. Membership is a pure function of a work, so `series` in every app
 * JSON work and the series endpoints agree without an index: a user's manga of one year of
 * pixiv's history form a series when the seed says that user serialised that year (about
 * 45 % of user-years). The id encodes the user and the year, so a series id leads back to its
 * works through the user's work list.
 */
import { jstPathDate } from '../clock.ts';
import { hash32 } from '../rng.ts';
import type { Dataset, SandboxUser, Work } from './dataset.ts';
import { TITLE_HEADS, TITLE_NOUNS } from './words.ts';

const EPOCH_MS = Date.parse('2007-09-10T00:00:00+09:00');
const YEAR_MS = 365 * 86_400_000;
const ID_BASE = 1_000;
/** Room for the years in an id (pixiv is under 64 years old). */
const YEARS = 64;
const SHARE_PERCENT = 45;
const SUFFIXES = ['', ' 総集編', '日記', 'まとめ', ' 連載版', 'シリーズ'];

export interface SeriesRef {
  id: number;
  title: string;
}

function yearOf(ms: number): number {
  return Math.floor((ms - EPOCH_MS) / YEAR_MS);
}

function serialised(user: SandboxUser, year: number): boolean {
  return hash32(user.id, `illust-series:${year}`) % 100 < SHARE_PERCENT;
}

export function seriesTitle(id: number): string {
  const h = hash32(id, 'illust-series-title');
  const head = TITLE_HEADS[h % TITLE_HEADS.length]!;
  const noun = TITLE_NOUNS[(h >>> 8) % TITLE_NOUNS.length]!;
  return `${head}${noun}${SUFFIXES[(h >>> 16) % SUFFIXES.length]!}`;
}

/** The series a work belongs to (`illust.series`), or null. */
export function illustSeriesOf(work: Work): SeriesRef | null {
  if (work.kind !== 'manga') return null;
  const year = yearOf(work.created);
  if (!serialised(work.user, year)) return null;
  const id = ID_BASE + work.user.index * YEARS + year;
  return { id, title: seriesTitle(id) };
}

export interface IllustSeries {
  id: number;
  title: string;
  caption: string;
  user: SandboxUser;
  /** Work indexes in content order (oldest first). */
  works: number[];
  /** 32 hex characters of the cover path. */
  coverHash: string;
  /** The cover's upload time: the date in its path. */
  coverUploaded: number;
}

function hex32(seed: number, id: number): string {
  return [0, 1, 2, 3]
    .map((k) => hash32(seed, `illust-series-cover:${id}:${k}`).toString(16).padStart(8, '0'))
    .join('');
}

/** A user's works by index (oldest first); the caller owns the lookup. */
export type WorksOf = (userIndex: number) => ArrayLike<number>;

/** A series by id, with its works, or undefined. */
export function illustSeries(
  data: Dataset,
  worksOf: WorksOf,
  id: number,
): IllustSeries | undefined {
  if (!Number.isSafeInteger(id) || id < ID_BASE) return undefined;
  const userIndex = Math.floor((id - ID_BASE) / YEARS);
  const year = (id - ID_BASE) % YEARS;
  const user = data.allUsers[userIndex];
  if (!user || !serialised(user, year)) return undefined;
  const works = Array.from(worksOf(userIndex)).filter(
    (i) => data.kind[i] === 1 && yearOf(data.created[i]!) === year,
  );
  if (works.length === 0) return undefined;
  const first = data.work(works[0]!);
  const title = seriesTitle(id);
  return {
    id,
    title,
    caption: `${title}の${works.length > 1 ? 'まとめです' : '一話目です'}。`,
    user,
    works,
    coverHash: hex32(data.seed, id),
    coverUploaded: first.uploaded,
  };
}

/** Every series of a user, newest first. */
export function seriesOfUser(data: Dataset, worksOf: WorksOf, userIndex: number): IllustSeries[] {
  const years = new Set<number>();
  for (const i of Array.from(worksOf(userIndex))) {
    if (data.kind[i] === 1) years.add(yearOf(data.created[i]!));
  }
  return [...years]
    .sort((a, b) => b - a)
    .map((year) => illustSeries(data, worksOf, ID_BASE + userIndex * YEARS + year))
    .filter((s): s is IllustSeries => s !== undefined);
}

/** The series cover on i.pximg.net (pixiv-upstream.md §5: `c/782x410_80_a2_g5/illust-series-cover-original/…`). */
export function seriesCoverUrl(series: IllustSeries): string {
  return `https://i.pximg.net/c/782x410_80_a2_g5/illust-series-cover-original/img/${jstPathDate(series.coverUploaded)}/${series.id}_${series.coverHash}.jpg`;
}

const COVER =
  /^(?:c\/(\d+)x(\d+)_(\d+)_a2_g5\/)?illust-series-cover-original\/img\/(\d{4}\/\d{2}\/\d{2}\/\d{2}\/\d{2}\/\d{2})\/(\d+)_([0-9a-f]{32})\.jpg$/;

/** Parses a series cover path; null when it is not one. */
export function parseSeriesCoverPath(path: string): {
  id: number;
  hash: string;
  date: string;
  crop: { width: number; height: number; quality: number } | null;
} | null {
  const m = COVER.exec(path);
  if (!m) return null;
  const [, w, h, q, date, id, hash] = m;
  return {
    id: Number(id),
    hash: hash!,
    date: date!,
    crop: w ? { width: Number(w), height: Number(h), quality: Number(q) } : null,
  };
}
