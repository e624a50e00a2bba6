import { afterEach, describe, expect, it } from 'vitest';
import { saveApiBase } from './api-base.ts';
import { saveClientConfig } from './client-config.ts';
import { FIRST_DATA_COOKIE, syncFirstDataCookie } from './first-data-cookie.ts';

const off = () => document.cookie.split(';').some((c) => c.trim() === `${FIRST_DATA_COOKIE}=off`);

afterEach(() => {
  syncFirstDataCookie(false);
  localStorage.clear();
});

describe('the first-data opt-out cookie', () => {
  it('is set while the calls differ and removed when they no longer do', () => {
    document.cookie = 'other=1; path=/';
    syncFirstDataCookie(true);
    expect(off()).toBe(true);
    syncFirstDataCookie(true);
    expect(document.cookie.split(';').filter((c) => c.includes(FIRST_DATA_COOKIE))).toHaveLength(1);
    syncFirstDataCookie(false);
    expect(off()).toBe(false);
    expect(document.cookie).toContain('other=1');
  });

  it('follows the local-app token and another mirror as they are saved', () => {
    saveClientConfig({ refreshToken: 'x'.repeat(43), useLocalAppApi: true });
    expect(off()).toBe(true);
    saveClientConfig({ refreshToken: 'x'.repeat(43), useLocalAppApi: false });
    expect(off()).toBe(false);
    saveApiBase('https://mirror.example/api/pixiv');
    expect(off()).toBe(true);
    // the token off again, but another mirror still chosen: the calls still differ
    saveClientConfig({ refreshToken: '', useLocalAppApi: false });
    expect(off()).toBe(true);
  });
});
