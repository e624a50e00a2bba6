import { afterEach, describe, expect, it } from 'vitest';
import { webStorageStats } from './storage-stats.ts';

afterEach(() => sessionStorage.clear());

describe('webStorageStats', () => {
  it('counts records and their UTF-16 size, keys included', () => {
    expect(webStorageStats(sessionStorage)).toEqual({ count: 0, bytes: 0 });
    sessionStorage.setItem('ab', 'cde');
    sessionStorage.setItem('猫', '犬');
    expect(webStorageStats(sessionStorage)).toEqual({ count: 2, bytes: (5 + 2) * 2 });
  });
});
