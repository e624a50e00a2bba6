import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { filterLives, toProxiedImageUrl } from '@pv/core';
import { Skeleton, SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { useEndReached } from '../../lib/useEndReached.ts';
import { useFormat } from '../../lib/format.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { useLiveList } from '../../state/queries/lives.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { HomeTabs } from '../Home/HomeTabs.tsx';
import styles from './Live.module.css';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';

const SKELETON_CARDS = 8;

/** `/lives`: live streams now, most watched first; adult ones only for R-18 users. */
export default function LivesScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const settings = useSettings();
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const list = useLiveList();
  const lives = useMemo(
    () => filterLives(list.items, settings.content.r18),
    [list.items, settings],
  );
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  const firstLoad = list.loading && list.items.length === 0 && !list.error;
  return (
    <div className={styles.page}>
      <HomeTabs />
      {firstLoad && (
        <SkeletonList count={SKELETON_CARDS} className={styles.grid}>
          {(i) => (
            <span key={i} className={styles.card}>
              <Skeleton className={styles.thumbSkeleton} />
              <Skeleton shape="line" style={{ width: '80%' }} />
              <Skeleton shape="line" style={{ width: '45%' }} />
            </span>
          )}
        </SkeletonList>
      )}
      <div className={styles.grid}>
        {lives.map((live) => (
          <Link
            key={live.id}
            to={`/live/${live.id}`}
            className={styles.card}
            data-testid="live-card"
          >
            <span className={styles.thumb}>
              <img src={toProxiedImageUrl(live.thumbnail, imageProxy)} alt="" loading="lazy" />
              <span className={styles.badge}>LIVE</span>
              {live.is_r18 && <span className={styles.adult}>R-18</span>}
            </span>
            <span className={styles.name} data-testid="live-card-name">
              {live.name}
            </span>
            <span className={styles.owner}>
              <img src={toProxiedImageUrl(live.owner.avatar, imageProxy)} alt="" loading="lazy" />
              {live.owner.name}
            </span>
            <span className={styles.count}>
              {t('live.watching', { n: format.number(live.member_count) })}
            </span>
          </Link>
        ))}
      </div>
      <ListFooter ref={sentinel} list={list} shown={lives.length} />
    </div>
  );
}
