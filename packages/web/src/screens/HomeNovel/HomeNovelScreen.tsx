import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterArtworks, rankingDateWindow, recommendedNovelsFeed } from '@pv/core';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { useSelfHostedRows, useServerConfig } from '../../state/queries/config.ts';
import {
  NOVEL_RANK_DEFAULT,
  useLatestNovels,
  useNovelRankingHead,
  useRandomNovels,
  useRecommendedNovels,
} from '../../state/queries/novels.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { HomePage, LatestOnDemand, RandomSection } from '../Home/HomeSections.tsx';
import { SESSION_SEED } from '../Home/seed.ts';
import { homeListHref } from '../Recommended/home-lists.ts';
import { NovelRow } from './NovelRow.tsx';
import { useRowState } from '../../state/queries/row-state.ts';

/**
 * Novel home (spec 000 §2): new novels on demand, the ranking's top 10 with a view-more link,
 * recommended novels (10 at most) and random novels; the new and recommended ones in self-hosted
 * mode only. Each row shows 10 (NovelRow cuts) and a
 * 'more' slide to its full list.
 */
export default function HomeNovelScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { imageProxy: proxy } = useServerConfig();
  const imageProxy = proxy ?? undefined;
  // self-hosted mode reveals the new and recommended cards, as on the other homes (spec 000 §1)
  const { shown: sections, enabled } = useSelfHostedRows();
  const { defaultDate } = rankingDateWindow(new Date());
  const ranking = useNovelRankingHead(NOVEL_RANK_DEFAULT, defaultDate);
  const recommended = useRecommendedNovels(enabled);
  const [showLatest, setShowLatest] = useState(false);
  const latest = useLatestNovels(enabled && showLatest);
  const random = useRandomNovels(SESSION_SEED);
  const randomItems = useMemo(
    () => filterArtworks(random.items, settings),
    [random.items, settings],
  );
  const rankingTo = `/rank_novel/${NOVEL_RANK_DEFAULT}`;

  // each row toasts its failure and offers a retry (spec 000 §4, §8)
  const latestRow = useRowState(latest);
  const rankingRow = useRowState(ranking);
  const recommendedRow = useRowState(recommended);

  return (
    <HomePage>
      {sections && (
        <LatestOnDemand
          title={t('home.latest_novels')}
          shown={showLatest}
          onShow={() => setShowLatest(true)}
        >
          <NovelRow
            title={t('home.latest_novels')}
            to={homeListHref('latest_novel')}
            items={latest.data && filterArtworks(latest.data, settings)}
            {...latestRow}
            imageProxy={imageProxy}
            testId="home-latest"
          />
        </LatestOnDemand>
      )}
      <NovelRow
        title={t('home.novel_ranking')}
        to={rankingTo}
        items={ranking.data && filterArtworks(ranking.data, settings)}
        {...rankingRow}
        imageProxy={imageProxy}
        testId="home-ranking"
        first
      />
      {sections && (
        <NovelRow
          title={t('home.recommended_novels')}
          to={homeListHref('novel')}
          items={recommended.data && recommendedNovelsFeed(recommended.data, settings)}
          {...recommendedRow}
          imageProxy={imageProxy}
          testId="home-recommended"
        />
      )}
      <RandomSection title={t('home.random_novels')}>
        <NovelGrid list={{ ...random, items: randomItems }} imageProxy={imageProxy} />
      </RandomSection>
    </HomePage>
  );
}
