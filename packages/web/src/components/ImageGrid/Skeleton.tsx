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

/** Heights of the grid placeholders, as height / width, cycled so the columns look uneven. */
const ASPECTS = [1.35, 0.8, 1.1, 1.5, 0.9, 1.2, 1.0];
const ROWS = 3;

/** The image grid's first-load placeholder: `columns` columns of uneven cards. */
export function GridSkeleton({ columns }: { columns: number }) {
  return (
    <SkeletonList
      count={columns}
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      testId="grid-skeleton"
    >
      {(c) => (
        <div key={c} className={styles.column}>
          {Array.from({ length: ROWS }, (_, r) => (
            <Skeleton
              key={r}
              style={{ aspectRatio: `1 / ${ASPECTS[(c * ROWS + r) % ASPECTS.length]}` }}
            />
          ))}
        </div>
      )}
    </SkeletonList>
  );
}
