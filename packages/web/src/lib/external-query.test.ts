import { describe, expect, it } from 'vitest';
import { externalTarget } from './external-query.ts';

const OWN = 'https://viewer.example';

describe('externalTarget', () => {
  it("follows pixiv's hosts and this site at once", () => {
    for (const url of [
      'https://www.pixiv.net/artworks/1',
      'https://pixiv.net/users/2',
      'https://www.pixivision.net/en/a/3',
      'https://i.pximg.net/img-original/x.png',
      'https://s.pximg.net/common/x.png',
      'http://www.pixiv.net/',
      `${OWN}/rank/daily`,
    ]) {
      expect(externalTarget(`?${url}`, OWN), url).toEqual({ url: new URL(url).href, direct: true });
    }
  });

  it('asks first for any other host, however the key spells it', () => {
    const cases: [string, string][] = [
      ['?https://evil.example/x', 'https://evil.example/x'],
      ['?a=1&https://evil.example/phish', 'https://evil.example/phish'],
      ['?http:%2F%2Fevil.example', 'http://evil.example/'],
      ['?https://evil.example%40127.0.0.1/', 'https://evil.example@127.0.0.1/'],
      [`?${encodeURIComponent(`https://x@${OWN.slice(8)}/`)}`, `https://x@${OWN.slice(8)}/`],
      ['?https://www.pixiv.net.evil.example/', 'https://www.pixiv.net.evil.example/'],
      ['?https://evilpixiv.net/', 'https://evilpixiv.net/'],
      ['?http://viewer.example/', 'http://viewer.example/'],
    ];
    for (const [search, url] of cases) {
      expect(externalTarget(search, OWN), search).toEqual({ url, direct: false });
    }
  });

  it('ignores everything else', () => {
    expect(externalTarget('?a=https://x.example', OWN)).toBeNull();
    expect(externalTarget('?httpfoo', OWN)).toBeNull();
    expect(externalTarget('?javascript:alert(1)', OWN)).toBeNull();
    expect(externalTarget('', OWN)).toBeNull();
  });
});
