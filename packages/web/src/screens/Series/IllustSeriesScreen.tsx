import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { useIllustSeriesHead, useIllustSeriesWorks } from '../../state/queries/series.ts';
import { useFilteredList } from '../User/useFilteredList.ts';
import { SeriesHeader } from './SeriesHeader.tsx';
import styles from './Series.module.css';

/**
 * `/user/{uid}/series/{sid}`: an illust series' cover, title, caption and work count, then its
 * works in series order (spec 001 §2.10), a page at most every 1500 ms (spec 001 §9).
 */
export default function IllustSeriesScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().sid);
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const head = useIllustSeriesHead(id);
  const works = useFilteredList(useIllustSeriesWorks(id));
  useDocumentTitle(head.data?.title);
  return (
    <div className={styles.page}>
      <TopBar title={head.data?.title ?? t('title.illust_series')} />
      {head.data && <SeriesHeader series={head.data} kind="illust" imageProxy={imageProxy} />}
      <ImageGrid list={works} imageProxy={imageProxy} />
    </div>
  );
}
