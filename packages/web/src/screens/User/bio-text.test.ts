import { describe, expect, it } from 'vitest';
import { bioParts, safeExternalUrl } from './bio-text.ts';

describe('bioParts', () => {
  it('keeps markup as text and turns URLs into links, pixiv ones in-app', () => {
    expect(
      bioParts('<b>hi</b> https://www.pixiv.net/users/5 and https://example.com/a?b=1\nbye'),
    ).toEqual([
      { kind: 'text', text: '<b>hi</b> ' },
      { kind: 'link', text: 'https://www.pixiv.net/users/5', href: '/users/5', inApp: true },
      { kind: 'text', text: ' and ' },
      {
        kind: 'link',
        text: 'https://example.com/a?b=1',
        href: 'https://example.com/a?b=1',
        inApp: false,
      },
      { kind: 'text', text: '\nbye' },
    ]);
  });
  it('gives an empty bio no parts', () => {
    expect(bioParts('')).toEqual([]);
  });
});

describe('safeExternalUrl', () => {
  it('keeps http(s) links and refuses other schemes', () => {
    expect(safeExternalUrl('https://twitter.com/a')).toBe('https://twitter.com/a');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
