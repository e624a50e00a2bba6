import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerRender } from '../../lib/useServerRender.ts';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** `block` (default): a box; `round`: an avatar; `line`: a line of text. */
  shape?: 'block' | 'round' | 'line';
  className?: string;
  style?: CSSProperties;
}

/** One placeholder shape; size it with `className` or `style`. */
export function Skeleton({ shape = 'block', className, style }: SkeletonProps) {
  const classes = [styles.block, shape === 'block' ? '' : styles[shape], className ?? ''];
  // no style attribute in the server's markup (the CSP drops it): set after hydration
  const server = useServerRender();
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      style={server ? undefined : style}
      aria-hidden="true"
    />
  );
}

export interface SkeletonListProps {
  /** How many placeholders. */
  count: number;
  /** One placeholder, drawn for each index. */
  children: (index: number) => ReactNode;
  /** The layout of the real list, so that the placeholders sit where the cards will. */
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

/**
 * A list's placeholders while its first page loads: announced once as "loading" to assistive
 * technology, the shapes themselves hidden from it.
 */
export function SkeletonList({
  count,
  children,
  className,
  style,
  testId = 'list-skeleton',
}: SkeletonListProps) {
  const { t } = useTranslation();
  const server = useServerRender();
  return (
    <div
      className={className}
      style={server ? undefined : style}
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid={testId}
    >
      {Array.from({ length: count }, (_, i) => children(i))}
    </div>
  );
}

/** The grid placeholders' heights (Skeleton.module.css `aspect0` to `aspect6`), cycled. */
const ASPECTS = 7;
const ROWS = 3;
/** The most columns a grid has (core MASONRY_BREAKPOINTS). */
const MOST_COLUMNS = 9;

/**
 * The image grid's first-load placeholder: columns of uneven cards, as many as the grid's width
 * gives (masonryColumns' breakpoints, in container queries of the grid: ImageGrid's `serverGrid`),
 * sized by classes alone. The server's markup, which cannot measure, is then drawn as the app
 * draws it, at the width it is shown at.
 */
export function GridSkeleton() {
  return (
    <SkeletonList count={MOST_COLUMNS} className={styles.grid} testId="grid-skeleton">
      {(c) => (
        <div key={c} className={styles.column}>
          {Array.from({ length: ROWS }, (_, r) => (
            <Skeleton key={r} className={styles[`aspect${(c * ROWS + r) % ASPECTS}`]} />
          ))}
        </div>
      )}
    </SkeletonList>
  );
}
