import type { ButtonHTMLAttributes } from 'react';
import styles from './ActionButton.module.css';

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The icon: one SVG path on a 24 × 24 box. */
  icon: string;
  /** The icon's colour for a pressed state: a red heart (bookmarked) or the accent (saved). */
  lit?: 'like' | 'accent';
}

/**
 * One pill button of a work's page (artwork or novel): icon and label, the same look for
 * bookmark, share, download and save for offline. `className` adds a place (a joined group).
 */
export function ActionButton({ icon, lit, className, children, ...props }: ActionButtonProps) {
  const classes = [styles.action, lit && styles[lit], className].filter(Boolean).join(' ');
  return (
    <button type="button" {...props} className={classes}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={icon} />
      </svg>
      {children}
    </button>
  );
}
