import { useTranslation } from 'react-i18next';
import type { Artwork } from '@pv/core';
import { useBookmark } from '../../state/queries/bookmark.ts';
import styles from './ArtworkCard.module.css';

/** The card's bookmark heart (local-app mode, signed in): toggles at once, rolled back on failure. */
export function BookmarkHeart({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation();
  const { bookmarked, busy, toggle } = useBookmark(artwork);
  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={bookmarked}
      aria-busy={busy}
      aria-label={t(bookmarked ? 'card.unbookmark' : 'card.bookmark')}
      onClick={toggle}
      data-testid="bookmark-heart"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 21l-1.4-1.3C5.4 15 2 11.9 2 8.1 2 5 4.4 2.6 7.5 2.6c1.7 0 3.4.8 4.5 2.1 1.1-1.3 2.8-2.1 4.5-2.1C19.6 2.6 22 5 22 8.1c0 3.8-3.4 6.9-8.6 11.6z" />
      </svg>
    </button>
  );
}
