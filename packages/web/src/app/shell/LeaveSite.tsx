/**
 * The page a query key naming another site shows instead of leaving at once (spec 001 §2.1, issue
 * 34): it names the destination and lets the user continue there or stay on this site.
 */
import type { Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useHydratedMark } from '../../lib/useHydratedMark.ts';
import styles from './LeaveSite.module.css';

export function renderLeaveSite(root: Root, url: string, back: string): void {
  root.render(<LeaveSite url={url} back={back} />);
}

function LeaveSite({ url, back }: { url: string; back: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('startup.leave_title'));
  useHydratedMark();
  return (
    <main className={styles.page} data-testid="leave-site">
      <h1 className={styles.title}>{t('startup.leave_title')}</h1>
      <p className={styles.text}>{t('startup.leave_text')}</p>
      <p className={styles.url} data-testid="leave-site-url">
        {url}
      </p>
      <div className={styles.actions}>
        <a className={styles.continue} href={url} rel="noopener noreferrer nofollow">
          {t('startup.leave_continue')}
        </a>
        <a className={styles.back} href={back}>
          {t('startup.leave_back')}
        </a>
      </div>
    </main>
  );
}
