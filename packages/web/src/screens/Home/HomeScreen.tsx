import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RANDOM_ILLUST_LAST_PAGE,
  RANDOM_RANK_MODES,
  discoveryMode,
  homeFeed,
  rankingDateWindow,
  recommendedFeed,
} from '@pv/core';
import { CardRow } from '../../components/CardRow/CardRow.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useSelfHostedRows, useServerConfig } from '../../state/queries/config.ts';
import {
  useLatest,
  useRandomList,
  useRankingHead,
  useRecommended,
  useTrendingTags,
} from '../../state/queries/home.ts';
import { useServerRender } from '../../lib/useServerRender.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { HomeSearchBox } from './HomeSearchBox.tsx';
import { HomePage, LatestOnDemand, RandomSection } from './HomeSections.tsx';
import { RecommendedForYou } from './RecommendedForYou.tsx';
import { SpotlightRow } from './SpotlightRow.tsx';
import { useDiscoveryCard } from '../../state/queries/discovery.ts';
import { homeListHref } from '../Recommended/home-lists.ts';
import { SESSION_SEED } from './seed.ts';
import { useRowState } from '../../state/queries/row-state.ts';

/** Illust home (spec 000 §2): search, ranking, recommended, latest on demand, random feed. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { imageProxy: proxy } = useServerConfig();
  const imageProxy = proxy ?? undefined;

  const tags = useTrendingTags();
  // the server's markup and the app's adoption of it would pick apart (each seeds from its own
  // clock): the box is without one until the app has taken the page over
  const serverRender = useServerRender();
  const placeholder = useMemo(() => {
    const list = tags.data ?? [];
    // a random trending tag, fixed for this page load
    return list.length && !serverRender ? list[Number(SESSION_SEED) % list.length]!.name : '';
  }, [tags.data, serverRender]);
  const { defaultDate } = rankingDateWindow(new Date());
  const ranking = useRankingHead('day', defaultDate);
  // self-hosted mode reveals the recommended, latest and discovery cards (spec 000 §1, §6)
  const { shown: sections, enabled } = useSelfHostedRows();
  const discovery = useDiscoveryCard(discoveryMode(settings.content), enabled);
  const recommended = useRecommended('illust', enabled);
  const [showLatest, setShowLatest] = useState(false);
  const latest = useLatest('illust', enabled && showLatest);
  const random = useRandomList(RANDOM_RANK_MODES, RANDOM_ILLUST_LAST_PAGE, SESSION_SEED);
  const randomItems = useMemo(() => homeFeed(random.items, settings), [random.items, settings]);

  // each row toasts its failure and offers a retry (spec 000 §4, §8)
  const rankingRow = useRowState(ranking);
  const discoveryRow = useRowState(discovery);
  const recommendedRow = useRowState(recommended);
  const latestRow = useRowState(latest);

  return (
    <HomePage>
      <HomeSearchBox placeholder={placeholder} />
      <CardRow
        title={t('home.ranking')}
        to="/rank/daily"
        items={ranking.data && homeFeed(ranking.data, settings)}
        {...rankingRow}
        imageProxy={imageProxy}
        testId="home-ranking"
        first
      />
      <RecommendedForYou imageProxy={imageProxy} />
      <SpotlightRow imageProxy={imageProxy} />
      {sections && (
        <CardRow
          title={t('home.discovery')}
          to="/discovery"
          items={discovery.data && homeFeed(discovery.data, settings)}
          {...discoveryRow}
          imageProxy={imageProxy}
          testId="home-discovery"
          eager
        />
      )}
      {sections && (
        <>
          <CardRow
            title={t('home.recommended')}
            to={homeListHref('illust')}
            items={recommended.data && recommendedFeed(recommended.data, settings)}
            {...recommendedRow}
            imageProxy={imageProxy}
            testId="home-recommended"
            eager
          />
          <LatestOnDemand
            title={t('home.latest')}
            shown={showLatest}
            onShow={() => setShowLatest(true)}
          >
            <CardRow
              title={t('home.latest')}
              to={homeListHref('latest')}
              items={latest.data && homeFeed(latest.data, settings)}
              {...latestRow}
              imageProxy={imageProxy}
              testId="home-latest"
            />
          </LatestOnDemand>
        </>
      )}
      <RandomSection title={t('home.random')}>
        <ImageGrid list={{ ...random, items: randomItems }} imageProxy={imageProxy} belowContent />
      </RandomSection>
    </HomePage>
  );
}
