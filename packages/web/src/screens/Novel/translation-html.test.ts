import { describe, expect, it } from 'vitest';
import { translationHtml } from './translation-html.ts';

describe('translation HTML', () => {
  it('keeps the document and counts translated lines and headings', () => {
    const v = translationHtml(
      '<article class="pv-novel-translation" lang="en"><section class="pv-novel-page" id="page-1">' +
        '<h2 class="pv-novel-chapter">One</h2><p class="pv-novel-original" lang="ja">一</p>' +
        '<p>Hello</p><p class="pv-novel-original" lang="ja"><ruby>黄昏<rt>たそがれ</rt></ruby></p>' +
        '<p class="pv-novel-jump"><a href="#page-2">2</a></p>' +
        '<figure class="pv-novel-image"><a href="/artworks/5"><img src="/i/img-master/a.jpg" alt="" loading="lazy"></a></figure>',
    );
    expect(v.blocks).toBe(2);
    expect(v.html).toContain('id="page-1"');
    expect(v.html).toContain('<ruby>黄昏<rt>たそがれ</rt></ruby>');
    expect(v.html).toContain('href="#page-2"');
    expect(v.html).toContain('href="/artworks/5"');
    expect(v.html).toContain('src="/i/img-master/a.jpg"');
  });

  it('drops scripts, handlers, foreign pictures, script links and stray ids', () => {
    const { html } = translationHtml(
      '<p id="novel-page-1" onclick="alert(1)">a<script>alert(1)</script></p>' +
        '<img src="https://evil.example/x.png"><img src="/i/../../api/x?y=1"><img src="/i/../api/x">' +
        '<a href="javascript:alert(1)">x</a><a href="https://example.com/">y</a>' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style>',
    );
    expect(html).not.toMatch(/script|onclick|evil|iframe|style|novel-page-1|<img/i);
    expect(html).toContain('<a>x</a>');
    expect(html).toContain(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
  });
});
