import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MASONRY_GUTTER_PX, type Artwork } from '@pv/core';
import type { PagedList } from '../../lib/usePagedList.ts';
import { distribute, masonryColumns } from '../../lib/masonry.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';
import { useEndReached } from '../../lib/useEndReached.ts';
import { ArtworkCard, cardAspect } from '../ArtworkCard/ArtworkCard.tsx';
import styles from './ImageGrid.module.css';

export interface ImageGridProps {
  list: PagedList<Artwork>;
  imageProxy?: string;
}

/** The masonry grid of artwork cards with the list engine's states and infinite paging. */
export function ImageGrid({ list, imageProxy }: ImageGridProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const columns = masonryColumns(width);
  const laidOut = useMemo(
    () => distribute(list.items, columns, (a) => cardAspect(a) + 0.25),
    [list.items, columns],
  );
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  const empty = list.finished && list.items.length === 0;

  return (
    <div ref={ref} className={styles.grid} data-testid="image-grid">
      <div className={styles.columns} style={{ gap: MASONRY_GUTTER_PX }}>
        {laidOut.map((column, c) => (
          <div key={c} className={styles.column} style={{ gap: MASONRY_GUTTER_PX }}>
            {column.map((artwork) => (
              <ArtworkCard key={artwork.id} artwork={artwork} imageProxy={imageProxy} />
            ))}
          </div>
        ))}
      </div>
      <div ref={sentinel} className={styles.footer} aria-live="polite">
        {list.error ? (
          <button
            type="button"
            className={styles.retry}
            onClick={list.retry}
            data-testid="list-error"
          >
            {t('common.network_error')}
          </button>
        ) : empty ? (
          <span data-testid="list-empty">{t('common.no_data')}</span>
        ) : list.finished ? (
          <span data-testid="list-finished">{t('common.no_more')}</span>
        ) : (
          <span className={styles.loading} data-testid="list-loading">
            {t('common.loading')}
          </span>
        )}
      </div>
    </div>
  );
}
