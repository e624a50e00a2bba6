import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, type EmptyMessage } from './EmptyState.tsx';
import styles from './ListFooter.module.css';

/** What the footer reads of a list (a PagedList is one). */
export interface ListState {
  /** The items loaded so far. */
  items: readonly unknown[];
  /** A page is loading. */
  loading: boolean;
  /** No page is left: "no more", or "no data" when nothing is shown. */
  finished: boolean;
  /** The list's last load failed: a button that calls `retry`. */
  error: unknown;
  retry(): void;
}

export interface ListFooterProps {
  list: ListState;
  /** How many items the list shows, when its content filters hide some; else `list.items`. */
  shown?: number;
  /**
   * Placeholders stand in for the first page, so the footer says nothing while it loads; false
   * says "loading" then too.
   */
  quietFirstLoad?: boolean;
  /** What an empty list says: why, and what to do (else "Nothing here"). */
  empty?: EmptyMessage;
  /** The infinite-paging sentinel (useEndReached), when the list pages as it scrolls. */
  ref?: Ref<HTMLDivElement>;
}

/** The retry after a failed load, as a list's footer and a failed page show it. */
export function RetryButton({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.retry} onClick={onRetry} data-testid={testId}>
      {t('common.network_error')}
    </button>
  );
}

/**
 * The line under a paged list (ImageGrid, NovelGrid, user, live, series and article lists): its
 * state for sighted and screen-reader users alike (`aria-live`), with the test ids the e2e
 * tests read (`list-error`, `list-empty`, `list-finished`, `list-loading`).
 */
export function ListFooter({
  list,
  shown = list.items.length,
  quietFirstLoad = true,
  empty,
  ref,
}: ListFooterProps) {
  const { t } = useTranslation();
  const firstLoad = list.loading && shown === 0 && !list.error;
  let state = null;
  if (list.error) {
    state = <RetryButton onRetry={list.retry} testId="list-error" />;
  } else if (list.finished) {
    state = shown ? (
      <span data-testid="list-finished">{t('common.no_more')}</span>
    ) : (
      <EmptyState message={empty} testId="list-empty" />
    );
  } else if (!(firstLoad && quietFirstLoad)) {
    // It pulses only while a page is on its way: a list waiting for the next scroll would
    // otherwise repaint the line at every frame for as long as the page is open.
    state = (
      <span className={list.loading ? styles.loading : undefined} data-testid="list-loading">
        {t('common.loading')}
      </span>
    );
  }
  return (
    <div ref={ref} className={styles.footer} aria-live="polite">
      {state}
    </div>
  );
}
