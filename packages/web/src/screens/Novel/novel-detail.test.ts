import { describe, expect, it } from 'vitest';
import {
  CAPTION_SHRINK_CHARS,
  captionHtml,
  captionShrinks,
  readingMinutes,
} from './novel-detail.ts';

describe('novel detail rules', () => {
  it('shrinks a caption above 500 characters, not at 500 (spec 001 §9)', () => {
    expect(CAPTION_SHRINK_CHARS).toBe(500);
    expect(captionShrinks(500)).toBe(false);
    expect(captionShrinks(501)).toBe(true);
    expect(captionHtml('あ'.repeat(501)).length).toBe(501);
    // markup does not count: 500 visible characters inside tags stay unshrunk
    expect(captionShrinks(captionHtml(`<strong>${'a'.repeat(500)}</strong><br />`).length)).toBe(
      false,
    );
  });

  it('reads about 500 characters a minute, rounding up, at least a minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(500)).toBe(1);
    expect(readingMinutes(501)).toBe(2);
    expect(readingMinutes(7449)).toBe(15);
  });

  it('sanitises the caption: no scripts, handlers or non-web links', () => {
    const { html } = captionHtml(
      '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>' +
        '<a href="https://example.com/a" onclick="alert(1)">y</a><b style="color:red">z</b>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img|style=/i);
    expect(html).toContain('<a>x</a>');
    expect(html).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
    expect(html).toContain('<b>z</b>');
  });
});
