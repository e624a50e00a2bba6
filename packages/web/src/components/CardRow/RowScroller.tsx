import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollBehavior } from '../../lib/motion.ts';
import styles from './RowScroller.module.css';

/**
 * A horizontal row with back and forward buttons (shown on desktop, where there is no swipe):
 * each moves by most of the row's visible width; a button shows only when there is room to go.
 */
export function RowScroller({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ back: false, forward: false });
  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    setRoom({
      back: el.scrollLeft > 1,
      forward: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
    });
  }, []);
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);
  const move = (direction: 1 | -1) => {
    const el = row.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: scrollBehavior() });
  };
  return (
    <div className={styles.wrap}>
      <div ref={row} className={className}>
        {children}
      </div>
      {room.back && (
        <button
          type="button"
          className={`${styles.button} ${styles.back}`}
          aria-label={t('common.scroll_prev')}
          onClick={() => move(-1)}
          data-testid="row-scroll-back"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
          </svg>
        </button>
      )}
      {room.forward && (
        <button
          type="button"
          className={`${styles.button} ${styles.forward}`}
          aria-label={t('common.scroll_next')}
          onClick={() => move(1)}
          data-testid="row-scroll-forward"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z" />
          </svg>
        </button>
      )}
    </div>
  );
}
