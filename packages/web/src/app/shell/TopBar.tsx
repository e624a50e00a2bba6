import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import styles from './TopBar.module.css';

/** The screen header: back (or Home when there is no history to go back to) and a title. */
export function TopBar({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canGoBack = window.history.length > 2;
  return (
    <header className={styles.bar} data-testid="top-bar">
      <button
        type="button"
        className={styles.back}
        aria-label={canGoBack ? t('common.back') : t('common.home')}
        onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}
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
    </header>
  );
}
