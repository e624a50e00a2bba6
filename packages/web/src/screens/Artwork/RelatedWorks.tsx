import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterArtworks } from '@pv/core';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useRelatedWorks } from '../../state/queries/artwork-lists.ts';
import { useSettings } from '../../state/settings/settings.ts';
import styles from './ArtworkScreen.module.css';

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
      <ImageGrid list={{ ...list, items }} imageProxy={imageProxy} />
    </section>
  );
}
