import { describe, expect, it } from 'vitest';
import type { RawWebviewNovel } from '../raw/novel.ts';
import { readFixture } from '../test-fixtures.ts';
import {
  novelChapters,
  novelEmbedKey,
  novelPlainText,
  novelVisibleLength,
  parseNovelInline,
  parseNovelMarkup,
  splitNovelPages,
} from './novel-markup.ts';

const SAMPLE = [
  '[chapter:第1章 [[rb:邂逅 > かいこう]]]',
  '彼女は[[rb:黄昏 > たそがれ]]の駅で笑った。',
  '',
  '「また明日」',
  '[pixivimage:116524244]',
  '[newpage]',
  '[chapter:第2章 夜明け]',
  '詳しくは[[jumpuri:作者のページ > https://www.pixiv.net/users/11]]へ。[jump:1]',
  '[uploadedimage:2168844601]',
  '[pixivimage:116524244-3]',
].join('\n');

describe('novel markup', () => {
  it('splits pages on [newpage], dropping the line breaks around it', () => {
    expect(splitNovelPages('a\n[newpage]\nb[newpage]c')).toEqual(['a', 'b', 'c']);
    expect(splitNovelPages('one page')).toEqual(['one page']);
    expect(splitNovelPages('a\r\n[newpage]\r\nb')).toEqual(['a', 'b']);
  });

  it('parses chapters (with ruby), lines, blank lines, images, links and jumps', () => {
    const pages = parseNovelMarkup(SAMPLE);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    expect(pages[0]!.blocks).toEqual([
      {
        type: 'chapter',
        title: '第1章 邂逅',
        content: [
          { type: 'text', text: '第1章 ' },
          { type: 'ruby', base: '邂逅', reading: 'かいこう' },
        ],
      },
      {
        type: 'line',
        content: [
          { type: 'text', text: '彼女は' },
          { type: 'ruby', base: '黄昏', reading: 'たそがれ' },
          { type: 'text', text: 'の駅で笑った。' },
        ],
      },
      { type: 'line', content: [] },
      { type: 'line', content: [{ type: 'text', text: '「また明日」' }] },
      { type: 'illust', illustId: 116524244, page: 1, key: 'pixivimage:116524244' },
    ]);
    expect(pages[1]!.blocks).toEqual([
      { type: 'chapter', title: '第2章 夜明け', content: [{ type: 'text', text: '第2章 夜明け' }] },
      {
        type: 'line',
        content: [
          { type: 'text', text: '詳しくは' },
          { type: 'link', text: '作者のページ', url: 'https://www.pixiv.net/users/11' },
          { type: 'text', text: 'へ。' },
          { type: 'jump', page: 1 },
        ],
      },
      { type: 'uploaded', imageId: 2168844601, key: 'uploadedimage:2168844601' },
      { type: 'illust', illustId: 116524244, page: 3, key: 'pixivimage:116524244-3' },
    ]);
    expect(novelChapters(pages)).toEqual([
      { page: 1, title: '第1章 邂逅' },
      { page: 2, title: '第2章 夜明け' },
    ]);
  });

  it('keeps a jumpuri to anything but http(s) as plain text', () => {
    expect(parseNovelInline('[[jumpuri:押して > javascript:alert(1)]]')).toEqual([
      { type: 'text', text: '押して' },
    ]);
    expect(parseNovelInline('a[[jumpuri:x > data:text/html,hi]]b')).toEqual([
      { type: 'text', text: 'axb' },
    ]);
    expect(parseNovelInline('[[jumpuri:site > http://example.com/a]]')).toEqual([
      { type: 'link', text: 'site', url: 'http://example.com/a' },
    ]);
  });

  it('never makes a link of a script, data, protocol-relative or spaced url', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'vbscript:msgbox',
      '//evil.example/a',
      'file:///etc/passwd',
    ])
      expect(parseNovelInline(`[[jumpuri:x > ${url}]]`)).toEqual([{ type: 'text', text: 'x' }]);
    // a target with a quote, a bracket or a second '>' is not a link target at all
    const quoted = '[[jumpuri:a > https://x.example/"><script>]]';
    expect(parseNovelInline(quoted)).toEqual([{ type: 'text', text: quoted }]);
    const twice = '[[jumpuri:a > https://x.example > y]]';
    expect(parseNovelInline(twice)).toEqual([{ type: 'text', text: twice }]);
  });

  it('reads the innermost token of markup inside markup and keeps the rest as text', () => {
    expect(parseNovelInline('[[rb:[[rb:a > b]] > c]]')).toEqual([
      { type: 'text', text: '[[rb:' },
      { type: 'ruby', base: 'a', reading: 'b' },
      { type: 'text', text: ' > c]]' },
    ]);
    expect(parseNovelInline('[[jumpuri:[[rb:a > b]] > https://x.example]]')).toEqual([
      { type: 'text', text: '[[jumpuri:' },
      { type: 'ruby', base: 'a', reading: 'b' },
      { type: 'text', text: ' > https://x.example]]' },
    ]);
    expect(parseNovelMarkup('[chapter:[chapter:x]]')[0]!.blocks).toEqual([
      { type: 'chapter', title: '[chapter:x', content: [{ type: 'text', text: '[chapter:x' }] },
      { type: 'line', content: [{ type: 'text', text: ']' }] },
    ]);
  });

  it('leaves unclosed and empty tokens as the text they are', () => {
    for (const raw of ['[[rb:abc', '[[jumpuri:a > https://x.example', '[jump:abc]', '[rb:a > b]'])
      expect(parseNovelInline(raw)).toEqual([{ type: 'text', text: raw }]);
    expect(parseNovelInline('[[rb:abc > ]]')).toEqual([{ type: 'text', text: 'abc' }]);
    expect(parseNovelInline('[[rb: > x]]')).toEqual([{ type: 'text', text: '[[rb: > x]]' }]);
    for (const raw of ['[chapter:unclosed', '[chapter:]', '[pixivimage:abc]', '[uploadedimage:]'])
      expect(parseNovelMarkup(raw)[0]!.blocks).toEqual([
        { type: 'line', content: [{ type: 'text', text: raw }] },
      ]);
    // a chapter cut by a page break is two lines of text
    expect(parseNovelMarkup('[chapter:a[newpage]b]').map((p) => p.blocks)).toEqual([
      [{ type: 'line', content: [{ type: 'text', text: '[chapter:a' }] }],
      [{ type: 'line', content: [{ type: 'text', text: 'b]' }] }],
    ]);
  });

  it('keeps HTML in the text as text', () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(parseNovelInline(html)).toEqual([{ type: 'text', text: html }]);
    expect(parseNovelMarkup(`[chapter:${html}]`)[0]!.blocks[0]).toMatchObject({ title: html });
  });

  it('drops jumps to pages the text does not have, and absurd ids', () => {
    const pages = parseNovelMarkup('[jump:0][jump:2][jump:3]\n[newpage]\nb');
    expect(pages[0]!.blocks).toEqual([{ type: 'line', content: [{ type: 'jump', page: 2 }] }]);
    expect(parseNovelInline('[jump:99999999999999999999]')).toEqual([
      { type: 'text', text: '[jump:99999999999999999999]' },
    ]);
    expect(parseNovelMarkup('[pixivimage:99999999999999999999]')[0]!.blocks[0]!.type).toBe('line');
    expect(parseNovelMarkup('[pixivimage:12-0]')[0]!.blocks).toEqual([
      { type: 'illust', illustId: 12, page: 1, key: 'pixivimage:12' },
    ]);
  });

  it('splits images out of a line that also holds text', () => {
    expect(parseNovelMarkup('前[uploadedimage:5]後')[0]!.blocks).toEqual([
      { type: 'line', content: [{ type: 'text', text: '前' }] },
      { type: 'uploaded', imageId: 5, key: 'uploadedimage:5' },
      { type: 'line', content: [{ type: 'text', text: '後' }] },
    ]);
  });

  it('names embedded images as the text object keys them', () => {
    expect(novelEmbedKey('pixivimage', 9)).toBe('pixivimage:9');
    expect(novelEmbedKey('pixivimage', 9, 1)).toBe('pixivimage:9');
    expect(novelEmbedKey('pixivimage', 9, 2)).toBe('pixivimage:9-2');
    expect(novelEmbedKey('uploadedimage', '7')).toBe('uploadedimage:7');
  });

  it('gives the plain text a reader sees, with readings for downloads, and its length', () => {
    expect(novelPlainText(SAMPLE)).toBe(
      '第1章 邂逅\n彼女は黄昏の駅で笑った。\n\n「また明日」\n\n第2章 夜明け\n詳しくは作者のページへ。',
    );
    expect(novelPlainText('[[rb:黄昏 > たそがれ]]', true)).toBe('黄昏(たそがれ)');
    expect(novelVisibleLength(SAMPLE)).toBe(
      '第1章 邂逅彼女は黄昏の駅で笑った。「また明日」第2章 夜明け詳しくは作者のページへ。'.length,
    );
  });

  it('reads the captured novel text', () => {
    const raw = readFixture<RawWebviewNovel>(
      'webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json',
    );
    const pages = parseNovelMarkup(raw.text);
    expect(pages).toHaveLength(1);
    const blocks = pages[0]!.blocks;
    expect(blocks.at(-1)).toEqual({
      type: 'illust',
      illustId: 116524244,
      page: 1,
      key: 'pixivimage:116524244',
    });
    expect(blocks[0]).toEqual({
      type: 'line',
      content: [{ type: 'text', text: 'pixiv事務局です。' }],
    });
    expect(novelPlainText(raw.text)).not.toContain('[');
  });
});
