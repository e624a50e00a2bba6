import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { useNovelSeriesHead, useNovelSeriesNovels } from '../../state/queries/series.ts';
import { useFilteredList } from '../User/useFilteredList.ts';
import { SeriesHeader } from './SeriesHeader.tsx';
import styles from './Series.module.css';

/**
 * `/novel/series/{id}`: a novel series' cover, title, caption, novel count, total characters and
 * author, then its novels in order, paged by `last_order` (spec 001 §2.10, §7.3).
 */
export default function NovelSeriesScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const head = useNovelSeriesHead(id);
  const novels = useFilteredList(useNovelSeriesNovels(id));
  useDocumentTitle(head.data?.title);
  return (
    <div className={styles.page}>
      <TopBar title={head.data?.title ?? t('title.novel_series')} />
      {head.data && <SeriesHeader series={head.data} kind="novel" imageProxy={imageProxy} />}
      <NovelGrid list={novels} imageProxy={imageProxy} />
    </div>
  );
}
