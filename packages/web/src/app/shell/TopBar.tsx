import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { useLongPress } from '../../lib/useLongPress.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title: string;
  /** A shorter form of the title, shown instead when the title does not fit beside the actions. */
  shortTitle?: string;
  children?: ReactNode;
}

/**
 * True while `title` is wider than its heading and a short form exists. The short form is drawn
 * by the heading's ::after (alt text empty), so the heading's text and name stay the full title.
 */
function useShortTitle(title: string, shortTitle: string | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [short, setShort] = useState(false);
  useLayoutEffect(() => {
    const h = heading.current;
    if (!h || !shortTitle) return setShort(false);
    const measure = () => {
      // the full title's own width: in the heading, or in its visually hidden span
      const full = h.firstElementChild as HTMLElement;
      const natural = h.dataset.short === undefined ? h.scrollWidth : full.scrollWidth;
      setShort(natural > h.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(h);
    return () => observer.disconnect();
  }, [title, shortTitle]);
  return { heading, short: short && shortTitle ? shortTitle : undefined };
}

/**
 * The screen header: back (or Home when the history has 2 entries or fewer) and a title, in its
 * short form where the full one would be cut. A long press on back asks, then goes Home.
 */
export function TopBar({ title, shortTitle, children }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // rendered on the server (and hydrated) as a landing page: a fresh tab's history has 1 entry
  const serverRender = useServerRender();
  const canGoBack = !serverRender && window.history.length > 2;
  const [asking, setAsking] = useState(false);
  const { wrapClick, ...press } = useLongPress(() => setAsking(true));
  const { heading, short } = useShortTitle(title, shortTitle);
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
      <h1 ref={heading} className={styles.title} data-short={short} data-testid="top-bar-title">
        <span>{title}</span>
      </h1>
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
