import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { parseNovelMarkup, toProxiedImageUrl } from '@pv/core';
import { NovelBody } from './NovelBody.tsx';
import { initEnglishI18n } from '../../test-i18n.ts';

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(cleanup);

const proxy = (url: string) => toProxiedImageUrl(url);

function renderText(text: string, embedImgs: Record<string, string> = {}) {
  return render(
    <MemoryRouter>
      <NovelBody pages={parseNovelMarkup(text)} embedImgs={embedImgs} proxy={proxy} />
    </MemoryRouter>,
  ).container;
}

describe('NovelBody', () => {
  it('renders each markup element as an element', () => {
    const el = renderText(
      [
        '[chapter:序 [[rb:黄昏 > たそがれ]]]',
        '[[jumpuri:作者 > https://www.pixiv.net/users/11]] [jump:2]',
        '[newpage]',
        '[pixivimage:5-2]',
        '[uploadedimage:7]',
      ].join('\n'),
      {
        'pixivimage:5-2': 'https://i.pximg.net/c/600x600/img-master/img/5_p1.jpg',
        'uploadedimage:7': 'https://i.pximg.net/novel-cover-original/img/7.jpg',
      },
    );
    expect(el.querySelectorAll('[data-testid="novel-page"]')).toHaveLength(2);
    expect(el.querySelector('#novel-page-2')).not.toBeNull();
    const h = el.querySelector('h3#novel-chapter-0')!;
    expect(h.querySelector('ruby')!.textContent).toBe('黄昏(たそがれ)');
    expect(h.querySelector('rt')!.textContent).toBe('たそがれ');
    const link = el.querySelector<HTMLAnchorElement>('[data-testid="novel-link"]')!;
    expect(link.getAttribute('href')).toBe('https://www.pixiv.net/users/11');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    expect(el.querySelector('[data-testid="novel-jump"]')!.getAttribute('href')).toBe(
      '#novel-page-2',
    );
    const images = [...el.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(images).toEqual([
      '/i/c/600x600/img-master/img/5_p1.jpg',
      '/i/novel-cover-original/img/7.jpg',
    ]);
    expect(el.querySelector('a[href="/artworks/5"]')).not.toBeNull();
  });

  it('keeps hostile text as text: no script link, no HTML, no foreign image', () => {
    const el = renderText(
      [
        '[[jumpuri:x > javascript:alert(1)]]',
        '<img src=x onerror=alert(1)><script>alert(1)</script>',
        '[[rb:[[rb:a > b]] > c]]',
        '[uploadedimage:9]',
      ].join('\n'),
      { 'uploadedimage:9': 'https://evil.example/x.png' },
    );
    expect(el.querySelector('a[href^="javascript"]')).toBeNull();
    expect(el.querySelector('script')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(1)><script>alert(1)</script>');
    expect(el.textContent).toContain('[[rb:a(b) > c]]');
    // an image outside pximg is not loaded through or around the proxy
    for (const img of el.querySelectorAll('img'))
      expect(img.getAttribute('src') ?? '').not.toContain('evil.example');
  });

  it('says when an embedded picture is missing', () => {
    const el = renderText('[pixivimage:5]');
    expect(el.textContent).toContain('This picture is not available.');
  });
});
