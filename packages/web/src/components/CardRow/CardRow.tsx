import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardRow, toProxiedImageUrl, type Artwork } from '@pv/core';
import { useEagerInRow } from '../../lib/first-screen.ts';
import { useGalleryLink } from '../../state/ui/gallery-list.ts';
import { Skeleton, SkeletonList } from '../ImageGrid/Skeleton.tsx';
import { MoreSlide } from './MoreSlide.tsx';
import { RowScroller } from './RowScroller.tsx';
import styles from './CardRow.module.css';
import { RowEmpty } from './RowEmpty.tsx';

export interface CardRowProps {
  title: string;
  /** Where the title and the 'more' slide lead. */
  to?: string;
  /** The row's works, already filtered; the row shows 10 and a 'more' slide. */
  items: Artwork[] | undefined;
  /**
   * The works behind the 'more' slide, when the row splits them itself (the artwork page's
   * author carousel); `items` are then all shown. Absent: items 10–15 (spec 000 §2).
   */
  more?: Artwork[];
  loading: boolean;
  error: boolean;
  onRetry?: () => void;
  imageProxy?: string;
  testId: string;
  /**
   * The page's first row: the pictures the window shows of it load with the HTML, the first ones
   * before the page's others (lib/first-screen.ts).
   */
  first?: boolean;
  /**
   * A row in the page's first screen below the first (the homes' rows above their 'latest' row):
   * the pictures the window shows of it load with the HTML (three on a 390 px phone, ten at
   * 1440 px: 148 px an item), the rest as the browser's lazy loading brings them near.
   */
  eager?: boolean;
}

/** The pictures of a first row fetched at high priority: the cards a 390 px phone shows of it. */
export const FIRST_ROW_PICTURES = 3;

/** A row item's width and the gap after it (CardRow.module.css `.item`, `.row`), px. */
const ROW_ITEM_PX = 140 + 8;

/** A home card: a titled row of 10 works and a 'more' slide whose background uses items 10–15. */
export function CardRow({
  title,
  to,
  items,
  more: moreItems,
  loading,
  error,
  onRetry,
  imageProxy,
  testId,
  first = false,
  eager = false,
}: CardRowProps) {
  const eagerItems = useEagerInRow(ROW_ITEM_PX);
  const { t } = useTranslation();
  const { shown, more } = moreItems
    ? { shown: items ?? [], more: moreItems }
    : cardRow(items ?? []);
  // a work opened from the row knows its neighbours in it (the artwork page's swipe and ←/→)
  const gallery = useGalleryLink(shown);
  return (
    <section className={styles.card} data-testid={testId} aria-label={title}>
      <h2 className={styles.heading}>{to ? <Link to={to}>{title}</Link> : title}</h2>
      {error ? (
        <button type="button" className={styles.state} onClick={onRetry} data-testid="row-error">
          {t('common.network_error')}
        </button>
      ) : loading && shown.length === 0 ? (
        <SkeletonList count={6} className={styles.row} testId="row-loading">
          {(i) => <Skeleton key={i} className={styles.skeleton} />}
        </SkeletonList>
      ) : shown.length === 0 ? (
        <RowEmpty kind="works" className={styles.state} />
      ) : (
        <RowScroller className={styles.row}>
          {shown.map((a, i) => (
            <Link
              key={a.id}
              to={`/artworks/${a.id}`}
              state={gallery.state}
              onClick={gallery.remember}
              className={styles.item}
              data-testid="row-item"
              title={a.title}
            >
              {/* The caption names the link: the picture, repeating it, is decorative. */}
              <img
                src={toProxiedImageUrl(a.images[0]?.s ?? a.thumbnail, imageProxy)}
                alt=""
                loading={(first || eager) && i < eagerItems ? 'eager' : 'lazy'}
                fetchPriority={first && i < FIRST_ROW_PICTURES ? 'high' : undefined}
                decoding="async"
              />
              <span className={styles.caption}>{a.title}</span>
            </Link>
          ))}
          {to && (
            <MoreSlide
              to={to}
              className={styles.item}
              images={more.map((a) => ({
                key: a.id,
                src: toProxiedImageUrl(a.images[0]?.s ?? a.thumbnail, imageProxy),
              }))}
            />
          )}
        </RowScroller>
      )}
    </section>
  );
}
