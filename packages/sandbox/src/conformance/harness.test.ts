import { describe, expect, it } from 'vitest';
import { toSandbox } from './harness.ts';

const base = 'http://127.0.0.1:4321';

describe('toSandbox', () => {
  it('rewrites the pixiv hosts the clients hard-code to the sandbox prefixes', () => {
    expect(toSandbox('https://app-api.pixiv.net/v1/illust/ranking?mode=day', base)).toBe(
      `${base}/app-api.pixiv.net/v1/illust/ranking?mode=day`,
    );
    expect(toSandbox('https://oauth.secure.pixiv.net/auth/token', base)).toBe(
      `${base}/oauth.secure.pixiv.net/auth/token`,
    );
    expect(toSandbox('https://i.pximg.net/img-master/img/x.jpg', base)).toBe(
      `${base}/i.pximg.net/img-master/img/x.jpg`,
    );
    expect(toSandbox(`${base}/www.pixiv.net/ajax/illust/1`, base)).toBe(
      `${base}/www.pixiv.net/ajax/illust/1`,
    );
  });

  it('refuses every other origin, so no suite leaves the machine', () => {
    for (const url of [
      'https://www.bing.com/translator',
      'https://api.pixiv.moe/session',
      'http://app-api.pixiv.net/v1/illust/ranking',
      'https://app-api.pixiv.net.example.com/',
      'http://127.0.0.1:9999/app-api.pixiv.net/',
    ]) {
      expect(() => toSandbox(url, base), url).toThrow(/refusing a request/);
    }
  });
});
