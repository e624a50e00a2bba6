import { describe, expect, it } from 'vitest';
import { externalTarget } from './external-query.ts';

describe('externalTarget', () => {
  it('finds a query key that is an http(s) URL', () => {
    expect(externalTarget('?https://www.pixiv.net/artworks/1')).toBe(
      'https://www.pixiv.net/artworks/1',
    );
    expect(externalTarget('?a=1&http://example.com/x')).toBe('http://example.com/x');
  });

  it('ignores everything else', () => {
    expect(externalTarget('?a=https://x.example')).toBeNull();
    expect(externalTarget('?httpfoo')).toBeNull();
    expect(externalTarget('?javascript:alert(1)')).toBeNull();
    expect(externalTarget('')).toBeNull();
  });
});
