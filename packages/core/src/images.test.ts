import { describe, expect, it } from 'vitest';
import { toProxiedImageUrl } from './images.ts';

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
