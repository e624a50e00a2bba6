import { describe, expect, it } from 'vitest';
import { captionPlainText, sanitiseCaptionHtml } from './caption.ts';

describe('captions for other sites', () => {
  it('as plain text: tags gone, line breaks as spaces, entities decoded once', () => {
    expect(
      captionPlainText(
        'a &amp;amp; b<br />&lt;script&gt;<a href="pixiv://users/1">u</a><img src=x onerror=alert(1)><script>x</script>',
      ),
    ).toBe('a &amp; b <script>u');
  });

  it('cut to the limit in code points, with an ellipsis', () => {
    expect(captionPlainText('x'.repeat(10), 10)).toBe('x'.repeat(10));
    expect(Array.from(captionPlainText('😀'.repeat(11), 10))).toEqual([
      ...Array<string>(9).fill('😀'),
      '…',
    ]);
  });

  it('as feed HTML: inline tags and http(s) links kept, scripts, handlers and pictures dropped', () => {
    expect(
      sanitiseCaptionHtml(
        '<b>ok</b><a href="javascript:alert(1)">j</a><a href="https://e.example" onclick="x">e</a><img src=x onerror=alert(1)><script>z</script>',
      ),
    ).toBe(
      '<b>ok</b><a rel="nofollow noopener">j</a><a href="https://e.example" rel="nofollow noopener">e</a>',
    );
  });
});
