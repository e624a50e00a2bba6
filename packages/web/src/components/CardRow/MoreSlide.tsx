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
 * The 'more' slide that ends a home row: a link over a dimmed mosaic of the next pictures. With
 * none behind it (a row of 10 or fewer) the label sits on a plain card instead, so it stays
 * readable.
 */
export function MoreSlide({ to, images, className }: MoreSlideProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={`${className ?? ''} ${styles.more} ${images.length === 0 ? styles.bare : ''}`}
      data-testid="row-more"
    >
      <span className={styles.mosaic} aria-hidden="true">
        {images.map((image) => (
          <img key={image.key} src={image.src} alt="" loading="lazy" />
        ))}
      </span>
      <span className={styles.label}>{t('home.more')}</span>
    </Link>
  );
}
