import { beforeEach, describe, expect, it } from 'vitest';
import {
  CODE_VERIFIER_MAX,
  CODE_VERIFIER_MIN,
  CODE_VERIFIER_TTL_SECONDS,
  clearCodeVerifier,
  readCodeVerifier,
  saveCodeVerifier,
} from './client-config.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const VERIFIER = 'a'.repeat(43);

beforeEach(() => localStorage.clear());

describe('the OAuth code verifier (spec 001 §5.1, §9)', () => {
  it('is kept under its own key for 600 s and no longer', () => {
    expect(CODE_VERIFIER_TTL_SECONDS).toBe(600);
    expect(saveCodeVerifier(VERIFIER, 600, NOW)).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.oauthCodeVerifier)!)).toEqual({
      verifier: VERIFIER,
      expiresAt: NOW + 600_000,
    });
    expect(readCodeVerifier(NOW)).toEqual({ ok: true, verifier: VERIFIER });
    expect(readCodeVerifier(NOW + 599_999)).toEqual({ ok: true, verifier: VERIFIER });
    expect(readCodeVerifier(NOW + 600_000)).toEqual({ ok: false, reason: 'expired' });
    // an expired verifier is removed, and then reads as missing
    expect(localStorage.getItem(STORAGE_KEYS.oauthCodeVerifier)).toBeNull();
    expect(readCodeVerifier(NOW + 600_000)).toEqual({ ok: false, reason: 'missing' });
  });

  it('follows a shorter expires_in from the server but never keeps one past 600 s', () => {
    saveCodeVerifier(VERIFIER, 60, NOW);
    expect(readCodeVerifier(NOW + 60_000)).toEqual({ ok: false, reason: 'expired' });
    saveCodeVerifier(VERIFIER, 3600, NOW);
    expect(readCodeVerifier(NOW + 599_000).ok).toBe(true);
    expect(readCodeVerifier(NOW + 600_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('takes verifiers of 43 to 128 characters of the PKCE alphabet only', () => {
    expect(CODE_VERIFIER_MIN).toBe(43);
    expect(CODE_VERIFIER_MAX).toBe(128);
    expect(saveCodeVerifier('a'.repeat(42), 600, NOW)).toBe(false);
    expect(saveCodeVerifier('a'.repeat(129), 600, NOW)).toBe(false);
    expect(saveCodeVerifier(`${'a'.repeat(42)}!`, 600, NOW)).toBe(false);
    expect(readCodeVerifier(NOW)).toEqual({ ok: false, reason: 'missing' });
    const longest = 'A-._~9'.repeat(21) + 'xy';
    expect(longest).toHaveLength(128);
    expect(saveCodeVerifier(longest, 600, NOW)).toBe(true);
    expect(readCodeVerifier(NOW)).toEqual({ ok: true, verifier: longest });
  });

  it('reads a damaged entry as missing, and clears', () => {
    localStorage.setItem(STORAGE_KEYS.oauthCodeVerifier, '{not json');
    expect(readCodeVerifier(NOW)).toEqual({ ok: false, reason: 'missing' });
    localStorage.setItem(
      STORAGE_KEYS.oauthCodeVerifier,
      JSON.stringify({ verifier: 'short', expiresAt: NOW + 1000 }),
    );
    expect(readCodeVerifier(NOW)).toEqual({ ok: false, reason: 'missing' });
    localStorage.setItem(STORAGE_KEYS.oauthCodeVerifier, JSON.stringify({ verifier: VERIFIER }));
    expect(readCodeVerifier(NOW)).toEqual({ ok: false, reason: 'missing' });
    saveCodeVerifier(VERIFIER, 600, NOW);
    clearCodeVerifier();
    expect(readCodeVerifier(NOW)).toEqual({ ok: false, reason: 'missing' });
  });
});
