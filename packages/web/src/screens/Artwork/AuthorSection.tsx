import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authorCarousel, filterArtworks, toProxiedImageUrl, type Artwork } from '@pv/core';
import { CardRow } from '../../components/CardRow/CardRow.tsx';
import { FollowButton } from '../../components/FollowButton/FollowButton.tsx';
import { useLongPress } from '../../lib/useLongPress.ts';
import { useAuthorWorks } from '../../state/queries/artwork-lists.ts';
import { useCanFollow } from '../../state/queries/follow.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { BlockConfirm } from './ArtworkTags.tsx';
import styles from './ArtworkMeta.module.css';

interface AuthorProps {
  artwork: Artwork;
  imageProxy?: string;
}

/** The author card: avatar and name (to the profile) and the id, whose long press offers a block. */
export function AuthorCard({ artwork, imageProxy }: AuthorProps) {
  const { t } = useTranslation();
  const { author } = artwork;
  const [blocking, setBlocking] = useState(false);
  const { wrapClick, ...press } = useLongPress(() => setBlocking(true));
  const canFollow = useCanFollow(author.id);
  return (
    <div className={styles.author}>
      <Link to={`/users/${author.id}`} className={styles.authorLink} data-testid="artwork-author">
        <img src={toProxiedImageUrl(author.avatar, imageProxy)} alt="" className={styles.avatar} />
        <span>{author.name}</span>
      </Link>
      <button
        type="button"
        className={styles.authorId}
        title={t('artwork.author_id_hint')}
        {...press}
        onClick={wrapClick(() => undefined)}
        data-testid="artwork-author-id"
      >
        ID {author.id}
      </button>
      {canFollow && <FollowButton key={author.id} user={author} />}
      {blocking && (
        <BlockConfirm
          target={{ authorId: author.id, name: author.name }}
          onDone={() => setBlocking(false)}
        />
      )}
    </div>
  );
}

/**
 * The author's other works as a carousel, only with 10 or more of them; the last 5 go to the
 * 'more' slide, which opens the author's works (spec 001 §2.9).
 */
export function AuthorWorks({ artwork, imageProxy }: AuthorProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const works = useAuthorWorks(artwork.author.id, true);
  const carousel = useMemo(
    () => authorCarousel(filterArtworks(works.data ?? [], settings), artwork.id),
    [works.data, settings, artwork.id],
  );
  // Until the works arrive (after the app has taken a server-rendered page over), the row's
  // placeholders hold its place: the related works under it would otherwise move down when it
  // appears. An author with fewer than 10 works gets no row, and that rarer case still moves them.
  const loading = works.isPending && artwork.author.id > 0;
  if (!carousel && !loading) return null;
  return (
    <CardRow
      title={t('artwork.author_works', { name: artwork.author.name })}
      to={`/users/${artwork.author.id}/artworks`}
      items={carousel?.shown}
      more={carousel?.more}
      loading={loading}
      error={false}
      imageProxy={imageProxy}
      testId="artwork-author-works"
    />
  );
}
