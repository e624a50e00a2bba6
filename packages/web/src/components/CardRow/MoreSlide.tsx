import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './MoreSlide.module.css';

export interface MoreSlideProps {
  to: string;
  /** The pictures behind the label: items 10 to 15 of a row (spec 000 §2), already proxied. */
  images: readonly { key: number | string; src: string }[];
  /** The row's item class (size and place in the row). */
  className?: string;
}

/**
 * The pictures in mosaic rows, so that any count covers the whole slide (no empty cell): one row
 * up to three, then two rows, the first never shorter.
 */
export function mosaicRows<T>(items: readonly T[]): T[][] {
  if (items.length === 0) return [];
  if (items.length <= 3) return [[...items]];
  const first = Math.ceil(items.length / 2);
  return [items.slice(0, first), items.slice(first)];
}

/**
 * The 'more' slide that ends a home row: a link over a dimmed mosaic of the next pictures. With
 * none behind it (a row of 10 or fewer) the label sits on a plain card instead, so it stays
 * readable.
 */
export function MoreSlide({ to, images, className }: MoreSlideProps) {
  const { t } = useTranslation();
  const rows = mosaicRows(images);
  return (
    <Link
      to={to}
      className={`${className ?? ''} ${styles.more} ${images.length === 0 ? styles.bare : ''}`}
      data-testid="row-more"
    >
      <span className={styles.mosaic} aria-hidden="true">
        {rows.map((row) => (
          <span key={row[0]!.key} className={styles.mosaicRow}>
            {row.map((image) => (
              <img key={image.key} src={image.src} alt="" loading="lazy" />
            ))}
          </span>
        ))}
      </span>
      <span className={styles.label}>{t('home.more')}</span>
    </Link>
  );
}
