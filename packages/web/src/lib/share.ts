/**
 * The share sheet's targets (spec 001 §2.9): system share, copy link, QR code, Weibo, Qzone, QQ,
 * WeChat, Twitter and Facebook. The web targets open the service's own share page with the link
 * and the title; WeChat has none, so it shows the QR code to scan. The QR image is drawn by this
 * server (`/api/qrcode`), so no third party learns what is shared.
 */

export const SHARE_TARGETS = [
  'system',
  'copy',
  'qrcode',
  'weibo',
  'qzone',
  'qq',
  'wechat',
  'twitter',
  'facebook',
] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export interface Shared {
  url: string;
  title: string;
}

const q = encodeURIComponent;

/** The share page of a web target; null for the targets that stay in the app. */
export function shareUrl(target: ShareTarget, { url, title }: Shared): string | null {
  switch (target) {
    case 'weibo':
      return `https://service.weibo.com/share/share.php?url=${q(url)}&title=${q(title)}`;
    case 'qzone':
      return `https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?url=${q(url)}&title=${q(title)}`;
    case 'qq':
      return `https://connect.qq.com/widget/shareqq/index.html?url=${q(url)}&title=${q(title)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${q(url)}&text=${q(title)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`;
    default:
      return null;
  }
}

/** The QR code image of a link, from this server's `/api/qrcode`. */
export function qrCodeUrl(url: string, extrasBase = '/api'): string {
  return `${extrasBase}/qrcode?url=${q(url)}`;
}
