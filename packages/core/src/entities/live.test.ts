import { describe, expect, it } from 'vitest';
import {
  LIVE_CHAT_MAX,
  LIVE_CHAT_SCROLL_DELAY_MS,
  LIVE_TICK_MS,
  filterLives,
  formatElapsed,
  liveElapsedMs,
  mergeChats,
  toProxiedHlsUrl,
  type LiveChat,
} from './live.ts';

describe('live rules', () => {
  it('formats elapsed time as h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed(61_000)).toBe('0:01:01');
    expect(formatElapsed(3_600_000 + 5 * 60_000 + 9_000)).toBe('1:05:09');
    expect(formatElapsed(-5)).toBe('0:00:00');
  });

  it('counts from creation, or up to the finish', () => {
    const created = '2026-11-20T10:00:00Z';
    expect(
      liveElapsedMs({ created_at: created, finished_at: null }, Date.parse('2026-11-20T10:00:30Z')),
    ).toBe(30_000);
    expect(
      liveElapsedMs(
        { created_at: created, finished_at: '2026-11-20T11:00:00Z' },
        Date.parse('2026-11-21T00:00:00Z'),
      ),
    ).toBe(3_600_000);
    expect(LIVE_TICK_MS).toBe(1_000);
    expect(LIVE_CHAT_SCROLL_DELAY_MS).toBe(500);
  });

  it('removes adult lives for users without R-18', () => {
    const lives = [{ is_adult: false }, { is_adult: true }];
    expect(filterLives(lives, false)).toEqual([{ is_adult: false }]);
    expect(filterLives(lives, true)).toHaveLength(2);
  });

  it('routes only sketch HLS playlists through the server', () => {
    expect(toProxiedHlsUrl('https://sketch.pixiv.net/hls/5000001/42/index.m3u8')).toBe(
      '/api/sketch/hls/5000001/42/index.m3u8',
    );
    expect(toProxiedHlsUrl('https://evil.example/hls/1/2/index.m3u8')).toBe('');
  });
});

describe('live chat log', () => {
  const chat = (id: number, message = `m${id}`): LiveChat => ({
    id,
    created_at: '2026-11-20T10:00:00Z',
    user: { id: 1, name: 'a', avatar: '' },
    message,
  });

  it('shows each chat id once: the log first, then what the socket brought', () => {
    const log = [chat(1), chat(2), chat(3)];
    const incoming = [chat(3, 'again'), chat(4), chat(4), chat(2), chat(5)];
    const merged = mergeChats(log, incoming);
    expect(merged.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    // the first occurrence is the one kept
    expect(merged[2]!.message).toBe('m3');
    expect(mergeChats([], [])).toEqual([]);
  });

  it('keeps the newest 300 entries', () => {
    expect(LIVE_CHAT_MAX).toBe(300);
    const log = Array.from({ length: 250 }, (_, i) => chat(i + 1));
    const incoming = Array.from({ length: 100 }, (_, i) => chat(i + 201));
    const merged = mergeChats(log, incoming);
    expect(merged).toHaveLength(300);
    expect(merged[0]!.id).toBe(1);
    expect(merged.at(-1)!.id).toBe(300);
    const more = mergeChats(
      log,
      Array.from({ length: 100 }, (_, i) => chat(i + 1001)),
    );
    expect(more).toHaveLength(300);
    expect(more[0]!.id).toBe(51);
  });
});
