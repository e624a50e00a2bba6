import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CARD_ASPECT_MAX,
  CARD_ASPECT_MIN,
  isAiArtwork,
  toProxiedImageUrl,
  type Artwork,
} from '@pv/core';
import { downloadArtwork } from '../../lib/download.ts';
import { useFormat } from '../../lib/format.ts';
import { useLazyImage } from '../../lib/useLazyImage.ts';
import { useLongPress } from '../../lib/useLongPress.ts';
import { useLocalAppSignedIn } from '../../state/settings/client-config.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { useGalleryContext } from '../../state/ui/gallery-list.ts';
import { showToast } from '../../state/ui/toast.ts';
import { ArtworkViewer } from './ArtworkViewer.tsx';
import { BlockDialog } from './BlockDialog.tsx';
import { BookmarkHeart } from './BookmarkHeart.tsx';
import { RankBadge } from './RankBadge.tsx';
import styles from './ArtworkCard.module.css';

export interface ArtworkCardProps {
  artwork: Artwork;
  imageProxy?: string;
  /** The work's place in a ranking (1 is first), shown on the image. */
  rank?: number;
  /**
   * In the first screen of a page the server rendered, or near enough that the browser's lazy
   * loading would fetch it at the page's first layout: its picture loads with the page's HTML.
   */
  eager?: boolean;
}

/** Height of the card's title and author block, px (the grid places cards by it). */
export const CARD_META_HEIGHT_PX = 52;

/** The card's image height over width, clamped to 50–160 % (spec 000 §5 Card). */
export function cardAspect(artwork: Pick<Artwork, 'width' | 'height'>): number {
  const ratio = artwork.width > 0 ? artwork.height / artwork.width : 1;
  return Math.min(CARD_ASPECT_MAX, Math.max(CARD_ASPECT_MIN, ratio));
}

/**
 * Image card: image, title, author, R-18 / R-18G / AI tags, page count, ugoira play icon. It fills
 * the box its grid gives it: the image takes what the meta block leaves. The settings choose
 * rounded corners, the meta under the image or on it, and the medium or large image.
 * The image opens the artwork; the title opens the full-size viewer (or the lightbox); a long
 * press downloads or offers to block, as set; signed in, a heart toggles the bookmark.
 */
export const ArtworkCard = memo(function ArtworkCard({
  artwork,
  imageProxy,
  rank,
  eager = false,
}: ArtworkCardProps) {
  const { t } = useTranslation();
  const { app } = useSettings();
  // Hearts need the app API with the user's token: the local-app mode, not a web session.
  const signedIn = useLocalAppSignedIn();
  const format = useFormat();
  const [open, setOpen] = useState<'viewer' | 'block' | null>(null);
  const gallery = useGalleryContext();
  const longPress = app.isLongpressDL ? 'download' : app.isLongpressBlock ? 'block' : null;
  const { wrapClick, ...press } = useLongPress(() => {
    if (longPress === 'block') setOpen('block');
    if (longPress === 'download') {
      showToast('card.downloading');
      void downloadArtwork(artwork, {
        template: app.dlFileNameTpl,
        imageProxy,
        folder: app.preferDownloadByFsa,
        subDirByAuthor: app.dlSubDirByAuthor,
      });
    }
  });
  // The observer mode loads by the spec's margins; otherwise the browser's lazy loading.
  const lazy = useLazyImage<HTMLImageElement>(app.isImgLazy && app.isImgLazyOb);
  const first = artwork.images[0];
  const src = (app.imgReso === 'Large' ? first?.l : first?.m) ?? artwork.thumbnail;
  const className = [
    styles.card,
    app.isImageCardBorderRadius ? '' : styles.square,
    app.isImageCardOuterMeta ? '' : styles.innerMeta,
  ].join(' ');
  return (
    <article
      className={className}
      data-testid="artwork-card"
      data-outer-meta={app.isImageCardOuterMeta}
    >
      <div className={styles.media}>
        <Link
          to={`/artworks/${artwork.id}`}
          state={gallery?.state}
          className={styles.imageLink}
          data-long-press={longPress ?? undefined}
          {...(longPress ? press : {})}
          onClick={(e) => {
            if (longPress) wrapClick(() => undefined)(e);
            if (!e.defaultPrevented) gallery?.remember();
          }}
        >
          <img
            ref={lazy.ref}
            className={styles.image}
            src={lazy.visible ? toProxiedImageUrl(src, imageProxy) : undefined}
            alt={artwork.title}
            loading={app.isImgLazy && !app.isImgLazyOb && !eager ? 'lazy' : 'eager'}
            decoding="async"
          />
          <span className={styles.badges}>
            {rank !== undefined && <RankBadge rank={rank} />}
            {artwork.x_restrict === 1 && (
              <span className={`${styles.badge} ${styles.r18}`} data-testid="badge-r18">
                R-18
              </span>
            )}
            {artwork.x_restrict === 2 && (
              <span className={`${styles.badge} ${styles.r18g}`} data-testid="badge-r18g">
                R-18G
              </span>
            )}
            {isAiArtwork(artwork) && (
              <span className={`${styles.badge} ${styles.ai}`} data-testid="badge-ai">
                AI
              </span>
            )}
          </span>
          {artwork.count > 1 && (
            <span
              className={styles.count}
              data-testid="artwork-card-count"
              aria-label={t('artwork.pages', {
                count: artwork.count,
                n: format.number(artwork.count),
              })}
            >
              {/* Stacked pages: the chip reads as a page count, not as a second rank number. */}
              <svg viewBox="0 0 24 24" aria-hidden="true" data-testid="artwork-card-count-icon">
                <path d="M8 3h11a2 2 0 0 1 2 2v11h-2V5H8zM3 9a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
              </svg>
              {format.number(artwork.count)}
            </span>
          )}
          {artwork.type === 'ugoira' && (
            <span className={styles.play} aria-hidden="true" data-testid="artwork-card-ugoira" />
          )}
        </Link>
        {signedIn && <BookmarkHeart artwork={artwork} />}
      </div>
      <div className={styles.meta}>
        <Link
          to={`/artworks/${artwork.id}`}
          className={styles.title}
          data-testid="artwork-card-title"
          onClick={(e) => {
            // The link stays for a new tab; a plain click opens the viewer.
            e.preventDefault();
            setOpen('viewer');
          }}
        >
          {artwork.title}
        </Link>
        {/* a work pixiv withholds from this account comes with no author (id 0, no name): no
            link to a user that does not exist, nor an empty one */}
        {artwork.author.id > 0 && (
          <Link
            to={`/users/${artwork.author.id}`}
            className={styles.author}
            data-testid="artwork-card-author"
          >
            {artwork.author.name}
          </Link>
        )}
      </div>
      {open === 'viewer' && (
        <ArtworkViewer
          artwork={artwork}
          imageProxy={imageProxy}
          lightbox={app.isUseFancybox}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'block' && <BlockDialog artwork={artwork} onClose={() => setOpen(null)} />}
    </article>
  );
});
