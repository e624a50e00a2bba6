import { Link } from 'react-router';
import { toProxiedImageUrl } from '@pv/core';
import type { SpotlightCardItem } from '../../state/queries/spotlights.ts';
import { Skeleton } from '../ImageGrid/Skeleton.tsx';
import styles from './SpotlightCard.module.css';
import { DateTime } from '../DateTime/DateTime.tsx';

/** A pixivision article card: cover, title and date; leads to the article's detail screen. */
export function SpotlightCard({
  article,
  to,
  imageProxy,
}: {
  article: SpotlightCardItem;
  to: string;
  imageProxy?: string;
}) {
  return (
    <Link to={to} className={styles.card} data-testid="spotlight-card">
      <span className={styles.cover}>
        <img
          src={toProxiedImageUrl(article.cover, imageProxy)}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </span>
      <span className={styles.title} data-testid="spotlight-card-title">
        {article.title}
      </span>
      {article.date && <DateTime className={styles.date} value={article.date} show="date" />}
    </Link>
  );
}

/** The card's placeholder while the list loads: the cover, two lines of title and the date. */
export function SpotlightCardSkeleton() {
  return (
    <span className={styles.card}>
      <Skeleton className={styles.skeletonCover} />
      <Skeleton shape="line" style={{ width: '90%' }} />
      <Skeleton shape="line" style={{ width: '60%' }} />
      <Skeleton shape="line" className={styles.date} style={{ width: '30%' }} />
    </span>
  );
}
