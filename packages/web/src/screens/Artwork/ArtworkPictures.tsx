import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagesShown, pictureSize, toProxiedImageUrl, type Artwork } from '@pv/core';
import { useFormat } from '../../lib/format.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { UgoiraPlayer } from './UgoiraPlayer.tsx';
import styles from './ArtworkPictures.module.css';

export interface ArtworkPicturesProps {
  artwork: Artwork;
  imageProxy?: string;
  /** A picture was tapped: open the viewer on that page (0-based). */
  onOpen: (page: number) => void;
}

/**
 * The work's pictures at the resolution the settings choose, each fitted to the screen when
 * isImageFitScreen is on, with a page counter on multi-page works. A long work starts shrunk to
 * its first pages and a "show all N" control (spec 001 §2.9). Tapping a picture opens the viewer.
 */
export function ArtworkPictures({ artwork, imageProxy, onOpen }: ArtworkPicturesProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { app } = useSettings();
  const [expanded, setExpanded] = useState(false);
  const shown = pagesShown(artwork.images.length, expanded);
  const multi = artwork.count > 1;
  return (
    <div className={`${styles.pictures} ${app.isImageFitScreen ? styles.fit : ''}`}>
      {artwork.images.slice(0, shown).map((image, page) => {
        const url = app.imgReso === 'Large' ? image.l : image.m;
        // Every page's box is drawn before its picture arrives, so that nothing moves as
        // pictures load. Upstream gives the first page's size only; the pages of a work almost
        // always share it, and a picture of another shape takes its own ratio once loaded.
        const size = pictureSize(url, artwork.width, artwork.height);
        return (
          <div key={page} className={styles.frame}>
            <button
              type="button"
              className={styles.picture}
              onClick={() => onOpen(page)}
              aria-label={t('artwork.open_viewer', { page: page + 1, count: artwork.count })}
              data-testid="artwork-picture"
            >
              <img
                className={styles.image}
                data-testid="artwork-image"
                src={toProxiedImageUrl(url, imageProxy)}
                alt={`${artwork.title} ${page + 1}/${artwork.count}`}
                width={size.width}
                height={size.height}
                loading={page === 0 ? 'eager' : 'lazy'}
                // The first picture is what the page is for: fetch it before anything else.
                fetchPriority={page === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              {multi && (
                <span className={styles.counter} data-testid="artwork-page-counter">
                  {format.number(page + 1)} / {format.number(artwork.count)}
                </span>
              )}
              {page === 0 && artwork.type === 'ugoira' && (
                <span className={styles.ugoira} data-testid="artwork-ugoira-mark">
                  {t('artwork.ugoira')}
                </span>
              )}
            </button>
            {page === 0 && artwork.type === 'ugoira' && (
              <UgoiraPlayer artwork={artwork} imageProxy={imageProxy} />
            )}
          </div>
        );
      })}
      {shown < artwork.images.length && (
        <button
          type="button"
          className={styles.showAll}
          onClick={() => setExpanded(true)}
          data-testid="artwork-show-all"
        >
          {t('artwork.show_all', {
            count: artwork.images.length,
            n: format.number(artwork.images.length),
          })}
        </button>
      )}
    </div>
  );
}
