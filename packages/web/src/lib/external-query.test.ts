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

  /**
   * Issue 34's fuzz of the key: 5,000 spellings built from schemes, separators, user parts, hosts
   * that look like pixiv's or this site's, ports, trailing dots, paths that name a trusted host,
   * and characters percent-encoded at random. Whatever the spelling, a destination followed at
   * once is one of pixiv's hosts or this origin by an independent reading of the parsed URL, with
   * no user part; and the destination named to the user is where the link goes.
   */
  it('never follows another host at once, however the key is spelled (fuzz)', () => {
    let seed = 34;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const schemes = ['http', 'https', 'httpS', 'http%73', 'https%3A', 'httpx'];
    const separators = ['://', ':/', ':\\\\', ':%2F%2F', ':/\\', ':%5C%5C', ':', ':////', ':\t//'];
    const users = ['', '', '', 'x@', 'www.pixiv.net@', 'a:b@', 'viewer.example@', '%40'];
    const hosts = [
      'www.pixiv.net',
      'pixiv.net',
      'PIXIV.NET',
      'www.pixiv.net.',
      'i.pximg.net',
      'a-b.pximg.net',
      'pximg.net',
      'x.y.pximg.net',
      'www.pixivision.net',
      'viewer.example',
      'viewer.example:443',
      'viewer.example:8443',
      'evil.example',
      'www.pixiv.net.evil.example',
      'pixiv.net%2eevil.example',
      'evilpixiv.net',
      'evil.example%2F.pixiv.net',
      'evil.example\\.pixiv.net',
      'xn--pxiv-zqa.net',
      '127.0.0.1',
      '[::1]',
      '%65vil.example',
    ];
    const ports = ['', '', '', ':443', ':80', ':8443'];
    const paths = ['', '/', '/x', '#www.pixiv.net', '?www.pixiv.net', '/@www.pixiv.net', '\\x'];
    const prefixes = ['?', '?a=1&', '?https=1&', '?q=https://evil.example&'];
    const encode = (text: string) =>
      [...text]
        .map((c) => (random() < 0.15 ? `%${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c))
        .join('');

    const trusted = (url: URL) =>
      !url.username &&
      !url.password &&
      (['pixiv.net', 'www.pixiv.net', 'pixivision.net', 'www.pixivision.net'].includes(
        url.hostname,
      ) ||
        /^[a-z0-9-]+\.pximg\.net$/.test(url.hostname) ||
        url.origin === OWN);
    let followed = 0;
    let asked = 0;
    for (let i = 0; i < 5_000; i++) {
      const key = `${pick(schemes)}${pick(separators)}${pick(users)}${pick(hosts)}${pick(ports)}${pick(paths)}`;
      const search = `${pick(prefixes)}${random() < 0.5 ? encode(key) : key}`;
      const target = externalTarget(search, OWN);
      if (!target) continue;
      const url = new URL(target.url);
      expect(url.href, search).toBe(target.url);
      expect(['http:', 'https:'], search).toContain(url.protocol);
      if (target.direct) {
        expect(trusted(url), `${search} -> ${target.url}`).toBe(true);
        followed++;
      } else {
        expect(trusted(url), `${search} -> ${target.url}`).toBe(false);
        asked++;
      }
    }
    // the spellings reach both branches in numbers
    expect(followed).toBeGreaterThan(250);
    expect(asked).toBeGreaterThan(250);
  });
});
