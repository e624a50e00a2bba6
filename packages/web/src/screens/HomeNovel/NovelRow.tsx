import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NovelCard } from '../../components/NovelCard/NovelCard.tsx';
import type { Novel } from '@pv/core';
import styles from './HomeNovel.module.css';

export interface NovelRowProps {
  title: string;
  /** Where the title and the view-more link lead. */
  to?: string;
  /** The row's novels, already filtered and cut. */
  items: Novel[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  imageProxy?: string;
  testId: string;
}

/** A home card of novels: a titled, horizontally scrolling row with its loading and error states. */
export function NovelRow({
  title,
  to,
  items,
  loading,
  error,
  onRetry,
  imageProxy,
  testId,
}: NovelRowProps) {
  const { t } = useTranslation();
  const shown = items ?? [];
  return (
    <section className={styles.card} data-testid={testId} aria-label={title}>
      <h2 className={styles.heading}>
        {to ? <Link to={to}>{title}</Link> : title}
        {to && (
          <Link to={to} className={styles.viewMore} data-testid="row-view-more">
            {t('home.view_more')}
          </Link>
        )}
      </h2>
      {error ? (
        <button type="button" className={styles.state} onClick={onRetry} data-testid="row-error">
          {t('common.network_error')}
        </button>
      ) : loading && shown.length === 0 ? (
        <div className={styles.row} aria-busy="true" data-testid="row-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className={`${styles.item} ${styles.skeleton}`} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <p className={styles.state} data-testid="row-empty">
          {t('common.no_data')}
        </p>
      ) : (
        <div className={styles.row}>
          {shown.map((novel) => (
            <div key={novel.id} className={styles.item} data-testid="row-item">
              <NovelCard novel={novel} imageProxy={imageProxy} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
