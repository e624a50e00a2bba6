import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MIN_FAV_TAGS,
  SEARCH_DURATIONS,
  SEARCH_FIRST_DATE,
  SEARCH_ORDERS,
  filterArtworks,
  keepSearchResult,
} from '@pv/core';
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
import { SearchTabs } from '../Search/SearchTabs.tsx';
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
  const today = new Date().toISOString().slice(0, 10);
  const f = search;

  return (
    <div className={styles.page}>
      <TopBar title={keyword.trim()} />
      <SearchTabs />
      <SearchBox key={keyword} target="novel" initial={keyword} />
      <div className={styles.filters} aria-label={t('search.filters')} data-testid="search-filters">
        <label>
          {t('search.mode')}
          <select
            value={f.mode}
            onChange={(e) => set('mode', e.target.value)}
            data-testid="filter-mode"
          >
            {NOVEL_SEARCH_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`search.novel_modes.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.order')}
          <select
            value={f.sort}
            onChange={(e) => set('order', e.target.value)}
            data-testid="filter-order"
          >
            {SEARCH_ORDERS.map((o) => (
              <option key={o} value={o}>
                {t(`search.orders.${o}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.duration')}
          <select
            value={f.duration ?? ''}
            onChange={(e) => set('duration', e.target.value)}
            data-testid="filter-duration"
          >
            <option value="">{t('search.durations.any')}</option>
            {SEARCH_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(`search.durations.${d}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.start_date')}
          <input
            type="date"
            min={SEARCH_FIRST_DATE}
            max={f.end_date ?? today}
            value={f.start_date ?? ''}
            onChange={(e) => set('start_date', e.target.value)}
            data-testid="filter-start"
          />
        </label>
        <label>
          {t('search.end_date')}
          <input
            type="date"
            min={f.start_date ?? SEARCH_FIRST_DATE}
            max={today}
            value={f.end_date ?? ''}
            onChange={(e) => set('end_date', e.target.value)}
            data-testid="filter-end"
          />
        </label>
        <label>
          {t('search.min_fav')}
          <select
            value={minFav ?? ''}
            onChange={(e) => set('min_fav', e.target.value)}
            data-testid="filter-min-fav"
          >
            <option value="">{t('search.min_fav_any')}</option>
            {MIN_FAV_TAGS.map((n) => (
              <option key={n} value={n}>
                {t('search.min_fav_tag', { n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <NovelGrid
        key={JSON.stringify(search)}
        list={
          sensitive.ready ? { ...list, items } : { ...list, items, loading: true, finished: false }
        }
        imageProxy={imageProxy}
      />
    </div>
  );
}
