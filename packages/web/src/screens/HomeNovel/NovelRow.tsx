import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardRow, toProxiedImageUrl, type Novel } from '@pv/core';
import { Skeleton, SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { NovelCard } from '../../components/NovelCard/NovelCard.tsx';
import { MoreSlide } from '../../components/CardRow/MoreSlide.tsx';
import styles from './HomeNovel.module.css';
import { RowScroller } from '../../components/CardRow/RowScroller.tsx';
import { RowEmpty } from '../../components/CardRow/RowEmpty.tsx';

export interface NovelRowProps {
  title: string;
  /** Where the title, the view-more link and the 'more' slide lead. */
  to: string;
  /** The row's novels, already filtered; the row shows 10 and a 'more' slide. */
  items: Novel[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  imageProxy?: string;
  testId: string;
  /** The page's first row: its first covers load at once (CardRow's `first`). */
  first?: boolean;
}

/** The covers of a first row fetched at once: the cards a 390 px phone shows of it. */
const FIRST_ROW_COVERS = 2;

/**
 * A home card of novels: a titled, horizontally scrolling row of 10 novels and a 'more' slide
 * whose background shows the covers of items 10 to 15 (spec 000 §2), with its loading and error
 * states.
 */
export function NovelRow({
  title,
  to,
  items,
  loading,
  error,
  onRetry,
  imageProxy,
  testId,
  first = false,
}: NovelRowProps) {
  const { t } = useTranslation();
  const { shown, more } = cardRow(items ?? []);
  return (
    <section className={styles.card} data-testid={testId} aria-label={title}>
      <h2 className={styles.heading}>
        <Link to={to}>{title}</Link>
        <Link to={to} className={styles.viewMore} data-testid="row-view-more">
          {t('home.view_more')}
        </Link>
      </h2>
      {error ? (
        <button type="button" className={styles.state} onClick={onRetry} data-testid="row-error">
          {t('common.network_error')}
        </button>
      ) : loading && shown.length === 0 ? (
        <SkeletonList count={3} className={styles.row} testId="row-loading">
          {(i) => <Skeleton key={i} className={`${styles.item} ${styles.skeleton}`} />}
        </SkeletonList>
      ) : shown.length === 0 ? (
        <RowEmpty kind="novels" className={styles.state} />
      ) : (
        <RowScroller className={styles.row}>
          {shown.map((novel, i) => (
            <div key={novel.id} className={styles.item} data-testid="row-item">
              <NovelCard
                novel={novel}
                imageProxy={imageProxy}
                priority={first && i < FIRST_ROW_COVERS}
              />
            </div>
          ))}
          <MoreSlide
            to={to}
            className={`${styles.item} ${styles.more}`}
            images={more.map((novel) => ({
              key: novel.id,
              src: toProxiedImageUrl(novel.images[0]?.m ?? novel.thumbnail, imageProxy),
            }))}
          />
        </RowScroller>
      )}
    </section>
  );
}
