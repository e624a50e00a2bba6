import type { RankCategory } from '@pv/core';

/**
 * Where choosing a ranking category leads, keeping the chosen date where the target has the
 * same calendar. The novel category goes to `/rank_novel/day` (spec 000 §2 Ranking).
 */
export function categoryTarget(category: RankCategory, date: string): string {
  const qs = date ? `date=${date}` : '';
  if (category === 'novel') return '/rank_novel/day';
  if (category === 'manga') return `/rank/daily_manga${qs ? `?${qs}` : ''}`;
  if (category === 'overall') return `/rank/daily${qs ? `?${qs}` : ''}`;
  return `/rank/daily?content=${category}${qs ? `&${qs}` : ''}`;
}
