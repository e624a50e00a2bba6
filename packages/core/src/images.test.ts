import { describe, expect, it } from 'vitest';
import { pictureSize, toProxiedImageUrl } from './images.ts';

describe('toProxiedImageUrl', () => {
  const path = 'c/540x540_70/img-master/img/2025/02/03/00/03/17/126839540_p0_master1200.jpg';

  it('routes pixiv image hosts through the server', () => {
    expect(toProxiedImageUrl(`https://i.pximg.net/${path}`)).toBe(`/i/${path}`);
    expect(toProxiedImageUrl('https://s.pximg.net/common/images/no_profile.png')).toBe(
      '/s/common/images/no_profile.png',
    );
    expect(
      toProxiedImageUrl(
        'https://img-sketch.pximg.net/c!/w=400,f=webp:jpeg/uploads/medium/file/1/ab.jpg',
      ),
    ).toBe('/sk/c!/w=400,f=webp:jpeg/uploads/medium/file/1/ab.jpg');
    expect(toProxiedImageUrl('https://img-sketch.pixiv.net/uploads/x.jpg')).toBe('');
  });

  it('uses an external image proxy for i.pximg.net when configured', () => {
    expect(toProxiedImageUrl(`https://i.pximg.net/${path}`, 'https://i.pixiv.re/')).toBe(
      `https://i.pixiv.re/${path}`,
    );
  });

  it('never hands the browser a third-party URL', () => {
    expect(toProxiedImageUrl('https://evil.example/x.jpg')).toBe('');
    expect(toProxiedImageUrl('//evil.example/x.jpg')).toBe('');
    expect(toProxiedImageUrl('https://i.pximg.net.evil.example/x.jpg')).toBe('');
    expect(toProxiedImageUrl('/i/already.jpg')).toBe('/i/already.jpg');
  });
});

describe('pictureSize', () => {
  const at = (crop: string) =>
    `https://i.pximg.net/c/${crop}/img-master/img/2026/11/29/22/12/15/1_p0_master1200.jpg`;

  it('fits a resized copy inside the box its path names, never enlarged', () => {
    expect(pictureSize(at('540x540_70'), 1200, 1697)).toEqual({ width: 382, height: 540 });
    expect(pictureSize(at('600x1200_90'), 1200, 1697)).toEqual({ width: 600, height: 849 });
    expect(pictureSize(at('600x1200_90'), 3000, 1000)).toEqual({ width: 600, height: 200 });
    expect(pictureSize(at('540x540_70'), 400, 300)).toEqual({ width: 400, height: 300 });
  });

  it('gives the full size for the original and for a proxied path', () => {
    const original = 'https://i.pximg.net/img-original/img/2026/11/29/22/12/15/1_p0.png';
    expect(pictureSize(original, 1200, 1697)).toEqual({ width: 1200, height: 1697 });
    expect(pictureSize('/i/c/540x540_70/img-master/x.jpg', 1080, 1080)).toEqual({
      width: 540,
      height: 540,
    });
  });
});
