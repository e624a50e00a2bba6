import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAiArtwork, type Artwork, type ArtworkTag } from '@pv/core';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { useLongPress } from '../../lib/useLongPress.ts';
import { addBlock } from '../../state/settings/settings.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './ArtworkMeta.module.css';

/** What a long press offers to block: a tag, or the author (by id). */
export type BlockTarget = { tag: string } | { authorId: number; name: string };

/** The confirm dialog a long press on a tag or the author id opens; OK adds it to the block list. */
export function BlockConfirm({ target, onDone }: { target: BlockTarget; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t('card.block_title')}
      message={
        'tag' in target
          ? t('artwork.block_tag', { tag: target.tag })
          : t('artwork.block_author', { name: target.name, id: target.authorId })
      }
      onConfirm={() => {
        addBlock('tag' in target ? { tag: target.tag } : { authorId: target.authorId });
        showToast('card.blocked');
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

function TagLink({ tag, onLongPress }: { tag: ArtworkTag; onLongPress: () => void }) {
  const { wrapClick, ...press } = useLongPress(onLongPress);
  return (
    <li>
      <Link
        to={`/search/${encodeURIComponent(tag.name)}`}
        className={styles.tag}
        data-testid="artwork-tag"
        {...press}
        onClick={(e) => wrapClick(() => undefined)(e)}
        draggable={false}
      >
        <span className={styles.tagName}>#{tag.name}</span>
        {tag.translated_name && (
          <span className={styles.translated} data-testid="artwork-tag-translated">
            {tag.translated_name}
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * The R-18 / R-18G / AI marks and the tags, each a link to its search with its translated name.
 * A long press on a tag (800 ms, cancelled by a 10 px move) offers to block it.
 */
export function ArtworkTags({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation();
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  return (
    <>
      <ul className={styles.tags} aria-label={t('artwork.tags')}>
        {artwork.x_restrict > 0 && (
          <li className={styles.restrict}>{artwork.x_restrict === 2 ? 'R-18G' : 'R-18'}</li>
        )}
        {isAiArtwork(artwork) && <li className={styles.restrict}>{t('artwork.ai')}</li>}
        {artwork.tags.map((tag) => (
          <TagLink key={tag.name} tag={tag} onLongPress={() => setBlocking({ tag: tag.name })} />
        ))}
      </ul>
      {blocking && <BlockConfirm target={blocking} onDone={() => setBlocking(null)} />}
    </>
  );
}
