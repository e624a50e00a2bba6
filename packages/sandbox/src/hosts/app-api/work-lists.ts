/**
 * List parts the illust and novel endpoints (illusts.ts, novels.ts) share: a ranking call's
 * arguments, and the newest works below a `max_<kind>_id` cursor.
 */
import { latestRankingDay } from '../../data/ranking.ts';
import type { SandboxState } from '../../state.ts';
import { intParam, nextUrl, type Query } from './common.ts';

/** A ranking call's `mode` (day), `date` (the latest published day) and `offset`; null when malformed. */
export function rankingArgs(
  state: SandboxState,
  query: Query,
): { mode: string; date: string; offset: number } | null {
  const mode = query.mode ?? 'day';
  const date = query.date ?? latestRankingDay(state.clock());
  const offset = intParam(query.offset);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || offset === null) return null;
  return { mode, date, offset };
}

/**
 * One page of the newest works (indexes grow with creation time) whose id is below `maxId` and
 * that `keep` lets through, with next_url moving `cursor` to the page's last id when it is full.
 */
export function newestPage<T extends { id: number }>(p: {
  path: string;
  query: Query;
  cursor: string;
  maxId: number;
  size: number;
  count: number;
  ids: ArrayLike<number>;
  keep(index: number): boolean;
  raw(index: number): T;
}): { works: T[]; next_url: string | null } {
  const works: T[] = [];
  for (let i = p.count - 1; i >= 0 && works.length < p.size; i--) {
    if (p.ids[i]! < p.maxId && p.keep(i)) works.push(p.raw(i));
  }
  const last = works.at(-1);
  return {
    works,
    next_url:
      last && works.length === p.size ? nextUrl(p.path, p.query, { [p.cursor]: last.id }) : null,
  };
}
