import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterArtworks } from '@pv/core';
import { ImageGrid, serverContentWidth } from '../../components/ImageGrid/ImageGrid.tsx';
import { useRelatedWorks } from '../../state/queries/artwork-lists.ts';
import { useSettings } from '../../state/settings/settings.ts';
import styles from './ArtworkScreen.module.css';

/**
 * The related grid's canvas as the server takes it (ArtworkScreen.module.css): from 1000 px the
 * main column beside the 360 px metadata (a 16 px gap, the page's 8 px sides), then the grid's own
 * 8 px sides: 840 px at 1440, 374 px on a 390 px phone, as the app then measures them.
 */
export function relatedCanvasWidth(width: number): number {
  const content = serverContentWidth(width);
  const main = width >= 1000 ? content - 2 * 8 - 16 - 360 : content;
  return Math.max(1, main - 2 * 8);
}

/** The related works: an infinite, content-filtered list under the work (spec 001 §2.9). */
export function RelatedWorks({ id, imageProxy }: { id: number; imageProxy?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const list = useRelatedWorks(id, true);
  const items = useMemo(() => filterArtworks(list.items, settings), [list.items, settings]);
  return (
    <section className={styles.related} aria-labelledby="related-title" data-testid="related">
      <h2 id="related-title" className={styles.sectionTitle}>
        {t('artwork.related')}
      </h2>
      <ImageGrid
        list={{ ...list, items }}
        imageProxy={imageProxy}
        serverWidth={relatedCanvasWidth}
        belowContent
      />
    </section>
  );
}
