import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { filterArtworks, keepSearchResult } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { SearchBox } from '../../components/SearchBox/SearchBox.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import {
  NOVEL_SEARCH_MODES,
  useNovelSearch,
  type NovelSearch,
} from '../../state/queries/novels.ts';
import { useSensitiveWords } from '../../state/queries/search.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { SearchFilters } from '../Search/SearchFilters.tsx';
import { SearchTabs } from '../Search/SearchTabs.tsx';
import { searchEmpty } from '../Search/searchEmpty.ts';
import styles from '../Search/Search.module.css';
import { planNovelSearch } from './novel-search.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/** A refused or empty search asks for nothing; its list stays empty and finished. */
const REFUSED: NovelSearch = {
  word: '',
  hideAi: false,
  mode: 'partial_match_for_tags',
  sort: 'date_desc',
};

/**
 * `/search_novel/{keyword}` (spec 000 §2 Search): novel results with the search filters (target,
 * order, period, dates, minimum favourites); a filter change resets the list and searches again.
 */
export default function SearchNovelResultsScreen() {
  const { t } = useTranslation();
  const keyword = useParams().keyword ?? '';
  const [params, setParams] = useSearchParams();
  const settings = useSettings();
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const sensitive = useSensitiveWords();
  const plan = planNovelSearch(keyword, params, settings.content, {
    sensitiveWords: sensitive.words,
    blockedWords: settings.blocks.tags,
  });
  const search = plan.kind === 'search' ? plan.search : REFUSED;
  // nothing goes out before the keyword is checked against the sensitive words
  const list = useNovelSearch(search, plan.kind === 'search' && sensitive.ready);
  const dropAdult = plan.kind === 'search' && plan.dropAdult;
  const minFav = plan.kind === 'search' ? plan.minFav : undefined;
  const items = useMemo(
    () =>
      filterArtworks(list.items, settings).filter((n) =>
        keepSearchResult(n, {
          dropAdult,
          minFav,
          minLikes: settings.app.searchMinFav,
          blockedWords: settings.blocks.tags,
        }),
      ),
    [list.items, settings, dropAdult, minFav],
  );
  useDocumentTitle(t('search.doc_title_novel', { word: keyword.trim() }));
  if (plan.kind === 'empty') return <Navigate to="/search_novel" replace />;
  if (plan.kind === 'artwork') return <Navigate to={`/artworks/${plan.id}`} replace />;

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const f = search;

  return (
    <div className={styles.page}>
      <TopBar title={keyword.trim()} />
      <SearchTabs keyword={keyword.trim()} current="/search_novel" />
      <SearchBox key={keyword} target="novel" initial={keyword} />
      <SearchFilters
        values={{ ...f, order: f.sort, minFav }}
        modes={NOVEL_SEARCH_MODES}
        modeKey="search.novel_modes"
        set={set}
        reset={() => setParams(new URLSearchParams(), { replace: true })}
        count={
          list.loading && items.length === 0
            ? undefined
            : { shown: items.length, more: !list.finished }
        }
      />
      <NovelGrid
        key={JSON.stringify(search)}
        list={
          sensitive.ready ? { ...list, items } : { ...list, items, loading: true, finished: false }
        }
        imageProxy={imageProxy}
        empty={searchEmpty(t, 'novel', keyword.trim())}
      />
    </div>
  );
}
