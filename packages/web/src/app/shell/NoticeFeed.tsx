import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { SafeHtml } from '../../components/SafeHtml/SafeHtml.tsx';
import { safeHtml } from '../../lib/safe-html.ts';
import { useNotice } from '../../state/queries/notices.ts';
import styles from './NoticeFeed.module.css';

/** What a notice's text may keep: line breaks, emphasis and links (lib/safe-html.ts). */
const NOTICE_TAGS = ['a', 'br', 'b', 'strong', 'em', 'i'] as const;

/**
 * The viewer's notice (spec 000 §4 "Notice feed"): a banner at the top of every page until
 * closed, or a dialog read once when the notice is an alert (state/queries/notices.ts).
 */
export function NoticeFeed() {
  const { t } = useTranslation();
  const { notice, dismiss } = useNotice();
  const html = useMemo(
    () => (notice ? safeHtml(notice.text, { tags: NOTICE_TAGS }) : ''),
    [notice],
  );
  if (!notice) return null;
  if (notice.alert) {
    return (
      <ConfirmDialog
        open
        alert
        title={notice.title}
        body={<SafeHtml html={html} className={styles.text} testId="notice-text" />}
        onConfirm={dismiss}
        onCancel={dismiss}
      />
    );
  }
  return (
    <section
      className={`${styles.banner} ${styles[notice.style] ?? ''}`}
      aria-label={t('notice.label')}
      data-testid="notice-banner"
    >
      <div className={styles.content}>
        <strong className={styles.title}>{notice.title}</strong>
        <SafeHtml html={html} className={styles.text} testId="notice-text" />
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('notice.close')}
        onClick={dismiss}
        data-testid="notice-close"
      >
        ×
      </button>
    </section>
  );
}
