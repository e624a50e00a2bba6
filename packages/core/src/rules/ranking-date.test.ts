import { describe, expect, it } from 'vitest';
import { isRankingDateAllowed, jstDay, rankingDateWindow } from './ranking-date.ts';

// 2026-11-20 in JST; JST = UTC + 9.
const jst = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00+09:00`);

describe('ranking date window (JST)', () => {
  it('ends two days ago before 14:00', () => {
    expect(rankingDateWindow(jst('13:59'))).toEqual({
      min: '2007-09-13',
      max: '2026-11-18',
      defaultDate: '2026-11-18',
    });
  });

  it('ends yesterday from 14:00 on; the default stays two days ago', () => {
    expect(rankingDateWindow(jst('14:00'))).toEqual({
      min: '2007-09-13',
      max: '2026-11-19',
      defaultDate: '2026-11-18',
    });
  });

  it('uses the Japanese calendar day across the UTC date line', () => {
    // 2026-11-20 23:30 UTC is 2026-11-21 08:30 JST.
    const now = new Date('2026-11-20T23:30:00Z');
    expect(jstDay(now)).toBe('2026-11-21');
    expect(rankingDateWindow(now).max).toBe('2026-11-19');
    expect(jstDay(new Date('2026-03-01T00:00:00+09:00'), 1)).toBe('2026-02-28');
  });

  it('allows only dates inside the window', () => {
    const w = rankingDateWindow(jst('15:00'));
    expect(isRankingDateAllowed('2007-09-13', w)).toBe(true);
    expect(isRankingDateAllowed('2007-09-12', w)).toBe(false);
    expect(isRankingDateAllowed('2026-11-19', w)).toBe(true);
    expect(isRankingDateAllowed('2026-11-20', w)).toBe(false);
    expect(isRankingDateAllowed('20261119', w)).toBe(false);
  });
});
