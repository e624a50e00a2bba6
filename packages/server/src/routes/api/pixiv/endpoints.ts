/**
 * The mirror's route table: each HibiAPI name with its parameters, the app-API call it makes
 * and its cache lifetime (spec 000 §7; shared/reference/conformance.md §2).
 */
import { CACHE_TTL_SECONDS } from '@pv/core';
import type { Query } from '@pv/pixiv';
import type { Args, Fields } from './params.ts';

export interface MirrorEndpoint {
  fields: Fields;
  upstream(args: Args): { path: string; query: Query };
  /** Seconds; null never expires. */
  ttl: number | null;
}

/** Illust ranking modes HibiAPI accepts. */
export const RANK_MODES = [
  'day',
  'week',
  'month',
  'day_male',
  'day_female',
  'week_original',
  'week_rookie',
  'day_ai',
  'day_manga',
  'week_manga',
  'month_manga',
  'week_rookie_manga',
  'day_r18',
  'day_male_r18',
  'day_female_r18',
  'week_r18',
  'week_r18g',
  'day_r18_ai',
  'day_r18_manga',
  'week_r18_manga',
] as const;

/** Yesterday in Japan, where pixiv's ranking days are counted. */
export function yesterdayJst(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}

const page = { type: 'int', default: 1, min: 1 } as const;
const size = { type: 'int', default: 30, min: 1, max: 500 } as const;
const offset = (args: Args) => ((args.page as number) - 1) * (args.size as number);

export const ENDPOINTS: Readonly<Record<string, MirrorEndpoint>> = {
  illust: {
    fields: { id: { type: 'int', required: true, min: 1 } },
    upstream: (a) => ({ path: '/v1/illust/detail', query: { illust_id: a.id as number } }),
    ttl: CACHE_TTL_SECONDS.artworkDetail,
  },
  rank: {
    fields: {
      mode: { type: 'enum', values: RANK_MODES, default: 'week' },
      date: { type: 'date', default: () => yesterdayJst() },
      page,
      size,
    },
    upstream: (a) => ({
      path: '/v1/illust/ranking',
      query: { mode: a.mode as string, date: a.date as string, offset: offset(a) },
    }),
    ttl: CACHE_TTL_SECONDS.rankings,
  },
};
