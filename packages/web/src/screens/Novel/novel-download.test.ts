import { describe, expect, it } from 'vitest';
import { normaliseNovel, type Novel, type NovelText, type RawNovel } from '@pv/core';
import { inlineImages, novelFileName, novelHtml, novelTxt } from './novel-download.ts';

const novel: Novel = normaliseNovel({
  id: 42,
  title: 'タイトル<b>',
  caption: '',
  restrict: 0,
  x_restrict: 0,
  is_original: true,
  image_urls: { square_medium: '', medium: '', large: '' },
  create_date: '2026-11-01T10:00:00+09:00',
  tags: [{ name: 'タグ', translated_name: null }],
  page_count: 2,
  text_length: 10,
  user: { id: 7, name: '作者/名', account: 'a', profile_image_urls: { medium: '' } },
  series: {},
  total_bookmarks: 0,
  total_view: 0,
  visible: true,
  novel_ai_type: 1,
} as unknown as RawNovel);

const text: NovelText = {
  id: 42,
  text: '[chapter:一 [[rb:黄昏 > たそがれ]]]\n<script>alert(1)</script>\n[[jumpuri:x > javascript:alert(1)]]\n[uploadedimage:9]\n[newpage]\n二[jump:1]\n[pixivimage:5]',
  prev: null,
  next: null,
  embedImgs: {
    'uploadedimage:9': 'https://i.pximg.net/novel-cover-original/img/9.png',
    'pixivimage:5': 'https://evil.example/5.png',
  },
};

describe('novel downloads (spec 001 §7.4)', () => {
  it('names the file by the template, cut to 128 characters with its extension', () => {
    expect(novelFileName('{author}_{title}_{pid}_p{index}', novel, 'txt')).toBe(
      '作者_名_タイトル_b__42_p0.txt',
    );
    const long = novelFileName('{title}'.repeat(40), novel, 'html');
    expect([...long]).toHaveLength(128);
    expect(long.endsWith('.html')).toBe(true);
  });

  it('writes the text file: head, ruby with its reading, pages apart, no markup', () => {
    expect(novelTxt(novel, text)).toBe(
      'タイトル<b>\n作者/名\nhttps://www.pixiv.net/novel/show.php?id=42\n\n' +
        '一 黄昏(たそがれ)\n<script>alert(1)</script>\nx\n\n二\n',
    );
  });

  it('writes an html file that reads offline: escaped text, markup as elements, inlined pictures', () => {
    const html = novelHtml(novel, text, { 'uploadedimage:9': 'data:image/png;base64,AAAA' });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>タイトル&#60;b&#62;</title>');
    expect(html).toContain('<h2>一 <ruby>黄昏<rp>(</rp><rt>たそがれ</rt><rp>)</rp></ruby></h2>');
    expect(html).toContain('<p>&#60;script&#62;alert(1)&#60;/script&#62;</p>');
    expect(html).not.toMatch(/<script|javascript:|evil\.example|https:\/\/i\.pximg/);
    expect(html).toContain('<figure><img src="data:image/png;base64,AAAA" alt=""></figure>');
    expect(html).toContain('<section id="page-2">');
    expect(html).toContain('<a href="#page-1">');
  });

  it('inlines only pximg pictures, through the proxy, as data: URLs', async () => {
    const asked: string[] = [];
    const fakeFetch = ((url: string) => {
      asked.push(url);
      return Promise.resolve(
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
      );
    }) as unknown as typeof fetch;
    const images = await inlineImages(text, undefined, fakeFetch);
    expect(asked).toEqual(['/i/novel-cover-original/img/9.png']);
    expect(images).toEqual({ 'uploadedimage:9': 'data:image/png;base64,AQID' });
  });
});
