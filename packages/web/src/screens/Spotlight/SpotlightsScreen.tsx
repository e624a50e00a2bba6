import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SPOTLIGHT_TABS, type SpotlightTab } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import {
  SpotlightCard,
  SpotlightCardSkeleton,
} from '../../components/SpotlightCard/SpotlightCard.tsx';
import cardStyles from '../../components/SpotlightCard/SpotlightCard.module.css';
import { useEndReached } from '../../lib/useEndReached.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { useSpotlightLang, useSpotlightList } from '../../state/queries/spotlights.ts';
import styles from './Spotlight.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';

const SKELETON_CARDS = 8;

/** `/spotlights` (alias `/pixivision`): pixivision articles in seven tabs, paged as you scroll. */
export default function SpotlightsScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const requested = search.get('tab');
  const tab: SpotlightTab = (SPOTLIGHT_TABS as readonly string[]).includes(requested ?? '')
    ? (requested as SpotlightTab)
    : 'illustration';
  const lang = useSpotlightLang();
  const list = useSpotlightList(tab, lang);
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  const firstLoad = list.loading && list.items.length === 0;

  useDocumentTitle(t('title.spotlights'));
  return (
    <>
      <TopBar title={t('title.spotlights')} />
      <nav className={styles.tabs} aria-label={t('title.spotlights')} data-testid="spotlight-tabs">
        {SPOTLIGHT_TABS.map((x) => (
          <Link
            key={x}
            to={{ search: `?tab=${x}` }}
            replace
            className={`${styles.tab} ${x === tab ? styles.active : ''}`}
            aria-current={x === tab ? 'page' : undefined}
          >
            {t(`spotlight.tabs.${x}`)}
          </Link>
        ))}
      </nav>
      {firstLoad ? (
        <SkeletonList count={SKELETON_CARDS} className={cardStyles.grid}>
          {(i) => <SpotlightCardSkeleton key={i} />}
        </SkeletonList>
      ) : (
        <div className={cardStyles.grid} key={`${tab}|${lang}`}>
          {list.items.map((a) => (
            <SpotlightCard
              key={a.id}
              article={a}
              to={`/spotlight/${a.id}`}
              imageProxy={imageProxy}
            />
          ))}
        </div>
      )}
      <ListFooter ref={sentinel} list={list} />
    </>
  );
}
