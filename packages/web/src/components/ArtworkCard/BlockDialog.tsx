import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Artwork } from '@pv/core';
import { addBlock } from '../../state/settings/settings.ts';
import { showToast } from '../../state/ui/toast.ts';
import { Sheet } from '../Sheet/Sheet.tsx';
import styles from './BlockDialog.module.css';

/**
 * The block dialog a long press opens (isLongpressBlock): block the author, or one of the tags.
 * Either goes into the block lists of the settings, which every list filters by.
 */
export function BlockDialog({ artwork, onClose }: { artwork: Artwork; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const block = (what: { authorId?: number; tag?: string }) => {
    addBlock(what);
    showToast('card.blocked');
    ref.current?.close();
  };
  return (
    <Sheet
      titleId={`block-${artwork.id}`}
      title={t('card.block_title')}
      onClose={onClose}
      testId="block-dialog"
      className={styles.dialog}
      dialogRef={ref}
      closeLabel={t('dialog.cancel')}
    >
      <button
        type="button"
        className={styles.author}
        onClick={() => block({ authorId: artwork.author.id })}
        data-testid="block-author"
      >
        {t('card.block_author', { name: artwork.author.name })}
      </button>
      {artwork.tags.length > 0 && <p className={styles.hint}>{t('card.block_tag')}</p>}
      <ul className={styles.tags}>
        {artwork.tags.map((tag) => (
          <li key={tag.name}>
            <button type="button" onClick={() => block({ tag: tag.name })} data-testid="block-tag">
              #{tag.name}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
