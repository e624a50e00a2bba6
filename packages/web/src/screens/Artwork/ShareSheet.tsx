import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SHARE_TARGETS,
  qrCodeUrl,
  shareUrl,
  type Shared,
  type ShareTarget,
} from '../../lib/share.ts';
import { Sheet } from '../../components/Sheet/Sheet.tsx';
import { copyText } from './ArtworkMeta.tsx';
import { ShareIcon } from './ShareIcon.tsx';
import styles from './ShareSheet.module.css';

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The share sheet (spec 001 §2.9), loaded when first opened (its icons with it): the system share where the browser has one, copy link, the
 * QR code (also WeChat's way: scan it), Weibo, Qzone, QQ, Twitter/X and Facebook.
 */
export function ShareSheet({ shared, onClose }: { shared: Shared; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [qr, setQr] = useState<'qrcode' | 'wechat' | null>(null);
  const close = () => ref.current?.close();
  const pick = (target: ShareTarget) => {
    const web = shareUrl(target, shared);
    if (web) {
      window.open(web, '_blank', 'noopener,noreferrer');
      close();
    } else if (target === 'system') {
      navigator.share({ url: shared.url, title: shared.title }).then(close, () => undefined);
    } else if (target === 'copy') {
      void copyText(shared.url).then(close);
    } else if (target === 'qrcode' || target === 'wechat') {
      setQr(target);
    }
  };
  const targets = SHARE_TARGETS.filter((target) => target !== 'system' || canShare());
  return (
    <Sheet
      titleId="share-title"
      title={t('share.title')}
      onClose={onClose}
      testId="share-sheet"
      dialogRef={ref}
    >
      <ul className={styles.targets}>
        {targets.map((target) => (
          <li key={target}>
            <button
              type="button"
              className={styles.target}
              aria-pressed={qr === target ? true : undefined}
              onClick={() => pick(target)}
              data-testid={`share-${target}`}
            >
              <span className={`${styles.icon} ${styles[target] ?? ''}`} aria-hidden="true">
                <ShareIcon target={target} />
              </span>
              {t(`share.${target}`)}
            </button>
          </li>
        ))}
      </ul>
      {qr && (
        <figure className={styles.qr}>
          <img src={qrCodeUrl(shared.url)} alt={t('share.qr_alt')} data-testid="share-qr" />
          <figcaption>{t(qr === 'wechat' ? 'share.wechat_hint' : 'share.qr_hint')}</figcaption>
        </figure>
      )}
    </Sheet>
  );
}
