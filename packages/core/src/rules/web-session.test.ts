import { describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE_MAX_AGE_SECONDS,
  isSessionExpired,
  isSessionIdFormat,
  sessionExpiresAt,
} from './web-session.ts';

// The sandbox's demo session (packages/sandbox/README.md).
const DEMO = '11000001_sbxDemoSession000000000000000001';

describe('session id format', () => {
  it("accepts pixiv's <userId>_<32 letters or digits>, blanks around ignored", () => {
    expect(isSessionIdFormat(DEMO)).toBe(true);
    expect(isSessionIdFormat(`  ${DEMO}\n`)).toBe(true);
    expect(isSessionIdFormat(`1_${'aZ9'.repeat(10)}xy`)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'abc',
      DEMO.slice(0, -1),
      `${DEMO}x`,
      DEMO.replace('_', '-'),
      `x${DEMO}`,
      `${DEMO.slice(0, -1)}!`,
      `_${'a'.repeat(32)}`,
      `1 1_${'a'.repeat(32)}`,
    ]) {
      expect(isSessionIdFormat(bad), bad).toBe(false);
    }
  });
});

describe('session lifetime', () => {
  it('is 15552000 s, 180 days', () => {
    expect(SESSION_COOKIE_MAX_AGE_SECONDS).toBe(15_552_000);
    expect(SESSION_COOKIE_MAX_AGE_SECONDS).toBe(180 * 24 * 3600);
  });

  it('expires exactly 180 days after saving, not a millisecond before', () => {
    const saved = Date.UTC(2026, 10, 23, 9, 0, 0);
    const expires = sessionExpiresAt(saved);
    expect(expires - saved).toBe(15_552_000_000);
    expect(isSessionExpired(expires, saved)).toBe(false);
    expect(isSessionExpired(expires, expires - 1)).toBe(false);
    expect(isSessionExpired(expires, expires)).toBe(true);
    expect(isSessionExpired(expires, expires + 86_400_000)).toBe(true);
  });

  it('treats a damaged expiry as expired', () => {
    expect(isSessionExpired(Number.NaN, 0)).toBe(true);
    expect(isSessionExpired(Number.POSITIVE_INFINITY, 0)).toBe(true);
  });
});
