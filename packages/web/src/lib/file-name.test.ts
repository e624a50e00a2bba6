import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_NAME_TPL } from '../state/settings/schema.ts';
import { FILE_NAME_MAX, extensionOf, formatFileName } from './file-name.ts';

const artwork = {
  id: 123,
  title: '夏の猫',
  author: { id: 9, name: 'みずき', avatar: '', is_followed: false },
  width: 1200,
  height: 1600,
  tags: [
    { name: '猫', translated_name: 'cat' },
    { name: 'オリジナル', translated_name: null },
  ],
  created: '2026-11-20T12:00:00+09:00',
};

describe('formatFileName', () => {
  it('fills the default template {author}_{title}_{pid}_p{index}', () => {
    expect(formatFileName(DEFAULT_FILE_NAME_TPL, { artwork, index: 2, ext: 'png' })).toBe(
      'みずき_夏の猫_123_p2.png',
    );
  });

  it('knows every token', () => {
    expect(
      formatFileName('{authorId}-{width}x{height}-{tags}-{createDate}', {
        artwork,
        index: 0,
        ext: 'jpg',
      }),
    ).toBe('9-1200x1600-猫,オリジナル-2026-11-20.jpg');
  });

  it('replaces characters file systems refuse', () => {
    const name = formatFileName('{title}', {
      artwork: { ...artwork, title: 'a/b\\c:d*e?f"g<h>i|j' },
      index: 0,
      ext: 'jpg',
    });
    expect(name).toBe('a_b_c_d_e_f_g_h_i_j.jpg');
  });

  it('replaces control characters and names a zip of pages by their range', () => {
    const name = formatFileName('{title}_p{index}', {
      artwork: { ...artwork, title: 'a\u0000b\nc' },
      index: '0-4',
      ext: 'zip',
    });
    expect(name).toBe('a_b_c_p0-4.zip');
  });

  it('cuts names to 128 characters, keeping the extension', () => {
    const name = formatFileName('{title}', {
      artwork: { ...artwork, title: '長'.repeat(300) },
      index: 0,
      ext: 'jpg',
    });
    expect([...name]).toHaveLength(FILE_NAME_MAX);
    expect(FILE_NAME_MAX).toBe(128);
    expect(name.endsWith('長.jpg')).toBe(true);
  });
});

describe('extensionOf', () => {
  it('reads the extension of an image URL', () => {
    expect(extensionOf('https://i.pximg.net/img-original/img/2026/11/20/00/00/00/123_p0.png')).toBe(
      'png',
    );
    expect(extensionOf('/i/c/600x1200/img-master/123_p0_master1200.JPG?x=1')).toBe('jpg');
    expect(extensionOf('/i/no-extension')).toBe('jpg');
  });
});
