import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RECENT_WINDOW_MS,
  formatCompact,
  formatDate,
  formatNumber,
  formatRecent,
  parsePixivTime,
  viewerZone,
} from './format.ts';

describe('formatNumber', () => {
  it('groups digits the way each UI language does', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'ja')).toBe('1,234,567');
    expect(formatNumber(1234567, 'fr').replace(/\s/g, ' ')).toBe('1 234 567');
    expect(formatNumber(0, 'zh-Hans')).toBe('0');
  });
});

describe('formatCompact', () => {
  it('shortens large counts', () => {
    expect(formatCompact(12345, 'en')).toBe('12.3K');
    expect(formatCompact(12345, 'ja')).toBe('1.2万');
    expect(formatCompact(999, 'en')).toBe('999');
  });
});

describe('formatDate', () => {
  it('writes a calendar day in the language, the same day in every time zone', () => {
    expect(formatDate('2026-11-20', 'en')).toBe('Nov 20, 2026');
    expect(formatDate('2026-11-20', 'ja')).toBe('2026/11/20');
    expect(formatDate('2026-11-20', 'de')).toBe('20.11.2026');
    expect(formatDate('2026-11-20', 'zh-Hans')).toBe('2026年11月20日');
  });

  it('adds the time for datetime', () => {
    const text = formatDate('2026-11-20T12:34:00+09:00', 'en', 'datetime');
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/\d{1,2}:\d{2}/);
  });

  it('gives nothing for an unreadable value', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe("pixiv times in the viewer's time zone", () => {
  // a work's create_date and a www comment's date: the same JST wall time, two shapes
  const work = '2026-11-30T10:07:00+09:00';
  const comment = '2026-11-30 10:07';

  it("reads a www comment date as Japan time, like the app API's offset form", () => {
    expect(parsePixivTime(comment)?.toISOString()).toBe('2026-11-30T01:07:00.000Z');
    expect(parsePixivTime(work)?.toISOString()).toBe('2026-11-30T01:07:00.000Z');
    expect(parsePixivTime('yesterday')).toBeNull();
  });

  it("shows a JST time at the viewer's wall clock, in one format for both shapes", () => {
    const utc = { timeZone: 'UTC' };
    const ny = { timeZone: 'America/New_York' };
    expect(formatDate(work, 'en', 'datetime', utc)).toBe('Nov 30, 2026, 1:07 AM');
    expect(formatDate(comment, 'en', 'datetime', utc)).toBe('Nov 30, 2026, 1:07 AM');
    // the day before in New York (UTC-5 in November)
    expect(formatDate(work, 'en', 'datetime', ny)).toBe('Nov 29, 2026, 8:07 PM');
    expect(formatDate(comment, 'ja', 'datetime', ny)).toBe('2026/11/29 20:07');
    expect(formatDate(work, 'ja', 'date', { timeZone: 'Asia/Tokyo' })).toBe('2026/11/30');
  });
});

describe('formatRecent', () => {
  const now = Date.parse('2026-12-02T08:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  const MIN = 60_000;
  const utc = { timeZone: 'UTC', now };

  it('says how long ago in the interface language', () => {
    expect(formatRecent(at(5 * MIN), 'en', utc)).toBe('5 minutes ago');
    expect(formatRecent(at(5 * MIN), 'ja', utc)).toBe('5 分前');
    expect(formatRecent(at(3 * 60 * MIN + 59 * MIN), 'en', utc)).toBe('3 hours ago');
    expect(formatRecent(at(3 * 60 * MIN), 'de', utc)).toBe('vor 3 Stunden');
    expect(formatRecent(at(24 * 60 * MIN), 'en', utc)).toBe('yesterday');
    expect(formatRecent(at(3 * 24 * 60 * MIN), 'ja', utc)).toBe('3 日前');
    expect(formatRecent(at(10_000), 'en', utc)).toBe('now');
    // another clock a little ahead still reads as now
    expect(formatRecent(new Date(now + 30_000), 'en', utc)).toBe('now');
  });

  it('reads a www comment date (JST) against the present', () => {
    // 08:00 UTC is 17:00 in Japan
    expect(formatRecent('2026-12-02 16:40', 'en', utc)).toBe('20 minutes ago');
  });

  it('shows the date from the end of the recent window on', () => {
    expect(RECENT_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(formatRecent(at(RECENT_WINDOW_MS - MIN), 'en', utc)).toBe('6 days ago');
    expect(formatRecent(at(RECENT_WINDOW_MS), 'en', utc)).toBe('Nov 25, 2026');
    expect(formatRecent(at(RECENT_WINDOW_MS), 'ja', utc)).toBe('2026/11/25');
    expect(formatRecent(new Date(now + 2 * MIN), 'en', utc)).toBe('Dec 2, 2026');
  });
});

describe("the viewer's zone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is read once until the code yields, and again after: a changed zone is followed', async () => {
    // after a yield: what an earlier test read is gone
    await Promise.resolve();
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    let zone = 'Asia/Tokyo';
    const read = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockImplementation(function (this: Intl.DateTimeFormat) {
        return { ...real.call(this), timeZone: zone };
      });
    expect(viewerZone()).toBe('Asia/Tokyo');
    expect(viewerZone()).toBe('Asia/Tokyo');
    expect(formatDate('2026-11-30T10:07:00+09:00', 'en', 'datetime')).toBe(
      'Nov 30, 2026, 10:07 AM',
    );
    expect(read).toHaveBeenCalledTimes(1);
    // the zone changes (the device travelled): followed once the code has yielded
    zone = 'America/New_York';
    expect(viewerZone()).toBe('Asia/Tokyo');
    await Promise.resolve();
    expect(viewerZone()).toBe('America/New_York');
    expect(formatDate('2026-11-30T10:07:00+09:00', 'en', 'datetime')).toBe('Nov 29, 2026, 8:07 PM');
    expect(read).toHaveBeenCalledTimes(2);
  });
});
