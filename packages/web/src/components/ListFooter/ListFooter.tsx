import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ListFooter.module.css';

export interface ListFooterProps {
  /** The list's last load failed: a button that calls `retry`. */
  error?: unknown;
  retry: () => void;
  /** No page is left: "no more", or "no data" when nothing is shown. */
  finished: boolean;
  /** A page is loading. */
  loading: boolean;
  /** How many items the list shows (after the content filters). */
  shown: number;
  /**
   * Placeholders stand in for the first page, so the footer says nothing while it loads; false
   * says "loading" then too.
   */
  quietFirstLoad?: boolean;
  /** The infinite-paging sentinel (useEndReached), when the list pages as it scrolls. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The line under a paged list (ImageGrid, NovelGrid, user, live, series and article lists): its
 * state for sighted and screen-reader users alike (`aria-live`), with the test ids the e2e
 * tests read (`list-error`, `list-empty`, `list-finished`, `list-loading`).
 */
export function ListFooter({
  error,
  retry,
  finished,
  loading,
  shown,
  quietFirstLoad = true,
  ref,
}: ListFooterProps) {
  const { t } = useTranslation();
  const firstLoad = loading && shown === 0 && !error;
  let state = null;
  if (error) {
    state = (
      <button type="button" className={styles.retry} onClick={retry} data-testid="list-error">
        {t('common.network_error')}
      </button>
    );
  } else if (finished) {
    state = (
      <span data-testid={shown ? 'list-finished' : 'list-empty'}>
        {t(shown ? 'common.no_more' : 'common.no_data')}
      </span>
    );
  } else if (!(firstLoad && quietFirstLoad)) {
    state = (
      <span className={styles.loading} data-testid="list-loading">
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
