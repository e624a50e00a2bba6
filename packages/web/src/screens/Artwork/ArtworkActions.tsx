import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Artwork } from '@pv/core';
import { ActionButton } from '../../components/ActionButton/ActionButton.tsx';
import { withChunkTimeout } from '../../lib/chunk-error.ts';
import { useBookmark } from '../../state/queries/bookmark.ts';
import { useLocalAppSignedIn } from '../../state/settings/client-config.ts';
import styles from './ArtworkActions.module.css';

// The share sheet and its icon sets load on the first Share, outside the artwork's chunk.
const ShareSheet = lazy(() =>
  withChunkTimeout(() => import('./ShareSheet.tsx')).then((m) => ({ default: m.ShareSheet })),
);

const HEART =
  'M12 21l-1.4-1.3C5.4 15 2 11.9 2 8.1 2 5 4.4 2.6 7.5 2.6c1.7 0 3.4.8 4.5 2.1 1.1-1.3 2.8-2.1 4.5-2.1C19.6 2.6 22 5 22 8.1c0 3.8-3.4 6.9-8.6 11.6z';
const SHARE =
  'M18 16c-.8 0-1.5.3-2 .8l-7.1-4.1c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .2 0 .5.1.7L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.6 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9S19.6 16 18 16z';
const DOWNLOAD = 'M5 20h14v-2H5zm14-11h-4V3H9v6H5l7 7z';

function BookmarkButton({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation();
  const { bookmarked, busy, toggle } = useBookmark(artwork);
  return (
    <ActionButton
      icon={HEART}
      lit={bookmarked ? 'like' : undefined}
      aria-pressed={bookmarked}
      aria-busy={busy}
      onClick={toggle}
      data-testid="artwork-bookmark"
    >
      {t(bookmarked ? 'artwork.bookmarked' : 'card.bookmark')}
    </ActionButton>
  );
}

export interface ArtworkActionsProps {
  artwork: Artwork;
  /** The page the download button saves (0-based): the one last viewed. */
  page: number;
  /** A page (0-based), or every page (one zip). */
  onDownload: (page: number | 'all') => void;
}

/**
 * Bookmark (signed in, the state machine of spec 000 §4), share and download of the current
 * page. A work whose first picture is pixiv's limit placeholder has none of them (spec 001 §2.9).
 */
export function ArtworkActions({ artwork, page, onDownload }: ArtworkActionsProps) {
  const { t } = useTranslation();
  const signedIn = useLocalAppSignedIn();
  const [sharing, setSharing] = useState(false);
  return (
    <div className={styles.actions} data-testid="artwork-actions">
      {signedIn && <BookmarkButton artwork={artwork} />}
      <ActionButton icon={SHARE} onClick={() => setSharing(true)} data-testid="artwork-share">
        {t('share.button')}
      </ActionButton>
      <ActionButton icon={DOWNLOAD} onClick={() => onDownload(page)} data-testid="artwork-download">
        {artwork.count > 1 ? t('artwork.download_page', { page: page + 1 }) : t('artwork.download')}
      </ActionButton>
      {artwork.count > 1 && artwork.type !== 'ugoira' && (
        <ActionButton
          icon={DOWNLOAD}
          onClick={() => onDownload('all')}
          data-testid="artwork-download-all"
        >
          {t('artwork.download_all', { count: artwork.count })}
        </ActionButton>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareSheet
            shared={{
              url: `${window.location.origin}/artworks/${artwork.id}`,
              title: `${artwork.title} / ${artwork.author.name}`,
            }}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
