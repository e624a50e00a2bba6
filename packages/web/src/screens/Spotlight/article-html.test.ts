import { describe, expect, it } from 'vitest';
import { articleHtml, inAppPath } from './article-html.ts';

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('inAppPath', () => {
  it('maps pixiv artworks, users, novels and pixivision articles to app routes', () => {
    expect(inAppPath('https://www.pixiv.net/artworks/123')).toBe('/artworks/123');
    expect(inAppPath('https://www.pixiv.net/en/artworks/123')).toBe('/artworks/123');
    expect(inAppPath('https://www.pixiv.net/users/45/')).toBe('/users/45');
    expect(inAppPath('https://www.pixiv.net/novel/show.php?id=9')).toBe('/novel/9');
    expect(inAppPath('https://www.pixiv.net/member_illust.php?mode=medium&illust_id=7')).toBe(
      '/artworks/7',
    );
    expect(inAppPath('https://www.pixivision.net/ja/a/8812')).toBe('/a/8812');
  });

  it('leaves other pages and hosts alone', () => {
    expect(inAppPath('https://www.pixiv.net/tags/cat')).toBeNull();
    expect(inAppPath('https://evil.example/artworks/1')).toBeNull();
    expect(inAppPath('javascript:alert(1)')).toBeNull();
    expect(inAppPath('/artworks/1')).toBeNull();
  });
});

describe('articleHtml', () => {
  it('drops scripts, handlers, styles and javascript: links', () => {
    const out = dom(
      articleHtml(
        '<p onclick="x()">Hi<script>alert(1)</script></p>' +
          '<img src="https://i.pximg.net/a.jpg" onerror="alert(2)">' +
          '<a href="javascript:alert(3)">x</a><style>p{}</style>' +
          '<iframe src="https://evil.example"></iframe>',
      ),
    );
    expect(out.querySelector('script, style, iframe')).toBeNull();
    expect(out.querySelector('[onclick], [onerror]')).toBeNull();
    expect(out.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(out.textContent).toBe('Hix');
  });

  it('loads pximg images through the proxy and drops images of other hosts', () => {
    const out = dom(
      articleHtml(
        '<img src="https://i.pximg.net/c/600x600/img-master/img/1_p0.jpg" alt="a">' +
          '<img src="https://s.pximg.net/common/x.png">' +
          '<img src="https://evil.example/x.png">',
      ),
    );
    expect(Array.from(out.querySelectorAll('img')).map((i) => i.getAttribute('src'))).toEqual([
      '/i/c/600x600/img-master/img/1_p0.jpg',
      '/s/common/x.png',
    ]);
    const proxied = dom(articleHtml('<img src="https://i.pximg.net/a.jpg">', 'https://i.pixiv.re'));
    expect(proxied.querySelector('img')?.getAttribute('src')).toBe('https://i.pixiv.re/a.jpg');
  });

  it('makes pixiv links in-app and opens other links in a new tab', () => {
    const out = dom(
      articleHtml(
        '<a href="https://www.pixiv.net/artworks/42" target="_blank">w</a>' +
          '<a href="https://example.com/">e</a>',
      ),
    );
    const [work, other] = Array.from(out.querySelectorAll('a'));
    expect(work?.getAttribute('href')).toBe('/artworks/42');
    expect(work?.hasAttribute('data-in-app')).toBe(true);
    expect(other?.getAttribute('target')).toBe('_blank');
    expect(other?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
