import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '@pv/sandbox';
import { mirrorSites, readEnv, refreshTokens } from './config.ts';

describe('configuration', () => {
  it('has the README’s defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('localhost');
    expect(env.SANDBOX_SEED).toBe(20070913);
    expect(env.WEB_DIST).toMatch(/packages\/web\/dist\/?$/);
  });

  it('names the bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ IMAGE_PROXY: 'ftp://x' })).toThrow(/IMAGE_PROXY/);
  });

  it('takes the viewer services as http(s) URLs without a trailing slash', () => {
    const env = readEnv({
      UPSTREAM_PID_RECOVER: 'https://recover.example/',
      UPSTREAM_NOTICES: 'https://static.example/notice.json',
    });
    expect(env.UPSTREAM_PID_RECOVER).toBe('https://recover.example');
    expect(env.UPSTREAM_NOTICES).toBe('https://static.example/notice.json');
    expect(env.UPSTREAM_SENSITIVE_WORDS).toBeUndefined();
    expect(() => readEnv({ UPSTREAM_SENSITIVE_WORDS: 'file:///etc/passwd' })).toThrow(
      /UPSTREAM_SENSITIVE_WORDS/,
    );
  });

  it('splits the refresh-token pool', () => {
    expect(refreshTokens({ PIXIV_REFRESH_TOKEN: ' a, b ,,c' })).toEqual(['a', 'b', 'c']);
    expect(refreshTokens({})).toEqual([]);
  });

  it('reads the mirror list as http(s) URLs, and refuses anything else', () => {
    expect(mirrorSites(readEnv({ MIRRORS: ' https://a.example/ ,http://b.example:8080' }))).toEqual(
      ['https://a.example', 'http://b.example:8080'],
    );
    expect(mirrorSites(readEnv({}))).toEqual([]);
    expect(() => readEnv({ MIRRORS: 'https://a.example,javascript:alert(1)' })).toThrow(/MIRRORS/);
  });

  it('runs ffmpeg from FFMPEG_PATH, else from the PATH', () => {
    const env = readEnv({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' });
    expect(ffmpegPath(env)).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(ffmpegPath(readEnv({}))).toBe('ffmpeg');
  });
});
