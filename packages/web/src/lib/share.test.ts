import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS, qrCodeUrl, shareUrl } from './share.ts';

const shared = { url: 'https://viewer.example/artworks/12', title: '猫 & 犬' };

describe('share targets', () => {
  it('offers the nine targets of spec 001 §2.9', () => {
    expect(SHARE_TARGETS).toEqual([
      'system',
      'copy',
      'qrcode',
      'weibo',
      'qzone',
      'qq',
      'wechat',
      'twitter',
      'facebook',
    ]);
  });

  it('opens each web service with the encoded link', () => {
    const link = encodeURIComponent(shared.url);
    for (const [target, host] of [
      ['weibo', 'service.weibo.com'],
      ['qzone', 'sns.qzone.qq.com'],
      ['qq', 'connect.qq.com'],
      ['twitter', 'twitter.com'],
      ['facebook', 'www.facebook.com'],
    ] as const) {
      const url = new URL(shareUrl(target, shared)!);
      expect(url.hostname).toBe(host);
      expect(url.search).toContain(link);
    }
    expect(shareUrl('twitter', shared)).toContain(encodeURIComponent('猫 & 犬'));
  });

  it('keeps system share, copy, QR and WeChat in the app', () => {
    for (const target of ['system', 'copy', 'qrcode', 'wechat'] as const)
      expect(shareUrl(target, shared)).toBeNull();
  });

  it('draws the QR code on this server', () => {
    expect(qrCodeUrl(shared.url)).toBe(`/api/qrcode?url=${encodeURIComponent(shared.url)}`);
  });
});
