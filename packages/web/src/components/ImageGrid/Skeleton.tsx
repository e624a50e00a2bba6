import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MASONRY_BREAKPOINTS } from '@pv/core';
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

/**
 * Heights of the grid placeholders, as height / width, cycled so the columns look uneven: one
 * class each (Skeleton.module.css), not an inline aspect ratio, so that the server's markup has
 * the heights the app draws.
 */
const ASPECT_CLASSES = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'] as const;
const ROWS = 3;
/** The most columns a grid has (core MASONRY_BREAKPOINTS). */
const MAX_COLUMNS = Math.max(...MASONRY_BREAKPOINTS.map(([, columns]) => columns));

/**
 * The image grid's first-load placeholder: columns of uneven cards, as many as the grid will have.
 * The count comes from the grid's width in container queries (the breakpoints of masonryColumns),
 * not from a measured width: the server cannot measure, and a count that changed once the app
 * measured would move every placeholder (issue 33's layout shift). So every column is in the
 * markup and the stylesheet hides those beyond the width's count.
 */
export function GridSkeleton() {
  return (
    <SkeletonList count={MAX_COLUMNS} className={styles.grid} testId="grid-skeleton">
      {(c) => (
        <div key={c} className={styles.column}>
          {Array.from({ length: ROWS }, (_, r) => (
            <Skeleton
              key={r}
              className={styles[ASPECT_CLASSES[(c * ROWS + r) % ASPECT_CLASSES.length]!]}
            />
          ))}
        </div>
      )}
    </SkeletonList>
  );
}
