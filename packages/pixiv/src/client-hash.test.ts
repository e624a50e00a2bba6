import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HASH_SECRET, appHeaders, clientHash, clientTime } from './client-hash.ts';

describe('client hash', () => {
  it('formats X-Client-Time as RFC 3339 with +00:00', () => {
    expect(clientTime(new Date('2020-01-01T00:00:00.123Z'))).toBe('2020-01-01T00:00:00+00:00');
  });

  it('hashes time + secret with MD5, lowercase hex', () => {
    const time = '2020-01-01T00:00:00+00:00';
    const expected = createHash('md5').update(`${time}${DEFAULT_HASH_SECRET}`).digest('hex');
    expect(clientHash(time)).toBe(expected);
    expect(clientHash(time)).toMatch(/^[0-9a-f]{32}$/);
    expect(clientHash(time, 'other')).not.toBe(expected);
  });

  it('sends the Android app identity', () => {
    const h = appHeaders(DEFAULT_HASH_SECRET, new Date('2020-01-01T00:00:00Z'));
    expect(h['User-Agent']).toBe('PixivAndroidApp/6.124.0 (Android 13; Pixel 7)');
    expect(h['App-OS']).toBe('android');
    expect(h['App-OS-Version']).toBe('13');
    expect(h['App-Version']).toBe('6.124.0');
    expect(h['X-Client-Hash']).toBe(clientHash(h['X-Client-Time']!));
  });
});
