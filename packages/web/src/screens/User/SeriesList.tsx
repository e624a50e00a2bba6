import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl, type Series } from '@pv/core';
import type { PagedList } from '../../lib/usePagedList.ts';
import { useEndReached } from '../../lib/useEndReached.ts';
import styles from './User.module.css';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';

/** A user's series as cards (cover, title, count) linking to each series page. */
export function SeriesList({
  list,
  kind,
  imageProxy,
}: {
  list: PagedList<Series>;
  kind: 'illust' | 'novel';
  imageProxy?: string;
}) {
  const { t } = useTranslation();
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  return (
    <>
      <div className={styles.seriesGrid}>
        {list.items.map((s) => (
          <Link
            key={s.id}
            to={kind === 'illust' ? `/user/${s.user.id}/series/${s.id}` : `/novel/series/${s.id}`}
            className={styles.seriesCard}
            data-testid="series-card"
          >
            <span className={`${styles.seriesCover} ${kind === 'novel' ? styles.novelCover : ''}`}>
              {s.cover && (
                <img src={toProxiedImageUrl(s.cover, imageProxy)} alt="" loading="lazy" />
              )}
            </span>
            <span className={styles.seriesTitle}>{s.title}</span>
            <span className={styles.seriesCount}>
              {t(kind === 'illust' ? 'series.works' : 'series.episodes', {
                count: s.count,
                n: s.count,
              })}
            </span>
          </Link>
        ))}
      </div>
      <ListFooter ref={sentinel} list={list} quietFirstLoad={false} />
    </>
  );
}
