import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  homeFeed,
  recommendedUsersFeed,
  toProxiedImageUrl,
  webRecommendedUserPreview,
} from '@pv/core';
import { PillTabs } from '../../components/PillTabs/PillTabs.tsx';
import { UserCard } from '../../components/UserCard/UserCard.tsx';
import { useForYouIllusts, useForYouUsers } from '../../state/queries/web-session.ts';
import { useWebSession } from '../../state/settings/client-config.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { Skeleton, SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import styles from './RecommendedForYou.module.css';

type Tab = 'illusts' | 'users';
const TABS: readonly Tab[] = ['illusts', 'users'];

/**
 * Home's 'recommended for you' (spec 000 §2, §6): for a session login only, tabs of works and of
 * users pixiv recommends to the account. Both lists pass the content filter; users whose works
 * look adult or who are left with none are dropped. A failed call shows as an empty list.
 */
export function RecommendedForYou({ imageProxy }: { imageProxy?: string }) {
  return useWebSession() ? <ForYouBlock imageProxy={imageProxy} /> : null;
}

function ForYouBlock({ imageProxy }: { imageProxy?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [tab, setTab] = useState<Tab>('illusts');
  const illusts = useForYouIllusts();
  const users = useForYouUsers();
  const works = useMemo(() => homeFeed(illusts.data ?? [], settings), [illusts.data, settings]);
  const people = useMemo(
    () => recommendedUsersFeed(users.data ?? [], settings).map(webRecommendedUserPreview),
    [users.data, settings],
  );
  const pending = tab === 'illusts' ? illusts.isPending : users.isPending;
  const empty = tab === 'illusts' ? works.length === 0 : people.length === 0;

  return (
    <section className={styles.block} aria-label={t('home.for_you')} data-testid="home-for-you">
      <h2 className={styles.heading}>{t('home.for_you')}</h2>
      <PillTabs
        tabs={TABS}
        current={tab}
        label={(name) => t(`home.for_you_${name}`)}
        onSelect={setTab}
        tabTestIdPrefix="for-you-tab"
        className={styles.tabs}
      />
      <div role="tabpanel" data-testid={`for-you-${tab}`}>
        {pending ? (
          <SkeletonList count={6} className={styles.row} testId="for-you-loading">
            {(i) => <Skeleton key={i} className={styles.skeleton} />}
          </SkeletonList>
        ) : empty ? (
          <p className={styles.empty} data-testid="for-you-empty">
            {t('common.no_data')}
          </p>
        ) : tab === 'illusts' ? (
          <div className={styles.row}>
            {works.map((a) => (
              <Link
                key={a.id}
                to={`/artworks/${a.id}`}
                className={styles.item}
                title={a.title}
                data-testid="for-you-work"
              >
                <img
                  src={toProxiedImageUrl(a.images[0]?.s ?? a.thumbnail, imageProxy)}
                  alt={a.title}
                  loading="lazy"
                  decoding="async"
                />
              </Link>
            ))}
          </div>
        ) : (
          <div className={styles.users}>
            {people.map((u) => (
              <UserCard key={u.id} user={u} imageProxy={imageProxy} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
