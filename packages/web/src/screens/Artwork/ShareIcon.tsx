/**
 * The share sheet's icons: the app's own actions from Lucide, the services' marks from Simple
 * Icons, each imported by name so that only these reach the bundle (and only the share sheet's
 * lazy chunk). Decorative: each button is named by its visible label.
 */
import { Link2, QrCode, Share2, type LucideIcon } from 'lucide-react';
import {
  siFacebook,
  siQq,
  siQzone,
  siSinaweibo,
  siWechat,
  siX,
  type SimpleIcon,
} from 'simple-icons';
import type { ShareTarget } from '../../lib/share.ts';

const ACTIONS: Partial<Record<ShareTarget, LucideIcon>> = {
  system: Share2,
  copy: Link2,
  qrcode: QrCode,
};

const BRANDS: Partial<Record<ShareTarget, SimpleIcon>> = {
  weibo: siSinaweibo,
  qzone: siQzone,
  qq: siQq,
  wechat: siWechat,
  twitter: siX,
  facebook: siFacebook,
};

const SIZE_PX = 22;

export function ShareIcon({ target }: { target: ShareTarget }) {
  const Action = ACTIONS[target];
  if (Action) return <Action size={SIZE_PX} aria-hidden="true" focusable="false" />;
  const brand = BRANDS[target];
  if (!brand) return null;
  return (
    <svg
      viewBox="0 0 24 24"
      width={SIZE_PX}
      height={SIZE_PX}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-brand={brand.slug}
    >
      <path d={brand.path} />
    </svg>
  );
}
