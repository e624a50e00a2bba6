import { describe, expect, it } from 'vitest';
import {
  OWN_API_BASE,
  checkApiBase,
  isOwnServerBase,
  normaliseApiBase,
  readApiBase,
  saveApiBase,
} from './api-base.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const answering = (status: number, body: unknown, seen: string[] = []) =>
  (async (url: string) => {
    seen.push(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;

describe('normaliseApiBase', () => {
  it('keeps http(s) URLs and paths on this server, without a trailing slash', () => {
    expect(normaliseApiBase(' https://mirror.example/api/pixiv/ ')).toBe(
      'https://mirror.example/api/pixiv',
    );
    expect(normaliseApiBase('http://127.0.0.1:8000/api/pixiv')).toBe(
      'http://127.0.0.1:8000/api/pixiv',
    );
    expect(normaliseApiBase('/api/pixiv')).toBe('/api/pixiv');
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      'mirror.example',
      'ftp://mirror.example/api',
      'javascript:alert(1)',
      'https://user:pw@mirror.example/api',
      'https://mirror.example/api?x=1',
      'https://mirror.example/api#x',
      '/api/../admin',
      '//evil.example/api',
    ]) {
      expect(normaliseApiBase(bad), bad).toBeNull();
    }
  });
});

describe('the stored base', () => {
  it('defaults to this server, keeps a chosen one, and ignores a damaged value', () => {
    const storage = memoryStorage();
    expect(readApiBase(storage)).toBe(OWN_API_BASE);
    saveApiBase('https://mirror.example/api/pixiv', storage);
    expect(readApiBase(storage)).toBe('https://mirror.example/api/pixiv');
    storage.setItem(STORAGE_KEYS.apiBase, 'javascript:alert(1)');
    expect(readApiBase(storage)).toBe(OWN_API_BASE);
    saveApiBase(OWN_API_BASE, storage);
    expect(storage.getItem(STORAGE_KEYS.apiBase)).toBeNull();
  });
  it('only this server counts as its own', () => {
    expect(isOwnServerBase(OWN_API_BASE)).toBe(true);
    expect(isOwnServerBase('https://mirror.example/api/pixiv')).toBe(false);
    expect(isOwnServerBase('//mirror.example/api/pixiv')).toBe(false);
  });
});

describe('checkApiBase (spec 001 §5.2)', () => {
  it('says invalid_url for a malformed address and asks nothing', async () => {
    const seen: string[] = [];
    expect(await checkApiBase('not a url', answering(200, {}, seen))).toEqual({
      ok: false,
      reason: 'invalid_url',
    });
    expect(seen).toEqual([]);
  });
  it('accepts a mirror whose /rank answers a ranking', async () => {
    const seen: string[] = [];
    const check = await checkApiBase(
      'https://m.example/api/pixiv/',
      answering(200, { illusts: [] }, seen),
    );
    expect(check).toEqual({ ok: true, base: 'https://m.example/api/pixiv' });
    expect(seen).toEqual(['https://m.example/api/pixiv/rank']);
  });
  it('says connect_error when /rank fails, is not JSON or is no ranking', async () => {
    for (const f of [
      answering(500, { illusts: [] }),
      answering(200, '<html>'),
      answering(200, { error: 'x' }),
      (async () => {
        throw new TypeError('refused');
      }) as unknown as typeof fetch,
    ]) {
      expect(await checkApiBase('https://m.example/api', f)).toEqual({
        ok: false,
        reason: 'connect_error',
      });
    }
  });
});
