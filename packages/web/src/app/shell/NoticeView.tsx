import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { SafeHtml } from '../../components/SafeHtml/SafeHtml.tsx';
import { safeHtml } from '../../lib/safe-html.ts';
import type { Notice } from '../../state/queries/notices.ts';
import styles from './NoticeView.module.css';

/** What a notice's text may keep: line breaks, emphasis and links (lib/safe-html.ts). */
const NOTICE_TAGS = ['a', 'br', 'b', 'strong', 'em', 'i'] as const;

/**
 * A notice as a banner at the top of the page until closed, or as a dialog read once when it is an
 * alert (NoticeFeed.tsx loads this with the sanitiser only when there is a notice to show).
 */
export default function NoticeView({ notice, dismiss }: { notice: Notice; dismiss: () => void }) {
  const { t } = useTranslation();
  const html = useMemo(() => safeHtml(notice.text, { tags: NOTICE_TAGS }), [notice]);
  if (notice.alert) {
    return (
      <ConfirmDialog
        open
        alert
        title={notice.title}
        body={
          <div lang={notice.lang}>
            <SafeHtml html={html} className={styles.text} testId="notice-text" />
          </div>
        }
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
      <div className={styles.content} lang={notice.lang}>
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
