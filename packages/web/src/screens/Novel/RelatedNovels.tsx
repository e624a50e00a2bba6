import { useTranslation } from 'react-i18next';
import { filterArtworks } from '@pv/core';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { useRelatedNovels } from '../../state/queries/novel.ts';
import { useSettings } from '../../state/settings/settings.ts';
import styles from './NovelScreen.module.css';

/**
 * Novels related to this one, through the content filter: the shared novel grid, finished after
 * page 2 (spec 001 §9).
 */
export function RelatedNovels({ id, imageProxy }: { id: number; imageProxy?: string }) {
  const { t } = useTranslation();
  const list = useRelatedNovels(id);
  const settings = useSettings();
  const items = filterArtworks(list.items, settings);
  return (
    <section className={styles.related} data-testid="novel-related" aria-labelledby="novel-related">
      <h2 id="novel-related" className={styles.sectionTitle}>
        {t('novel.related')}
      </h2>
      <NovelGrid list={{ ...list, items }} imageProxy={imageProxy} />
    </section>
  );
}
