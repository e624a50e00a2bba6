import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { useLongPress } from '../../lib/useLongPress.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import styles from './TopBar.module.css';

/**
 * The screen header: back (or Home when the history has 2 entries or fewer) and a title. A long
 * press on back asks, then goes Home.
 */
export function TopBar({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // rendered on the server (and hydrated) as a landing page: a fresh tab's history has 1 entry
  const serverRender = useServerRender();
  const canGoBack = !serverRender && window.history.length > 2;
  const [asking, setAsking] = useState(false);
  const { wrapClick, ...press } = useLongPress(() => setAsking(true));
  return (
    <header className={styles.bar} data-testid="top-bar">
      <button
        type="button"
        className={styles.back}
        aria-label={canGoBack ? t('common.back') : t('common.home')}
        data-testid="top-bar-back"
        {...press}
        onClick={wrapClick(() => void (canGoBack ? navigate(-1) : navigate('/')))}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          {canGoBack ? (
            <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
          ) : (
            <path d="M4 11l8-7 8 7v9h-5v-6H9v6H4z" />
          )}
        </svg>
      </button>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.actions}>{children}</div>
      <ConfirmDialog
        open={asking}
        message={t('dialog.go_home')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void navigate('/');
        }}
      />
    </header>
  );
}
