import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CARD_ASPECT_MAX,
  CARD_ASPECT_MIN,
  isAiArtwork,
  toProxiedImageUrl,
  type Artwork,
} from '@pv/core';
import styles from './ArtworkCard.module.css';

export interface ArtworkCardProps {
  artwork: Artwork;
  imageProxy?: string;
}

/** The card's image height over width, clamped to 50–160 % (spec 000 §5 Card). */
export function cardAspect(artwork: Pick<Artwork, 'width' | 'height'>): number {
  const ratio = artwork.width > 0 ? artwork.height / artwork.width : 1;
  return Math.min(CARD_ASPECT_MAX, Math.max(CARD_ASPECT_MIN, ratio));
}

/** Image card: image, title, author, R-18 / R-18G / AI tags, page count, ugoira play icon. */
export const ArtworkCard = memo(function ArtworkCard({ artwork, imageProxy }: ArtworkCardProps) {
  const { t } = useTranslation();
  const aspect = cardAspect(artwork);
  return (
    <article className={styles.card} data-testid="artwork-card">
      <Link
        to={`/artworks/${artwork.id}`}
        className={styles.imageLink}
        style={{ paddingBottom: `${aspect * 100}%` }}
      >
        <img
          className={styles.image}
          src={toProxiedImageUrl(artwork.images[0]?.m ?? artwork.thumbnail, imageProxy)}
          alt={artwork.title}
          loading="lazy"
          decoding="async"
        />
        <span className={styles.badges}>
          {artwork.x_restrict === 1 && (
            <span className={`${styles.badge} ${styles.r18}`}>R-18</span>
          )}
          {artwork.x_restrict === 2 && (
            <span className={`${styles.badge} ${styles.r18g}`}>R-18G</span>
          )}
          {isAiArtwork(artwork) && <span className={`${styles.badge} ${styles.ai}`}>AI</span>}
        </span>
        {artwork.count > 1 && (
          <span
            className={styles.count}
            data-testid="artwork-card-count"
            aria-label={t('artwork.pages', { count: artwork.count, n: artwork.count })}
          >
            {artwork.count}
          </span>
        )}
        {artwork.type === 'ugoira' && <span className={styles.play} aria-hidden="true" />}
      </Link>
      <div className={styles.meta}>
        <Link
          to={`/artworks/${artwork.id}`}
          className={styles.title}
          data-testid="artwork-card-title"
        >
          {artwork.title}
        </Link>
        <Link
          to={`/users/${artwork.author.id}`}
          className={styles.author}
          data-testid="artwork-card-author"
        >
          {artwork.author.name}
        </Link>
      </div>
    </article>
  );
});
