import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl, type Artwork } from '@pv/core';
import { useIllust } from '../../state/queries/illust.ts';
import { useBackCloses } from '../../lib/useBackCloses.ts';
import styles from './ArtworkViewer.module.css';

export interface ArtworkViewerProps {
  artwork: Artwork;
  imageProxy?: string;
  /** One page at a time with previous and next (isUseFancybox), instead of all pages in a column. */
  lightbox: boolean;
  onClose: () => void;
}

/**
 * The full-size viewer a card's title opens (spec 000 §2 "Image card"): the large image of every
 * page over the page, or a lightbox of one page at a time. A list item without all its pages
 * loads the artwork's detail for them. Escape, the close button or the backdrop close it.
 */
export function ArtworkViewer({ artwork, imageProxy, lightbox, onClose }: ArtworkViewerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const partial = artwork.count > artwork.images.length;
  const { data } = useIllust(partial ? artwork.id : 0);
  const images = partial && data ? data.images : artwork.images;
  const [index, setIndex] = useState(0);
  const page = Math.min(index, images.length - 1);
  const go = (step: number) => setIndex((page + step + images.length) % images.length);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  useBackCloses(true, () => ref.current?.close());

  const onKeyDown = (e: KeyboardEvent) => {
    if (!lightbox || images.length < 2) return;
    if (e.key === 'ArrowRight') go(1);
    if (e.key === 'ArrowLeft') go(-1);
  };
  const src = (i: number) => toProxiedImageUrl(images[i]!.l, imageProxy);

  return (
    // Arrow keys and a backdrop click are conveniences: the close button and Esc (native to
    // <dialog>) are the keyboard ways out, the page buttons the keyboard way between pages.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-label={artwork.title}
      data-testid="artwork-viewer"
      data-mode={lightbox ? 'lightbox' : 'viewer'}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(e) => e.target === e.currentTarget && ref.current?.close()}
    >
      <button
        type="button"
        className={styles.close}
        aria-label={t('card.close')}
        onClick={() => ref.current?.close()}
        data-testid="artwork-viewer-close"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" />
        </svg>
      </button>
      {lightbox ? (
        // A backdrop click closes, as on the dialog itself (Esc for the keyboard).
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div
          className={styles.stage}
          onClick={(e) => e.target === e.currentTarget && ref.current?.close()}
        >
          <img
            key={page}
            className={styles.single}
            src={src(page)}
            alt={`${artwork.title} ${page + 1}/${images.length}`}
            data-testid="artwork-viewer-image"
          />
          {images.length > 1 && (
            <>
              <button
                type="button"
                className={styles.prev}
                aria-label={t('card.prev')}
                onClick={() => go(-1)}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
                </svg>
              </button>
              <button
                type="button"
                className={styles.next}
                aria-label={t('card.next')}
                onClick={() => go(1)}
                data-testid="artwork-viewer-next"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z" />
                </svg>
              </button>
              <span className={styles.counter} data-testid="artwork-viewer-counter">
                {page + 1} / {images.length}
              </span>
            </>
          )}
        </div>
      ) : (
        <div className={styles.column}>
          {images.map((_, i) => (
            <img
              key={i}
              className={styles.page}
              src={src(i)}
              alt={`${artwork.title} ${i + 1}/${images.length}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              data-testid="artwork-viewer-image"
            />
          ))}
        </div>
      )}
    </dialog>
  );
}
