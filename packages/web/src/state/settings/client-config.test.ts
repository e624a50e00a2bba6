import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE_MAX_AGE_SECONDS } from '@pv/core';
import {
  clearWebSession,
  isSignedIn,
  readClientConfig,
  saveClientConfig,
  saveWebSession,
  userToken,
  webSessionHeaders,
  type SessionUser,
} from './client-config.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

// The sandbox's demo account (packages/sandbox/README.md).
const LOGIN = {
  session: '11000001_sbxDemoSession000000000000000001',
  csrfToken: '5a6e64626f7844656d6f437372663030',
  user: {
    id: 11000001,
    pixivId: 'sandbox_demo',
    name: 'Sandbox Demo',
    profileImg: 'https://s.pximg.net/common/images/no_profile_s.png',
    profileImgBig: 'https://s.pximg.net/common/images/no_profile.png',
    premium: false,
    xRestrict: 0,
  } satisfies SessionUser,
};
const SAVED_AT = Date.UTC(2026, 10, 23, 9, 0, 0);
const DAY_MS = 86_400_000;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SAVED_AT);
});
afterEach(() => vi.useRealTimers());

describe('session login storage', () => {
  it('keeps the session, CSRF token and account under their own key, 180 days', () => {
    saveWebSession(LOGIN);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.webSession)!) as {
      expiresAt: number;
    };
    expect(stored).toEqual({
      ...LOGIN,
      expiresAt: SAVED_AT + SESSION_COOKIE_MAX_AGE_SECONDS * 1000,
    });
    expect(stored.expiresAt - SAVED_AT).toBe(180 * DAY_MS);
    expect(readClientConfig().webSession).toEqual(stored);
    expect(webSessionHeaders()).toEqual({ session: LOGIN.session, csrfToken: LOGIN.csrfToken });
    // the token part of the config is untouched
    expect(localStorage.getItem(STORAGE_KEYS.clientConfig)).toBeNull();
  });

  it('reads as signed out from the 180th day on', () => {
    saveWebSession(LOGIN);
    vi.setSystemTime(SAVED_AT + 180 * DAY_MS - 1);
    expect(readClientConfig().webSession).not.toBeNull();
    expect(isSignedIn(readClientConfig())).toBe(true);
    vi.setSystemTime(SAVED_AT + 180 * DAY_MS);
    expect(readClientConfig().webSession).toBeNull();
    expect(isSignedIn(readClientConfig())).toBe(false);
    expect(webSessionHeaders()).toBeUndefined();
  });

  it('ignores a damaged or malformed stored session', () => {
    for (const raw of [
      'not json',
      'null',
      JSON.stringify({ ...LOGIN, expiresAt: 'later' }),
      JSON.stringify({ ...LOGIN, session: 'abc', expiresAt: SAVED_AT + DAY_MS }),
      JSON.stringify({ ...LOGIN, user: null, expiresAt: SAVED_AT + DAY_MS }),
    ]) {
      localStorage.setItem(STORAGE_KEYS.webSession, raw);
      expect(readClientConfig().webSession, raw).toBeNull();
    }
  });

  it('logout removes the session and its CSRF token', () => {
    saveWebSession(LOGIN);
    clearWebSession();
    expect(localStorage.getItem(STORAGE_KEYS.webSession)).toBeNull();
    expect(readClientConfig().webSession).toBeNull();
    expect(webSessionHeaders()).toBeUndefined();
  });
});

describe('signed in (spec 000 §4): a stored session or the local-app mode', () => {
  it('is signed out with neither', () => {
    expect(isSignedIn(readClientConfig())).toBe(false);
    saveClientConfig({ refreshToken: 'x'.repeat(43), useLocalAppApi: false });
    expect(isSignedIn(readClientConfig())).toBe(false);
    expect(userToken()).toBeUndefined();
  });

  it('is signed in by the local-app mode with a token', () => {
    saveClientConfig({ refreshToken: 'x'.repeat(43), useLocalAppApi: true });
    expect(isSignedIn(readClientConfig())).toBe(true);
    expect(userToken()).toBe('x'.repeat(43));
    expect(webSessionHeaders()).toBeUndefined();
  });

  it('is signed in by a session alone, which sends no refresh token', () => {
    saveWebSession(LOGIN);
    expect(isSignedIn(readClientConfig())).toBe(true);
    expect(userToken()).toBeUndefined();
  });
});
