import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recommendedFeed } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { WideButton } from '../../components/WideButton/WideButton.tsx';
import type { PagedList } from '../../lib/usePagedList.ts';
import { useServerConfig, useServerConfigLoaded } from '../../state/queries/config.ts';
import { useRecommendedList } from '../../state/queries/home.ts';
import { useClientConfig } from '../../state/settings/client-config.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { NovelHomeList, WorkHomeList } from './HomeListScreens.tsx';
import { HOME_LIST_PARAM, isNovelList, parseHomeList } from './home-lists.ts';
import styles from './Recommended.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

const noop = () => {};

/**
 * Recommended illustrations with 500+ likes, in self-hosted mode (elsewhere the 404 page). The
 * grid does not page as you scroll: it shows the first page, and in local-app mode a load-more
 * button brings the next (spec 000 §2, §6).
 */
function RecommendedIllusts() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { imageProxy: proxy, selfHosted } = useServerConfig();
  const loaded = useServerConfigLoaded();
  const localApp = useClientConfig().useLocalAppApi;
  // a self-hosted mode section (spec 000 §1, §6)
  const list = useRecommendedList(loaded && selfHosted);
  const items = useMemo(() => recommendedFeed(list.items, settings), [list.items, settings]);
  const imageProxy = proxy ?? undefined;
  useDocumentTitle(t('title.osusume_illust'), loaded && !selfHosted);
  if (loaded && !selfHosted) return <NotFoundScreen />;

  const firstPageIn = list.items.length > 0 && !list.loading;
  const more = localApp && !list.finished && !list.error && firstPageIn;
  // Outside local-app mode the first page is the whole list; in it, more comes by the button.
  const grid: PagedList<(typeof items)[number]> = {
    ...list,
    items,
    loadMore: noop,
    finished: list.finished || (!localApp && firstPageIn),
  };
  return (
    <div className={localApp ? styles.manual : undefined}>
      <TopBar title={t('title.osusume_illust')} />
      <ImageGrid list={grid} imageProxy={imageProxy} />
      {localApp && !list.finished && !list.error && (
        <WideButton
          className={styles.loadMore}
          onClick={list.loadMore}
          disabled={!more}
          data-testid="load-more"
        >
          {t(list.loading ? 'common.loading' : 'common.load_more')}
        </WideButton>
      )}
    </div>
  );
}

/**
 * `/osusume_illust` (alias `/recom_illust`): recommended illustrations, or with `?list=` the full
 * list behind another home row's 'more' slide (see home-lists.ts).
 */
export default function RecommendedScreen() {
  const list = parseHomeList(useSearchParams()[0].get(HOME_LIST_PARAM));
  if (list === 'illust') return <RecommendedIllusts />;
  if (isNovelList(list)) return <NovelHomeList key={list} list={list} />;
  return <WorkHomeList key={list} list={list} />;
}
