import { describe, expect, it } from 'vitest';
import { hasOAuthCode, isRefreshTokenFormat, isSessionIdFormat } from './validity.ts';

describe('login inputs valid enough to send', () => {
  it('a refresh token is 43 characters of pixiv’s alphabet', () => {
    expect(isRefreshTokenFormat('sbxSafeRefreshToken000000000000000000000002')).toBe(true);
    expect(isRefreshTokenFormat(' a-b_' + 'c'.repeat(39) + ' ')).toBe(true);
    expect(isRefreshTokenFormat('')).toBe(false);
    expect(isRefreshTokenFormat('q'.repeat(42))).toBe(false);
    expect(isRefreshTokenFormat('q'.repeat(44))).toBe(false);
    expect(isRefreshTokenFormat('q'.repeat(42) + '=')).toBe(false);
    expect(isRefreshTokenFormat('q'.repeat(42) + 'é')).toBe(false);
  });

  it('a sign-in code is present', () => {
    expect(hasOAuthCode('')).toBe(false);
    expect(hasOAuthCode('   ')).toBe(false);
    expect(hasOAuthCode('abc123')).toBe(true);
    expect(hasOAuthCode('pixiv://account/login?code=abc123&via=login')).toBe(true);
    expect(hasOAuthCode('https://example.com/?code=abc')).toBe(false);
  });

  it('a session is pixiv’s PHPSESSID', () => {
    expect(isSessionIdFormat('11000002_sbxSafeSession000000000000000002')).toBe(true);
    expect(isSessionIdFormat('11000002_short')).toBe(false);
  });
});
