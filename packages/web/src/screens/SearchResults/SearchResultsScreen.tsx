import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  SEARCH_MODES,
  filterArtworks,
  keepSearchResult,
  parseSearchFilters,
  planSearch,
} from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { CardRow } from '../../components/CardRow/CardRow.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { SearchBox } from '../../components/SearchBox/SearchBox.tsx';
import { useServerConfig, useServerConfigLoaded } from '../../state/queries/config.ts';
import {
  useIllustSearch,
  usePopularPreview,
  useSensitiveWords,
} from '../../state/queries/search.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { SearchFilters } from '../Search/SearchFilters.tsx';
import { SearchTabs } from '../Search/SearchTabs.tsx';
import styles from '../Search/Search.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { searchEmpty } from '../Search/searchEmpty.ts';

/**
 * `/search/{keyword}` (and `/s/{keyword}`): illustration and manga results with the filters of
 * spec 000 §2 (mode, order, duration, dates, minimum favourites); a filter change resets the
 * list and searches again.
 */
export default function SearchResultsScreen() {
  const { t } = useTranslation();
  const keyword = useParams().keyword ?? '';
  const [params, setParams] = useSearchParams();
  const filters = parseSearchFilters(params);
  const settings = useSettings();
  const { imageProxy, selfHosted } = useServerConfig();
  const sensitive = useSensitiveWords();
  const plan = planSearch(keyword, settings.content, {
    sensitiveWords: sensitive.words,
    blockedWords: settings.blocks.tags,
  });
  const search =
    plan.kind === 'search'
      ? { word: plan.word, hideAi: plan.hideAi, filters }
      : { word: '', hideAi: false, filters };
  // nothing goes out before the keyword is checked against the sensitive words
  const list = useIllustSearch(search, plan.kind === 'search' && sensitive.ready);
  // self-hosted mode unlocks the popular preview (spec 000 §1, §6)
  const configLoaded = useServerConfigLoaded();
  const withPreview = configLoaded && selfHosted && plan.kind === 'search' && sensitive.ready;
  const preview = usePopularPreview(search.word, filters.mode, withPreview);
  const dropAdult = plan.kind === 'search' && plan.dropAdult;
  const items = useMemo(
    () =>
      filterArtworks(list.items, settings).filter((a) =>
        keepSearchResult(a, {
          dropAdult,
          minFav: filters.minFav,
          minLikes: settings.app.searchMinFav,
          blockedWords: settings.blocks.tags,
        }),
      ),
    [list.items, settings, dropAdult, filters.minFav],
  );
  const previewItems = useMemo(
    () =>
      preview.data &&
      filterArtworks(preview.data, settings).filter((a) =>
        keepSearchResult(a, {
          dropAdult,
          minLikes: settings.app.searchMinFav,
          blockedWords: settings.blocks.tags,
        }),
      ),
    [preview.data, settings, dropAdult],
  );
  useDocumentTitle(t('search.doc_title', { word: keyword.trim() }));
  if (plan.kind === 'empty') return <Navigate to="/search" replace />;
  if (plan.kind === 'artwork') return <Navigate to={`/artworks/${plan.id}`} replace />;

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <div className={styles.page}>
      <TopBar title={keyword.trim()} />
      <SearchTabs keyword={keyword.trim()} current="/search" />
      <SearchBox key={keyword} target="illust" initial={keyword} />
      <SearchFilters
        values={filters}
        modes={SEARCH_MODES}
        modeKey="search.modes"
        set={set}
        reset={() => setParams(new URLSearchParams(), { replace: true })}
        count={
          list.loading && items.length === 0
            ? undefined
            : { shown: items.length, more: !list.finished }
        }
      />
      {withPreview && (
        <CardRow
          title={t('search.popular_preview')}
          items={previewItems}
          loading={preview.isPending}
          error={preview.isError}
          onRetry={() => void preview.refetch()}
          imageProxy={imageProxy ?? undefined}
          testId="popular-preview"
        />
      )}
      <ImageGrid
        key={JSON.stringify(search)}
        list={
          sensitive.ready ? { ...list, items } : { ...list, items, loading: true, finished: false }
        }
        imageProxy={imageProxy ?? undefined}
        empty={searchEmpty(t, 'illust', keyword.trim())}
      />
    </div>
  );
}
