import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '@pv/sandbox';
import { imageProxyList, mirrorSites, pximgCandidates, readEnv, refreshTokens } from './config.ts';

describe('configuration', () => {
  it('has the README’s defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('localhost');
    expect(env.SANDBOX_SEED).toBe(20070913);
    expect(env.WEB_DIST).toMatch(/packages\/web\/dist\/?$/);
  });

  it('shows adult and AI works in link previews and picture links only with PREVIEW_ADULT=true', () => {
    expect(readEnv({}).PREVIEW_ADULT).toBe('false');
    expect(readEnv({ PREVIEW_ADULT: 'true' }).PREVIEW_ADULT).toBe('true');
    expect(() => readEnv({ PREVIEW_ADULT: 'yes' })).toThrow(/PREVIEW_ADULT/);
  });

  it('reads UPSTREAM_PXIMG as a list of image sources, tried in order', () => {
    expect(pximgCandidates(readEnv({}))).toEqual([]);
    expect(
      pximgCandidates(readEnv({ UPSTREAM_PXIMG: 'https://i.pximg.net, https://i.pixiv.re/' })),
    ).toEqual(['https://i.pximg.net', 'https://i.pixiv.re']);
    expect(() => readEnv({ UPSTREAM_PXIMG: 'https://a.example,file:///etc' })).toThrow(
      /UPSTREAM_PXIMG/,
    );
  });

  it('renders landing pages on the server unless SSR=0', () => {
    expect(readEnv({}).SSR).toBe('1');
    expect(readEnv({ SSR: '0' }).SSR).toBe('0');
    expect(() => readEnv({ SSR: 'off' })).toThrow(/SSR/);
  });

  it('bounds the heap growing factor at 50 % unless told otherwise', () => {
    expect(readEnv({}).HEAP_GROWING_PERCENT).toBe(50);
    expect(readEnv({ HEAP_GROWING_PERCENT: '0' }).HEAP_GROWING_PERCENT).toBe(0);
    expect(() => readEnv({ HEAP_GROWING_PERCENT: '-1' })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => readEnv({ HEAP_GROWING_PERCENT: 'lots' })).toThrow(/HEAP_GROWING_PERCENT/);
  });

  it('collects a grown heap after 5 quiet seconds unless told otherwise', () => {
    expect(readEnv({}).IDLE_GC_SECONDS).toBe(5);
    expect(readEnv({ IDLE_GC_SECONDS: '0' }).IDLE_GC_SECONDS).toBe(0);
    expect(() => readEnv({ IDLE_GC_SECONDS: '-1' })).toThrow(/IDLE_GC_SECONDS/);
    expect(() => readEnv({ IDLE_GC_SECONDS: '601' })).toThrow(/IDLE_GC_SECONDS/);
    expect(() => readEnv({ IDLE_GC_SECONDS: '2.5' })).toThrow(/IDLE_GC_SECONDS/);
  });

  it('takes PUBLIC_URL as an origin only', () => {
    expect(readEnv({ PUBLIC_URL: 'https://Viewer.example:8443/' }).PUBLIC_URL).toBe(
      'https://viewer.example:8443',
    );
    expect(readEnv({}).PUBLIC_URL).toBeUndefined();
    for (const bad of [
      'ftp://x',
      'https://x.example/app',
      'https://x.example/?a=1',
      'https://u:p@x.example',
      'x.example',
    ]) {
      expect(() => readEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
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

  it('reads the further image proxies as http(s) bases, and refuses anything else', () => {
    expect(
      imageProxyList(readEnv({ IMAGE_PROXIES: 'https://i.pixiv.cat, https://p.example/pximg/' })),
    ).toEqual(['https://i.pixiv.cat/', 'https://p.example/pximg/']);
    expect(imageProxyList(readEnv({}))).toEqual([]);
    expect(() => readEnv({ IMAGE_PROXIES: 'https://a.example,file:///etc' })).toThrow(
      /IMAGE_PROXIES/,
    );
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
