import { useCallback } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  filterArtworks,
  homeFeed,
  recommendedNovelsFeed,
  type Artwork,
  type Novel,
} from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { useServerConfig, useServerConfigLoaded } from '../../state/queries/config.ts';
import { useLatest, useRecommended } from '../../state/queries/home.ts';
import { useLatestNovels, useRecommendedNovels } from '../../state/queries/novels.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { useFirstPageList } from './first-page-list.ts';
import { HOME_LIST_TITLE } from './home-lists.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

type NovelQuery = UseQueryResult<Novel[]>;

/**
 * Recommended manga, latest illustrations or latest manga in full (the first page, as pixiv
 * gives it), filtered as their home rows are; self-hosted mode only, like those rows.
 */
export function WorkHomeList({ list }: { list: 'manga' | 'latest' | 'latest_manga' }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { imageProxy, selfHosted } = useServerConfig();
  const loaded = useServerConfigLoaded();
  const on = loaded && selfHosted;
  const recommended = useRecommended('manga', on && list === 'manga');
  const latest = useLatest(list === 'latest' ? 'illust' : 'manga', on && list !== 'manga');
  // the illustration rows leave out manga, multi-page and AI works; the manga rows filter only
  const filter = useCallback(
    (items: Artwork[]) =>
      list === 'latest' ? homeFeed(items, settings) : filterArtworks(items, settings),
    [list, settings],
  );
  const grid = useFirstPageList(list === 'manga' ? recommended : latest, filter);
  useDocumentTitle(t(HOME_LIST_TITLE[list]), loaded && !selfHosted);
  if (loaded && !selfHosted) return <NotFoundScreen />;
  return (
    <>
      <TopBar title={t(HOME_LIST_TITLE[list])} />
      <ImageGrid list={grid} imageProxy={imageProxy ?? undefined} />
    </>
  );
}

function NovelListView({ list, query }: { list: 'novel' | 'latest_novel'; query: NovelQuery }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { imageProxy: proxy, selfHosted } = useServerConfig();
  const imageProxy = proxy ?? undefined;
  const gone = useServerConfigLoaded() && !selfHosted;
  // recommended novels are 10 at most here too, as on their home row (spec 000 §2)
  const filter = useCallback(
    (items: Novel[]) =>
      list === 'novel' ? recommendedNovelsFeed(items, settings) : filterArtworks(items, settings),
    [list, settings],
  );
  const grid = useFirstPageList(query, filter);
  useDocumentTitle(t(HOME_LIST_TITLE[list]), gone);
  if (gone) return <NotFoundScreen />;
  return (
    <>
      <TopBar title={t(HOME_LIST_TITLE[list])} />
      <NovelGrid list={grid} imageProxy={imageProxy} />
    </>
  );
}

/** Whether the self-hosted sections may be asked for (spec 000 §1). */
function useSelfHostedOn() {
  const loaded = useServerConfigLoaded();
  return useServerConfig().selfHosted && loaded;
}

function RecommendedNovelList() {
  return <NovelListView list="novel" query={useRecommendedNovels(useSelfHostedOn())} />;
}

function LatestNovelList() {
  return <NovelListView list="latest_novel" query={useLatestNovels(useSelfHostedOn())} />;
}

/** Recommended or new novels in full (the first page), filtered as their home rows are; self-hosted mode only. */
export function NovelHomeList({ list }: { list: 'novel' | 'latest_novel' }) {
  return list === 'novel' ? <RecommendedNovelList /> : <LatestNovelList />;
}
