import { describe, expect, it } from 'vitest';
import { IN_APP_ATTR, inAppPath, safeHtml } from './safe-html.ts';

const CAPTION = ['a', 'br', 'strong'];

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = safeHtml(html, { tags: CAPTION });
  return div;
}

describe('inAppPath for captions', () => {
  it("maps pixiv's app scheme to app routes", () => {
    expect(inAppPath('pixiv://illusts/123')).toBe('/artworks/123');
    expect(inAppPath('pixiv://users/45')).toBe('/users/45');
    expect(inAppPath('pixiv://novels/9')).toBe('/novel/9');
    expect(inAppPath('pixiv://illusts/1/x')).toBeNull();
  });
});

describe('safeHtml', () => {
  it('keeps only the allowed tags, with their text', () => {
    const out = dom('<p>a<strong>b</strong><br><img src="https://i.pximg.net/x.jpg">c</p>');
    expect(out.querySelector('p, img')).toBeNull();
    expect(out.querySelector('strong')?.textContent).toBe('b');
    expect(out.textContent).toBe('abc');
  });

  it('turns work and user links into in-app links', () => {
    const out = dom(
      '<a href="pixiv://illusts/12">illust/12</a><a href="https://www.pixiv.net/users/3">u</a>',
    );
    const [work, user] = Array.from(out.querySelectorAll('a'));
    expect(work?.getAttribute('href')).toBe('/artworks/12');
    expect(work?.hasAttribute(IN_APP_ATTR)).toBe(true);
    expect(user?.getAttribute('href')).toBe('/users/3');
    expect(work?.hasAttribute('target')).toBe(false);
  });

  it('opens outside links in a new tab without opener, unwrapping jump.php', () => {
    const out = dom(
      '<a href="/jump.php?https%3A%2F%2Fexample.com%2Fa%3Fb%3D1" target="_self">x</a>' +
        '<a href="https://twitter.com/someone">t</a>',
    );
    const [jump, tw] = Array.from(out.querySelectorAll('a'));
    expect(jump?.getAttribute('href')).toBe('https://example.com/a?b=1');
    for (const a of [jump, tw]) {
      expect(a?.getAttribute('target')).toBe('_blank');
      expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('drops scripts, handlers and javascript: or plain http links', () => {
    const out = dom(
      '<a href="javascript:alert(1)" onclick="x()">j</a><script>alert(2)</script>' +
        '<a href="http://example.com">h</a><strong onmouseover="y()">s</strong>',
    );
    expect(out.querySelector('script, [onclick], [onmouseover]')).toBeNull();
    for (const a of Array.from(out.querySelectorAll('a')))
      expect(a.hasAttribute('href')).toBe(false);
  });
});
