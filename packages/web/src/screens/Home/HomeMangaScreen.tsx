import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RANDOM_ILLUST_LAST_PAGE,
  RANDOM_MANGA_RANK_MODES,
  filterArtworks,
  rankingDateWindow,
} from '@pv/core';
import { CardRow } from '../../components/CardRow/CardRow.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useSelfHostedRows, useServerConfig } from '../../state/queries/config.ts';
import {
  useLatest,
  useRandomList,
  useRankingHead,
  useRecommended,
} from '../../state/queries/home.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { HomePage, LatestOnDemand, RandomSection } from './HomeSections.tsx';
import { homeListHref } from '../Recommended/home-lists.ts';
import { SESSION_SEED } from './seed.ts';
import { useRowState } from '../../state/queries/row-state.ts';

/** Manga home (spec 000 §2): manga ranking, recommended, latest on demand, random manga. */
export default function HomeMangaScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { imageProxy: proxy } = useServerConfig();
  const imageProxy = proxy ?? undefined;
  // self-hosted mode reveals the recommended and latest cards (spec 000 §1, §6)
  const { shown: sections, enabled } = useSelfHostedRows();
  const { defaultDate } = rankingDateWindow(new Date());
  const ranking = useRankingHead('day_manga', defaultDate);
  const recommended = useRecommended('manga', enabled);
  const [showLatest, setShowLatest] = useState(false);
  const latest = useLatest('manga', enabled && showLatest);
  const random = useRandomList(RANDOM_MANGA_RANK_MODES, RANDOM_ILLUST_LAST_PAGE, SESSION_SEED);
  const randomItems = useMemo(
    () => filterArtworks(random.items, settings),
    [random.items, settings],
  );

  // each row toasts its failure and offers a retry (spec 000 §4, §8)
  const rankingRow = useRowState(ranking);
  const recommendedRow = useRowState(recommended);
  const latestRow = useRowState(latest);

  return (
    <HomePage>
      <CardRow
        title={t('home.manga_ranking')}
        to="/rank/daily_manga"
        items={ranking.data && filterArtworks(ranking.data, settings)}
        {...rankingRow}
        imageProxy={imageProxy}
        testId="home-ranking"
        first
      />
      {sections && (
        <>
          <CardRow
            title={t('home.recommended_manga')}
            to={homeListHref('manga')}
            items={recommended.data && filterArtworks(recommended.data, settings)}
            {...recommendedRow}
            imageProxy={imageProxy}
            testId="home-recommended"
            eager
          />
          <LatestOnDemand
            title={t('home.latest_manga')}
            shown={showLatest}
            onShow={() => setShowLatest(true)}
          >
            <CardRow
              title={t('home.latest_manga')}
              to={homeListHref('latest_manga')}
              items={latest.data && filterArtworks(latest.data, settings)}
              {...latestRow}
              imageProxy={imageProxy}
              testId="home-latest"
            />
          </LatestOnDemand>
        </>
      )}
      <RandomSection title={t('home.random_manga')}>
        <ImageGrid list={{ ...random, items: randomItems }} imageProxy={imageProxy} belowContent />
      </RandomSection>
    </HomePage>
  );
}
