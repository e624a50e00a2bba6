import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMMENTS_FIRST_PAGE, COMMENTS_FIRST_POPUP, filterComments, type Artwork } from '@pv/core';
import { useCommentRoots, usePostedComments, withPosted } from '../../state/queries/comments.ts';
import { useLocalAppSignedIn } from '../../state/settings/client-config.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { Sheet } from '../../components/Sheet/Sheet.tsx';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import styles from './Comments.module.css';

interface ThreadProps {
  artwork: Artwork;
  imageProxy?: string;
  /** Roots of the first load: 3 on the page, 10 in the popup. */
  first: number;
  /** 'view more' loads 30 more here (the popup); on the page it opens the popup. */
  onMore: () => void;
  inPopup: boolean;
}

function Thread({ artwork, imageProxy, first, onMore, inPopup }: ThreadProps) {
  const { t } = useTranslation();
  const { blocks } = useSettings();
  const signedIn = useLocalAppSignedIn();
  const roots = useCommentRoots(artwork.id, first);
  const mine = usePostedComments(artwork.id, 0);
  const shown = filterComments(withPosted(mine, roots.comments, 'posted-first'), blocks);
  return (
    <>
      {signedIn && <CommentForm illustId={artwork.id} />}
      {shown.length > 0 ? (
        <ul className={styles.list}>
          {shown.map((c) => (
            <CommentItem
              key={c.id}
              illustId={artwork.id}
              comment={c}
              imageProxy={imageProxy}
              canPost={signedIn}
            />
          ))}
        </ul>
      ) : (
        !roots.loading && !roots.error && <p className={styles.state}>{t('comment.none')}</p>
      )}
      {roots.error && (
        <button type="button" className={styles.more} onClick={roots.retry}>
          {t('common.network_error')}
        </button>
      )}
      {roots.hasMore && !roots.error && (
        <button
          type="button"
          className={styles.more}
          onClick={inPopup ? roots.more : onMore}
          disabled={roots.loading}
          data-testid="comments-more"
        >
          {t(roots.loading ? 'common.loading' : inPopup ? 'comment.more' : 'comment.view_all')}
        </button>
      )}
    </>
  );
}

/** The comments popup: 10 roots first, 30 per 'view more'; a route change closes it. */
function CommentsPopup(props: Omit<ThreadProps, 'first' | 'inPopup'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const opened = useRef(location.key);
  // Leaving (a link inside, back) closes the popup instead of leaving it over the next page.
  useEffect(() => {
    if (location.key !== opened.current) props.onClose();
  }, [location.key, props]);
  return (
    <Sheet
      titleId="comments-popup-title"
      title={t('comment.title')}
      onClose={props.onClose}
      testId="comments-popup"
      className={styles.popup}
      stickyHead
    >
      <Thread {...props} first={COMMENTS_FIRST_POPUP} inPopup />
    </Sheet>
  );
}

/** The comments under the work (spec 001 §2.12): 3 roots, then the popup for the rest. */
export function Comments({ artwork, imageProxy }: { artwork: Artwork; imageProxy?: string }) {
  const { t } = useTranslation();
  const [popup, setPopup] = useState(false);
  return (
    <section className={styles.comments} aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className={styles.title}>
        {t('comment.title')}
      </h2>
      <Thread
        artwork={artwork}
        imageProxy={imageProxy}
        first={COMMENTS_FIRST_PAGE}
        onMore={() => setPopup(true)}
        inPopup={false}
      />
      {popup && (
        <CommentsPopup
          artwork={artwork}
          imageProxy={imageProxy}
          onMore={() => undefined}
          onClose={() => setPopup(false)}
        />
      )}
    </section>
  );
}
