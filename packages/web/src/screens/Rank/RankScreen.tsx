import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RANK_TYPES,
  isRankTypeVisible,
  rankTypeOf,
  rankTypesOf,
  rankingDateWindow,
  type RankCategory,
} from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useRankingList, useWebRankingList } from '../../state/queries/ranking.ts';
import { useClientConfig } from '../../state/settings/client-config.ts';
import { updateSettings, useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { CategoryMenu } from './CategoryMenu.tsx';
import { categoryTarget } from './category-target.ts';
import { rankingItems } from './ranking-items.ts';
import styles from './RankScreen.module.css';
import { rankPositions } from '../../lib/rank-positions.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

type WebContent = 'illust' | 'ugoira';
const isWebContent = (c: string | null): c is WebContent => c === 'illust' || c === 'ugoira';

/**
 * `/rank/{type}` (spec 000 §2 Ranking): a category popover (overall, illust, ugoira, manga,
 * novel), the types of that category, a calendar and the hide-manga option. Illust and ugoira
 * come from the web ranking (`?content=`), the others from the app API.
 */
export default function RankScreen() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [search, setSearch] = useSearchParams();
  const settings = useSettings();
  const { imageProxy } = useServerConfig();
  // filter-by-favourites: a local-app mode option (spec 000 §1, §6), for this visit
  const localApp = useClientConfig().useLocalAppApi;
  const [hideBookmarked, setHideBookmarked] = useState(false);
  const filterFavs = localApp && hideBookmarked;
  const rankType = rankTypeOf(type);
  const range = rankingDateWindow(new Date());
  const requested = search.get('date') ?? '';
  const date = requested >= range.min && requested <= range.max ? requested : range.defaultDate;
  const contentParam = search.get('content');
  const web = isWebContent(contentParam) ? contentParam : null;
  const category: RankCategory = web ?? rankType?.category ?? 'overall';
  const offered = rankTypesOf(category);
  const appList = useRankingList(rankType?.mode ?? 'day', date, !web);
  const webList = useWebRankingList(rankType?.type ?? 'daily', web ?? 'illust', date, !!web);
  const list = web ? webList : appList;
  const items = rankType
    ? rankingItems(list.items, {
        rankType,
        prefs: settings,
        hideManga: settings.app.hideRankManga,
        hideBookmarked: filterFavs,
      })
    : [];

  // an app-API mode (`day`, as the novel ranking's addresses name it) stands for its type
  const renamed = rankType ? undefined : RANK_TYPES.find((r) => r.mode === type);
  const shown = !!rankType && isRankTypeVisible(rankType, settings.content);
  useDocumentTitle(
    rankType && t('rank.doc_title', { type: t(`rank.types.${rankType.type}`) }),
    !shown && !renamed,
  );
  if (renamed) {
    return (
      <Navigate to={{ pathname: `/rank/${renamed.type}`, search: search.toString() }} replace />
    );
  }
  if (!shown) return <NotFoundScreen />;
  if (web && !offered.includes(rankType)) {
    return <Navigate to={categoryTarget(web, requested)} replace />;
  }
  const visible = offered.filter((r) => isRankTypeVisible(r, settings.content));
  const typeSearch = (extra: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return next.toString();
  };

  return (
    <>
      <TopBar title={t('rank.title')}>
        <CategoryMenu current={category} requested={requested}>
          <label className={styles.toggle}>
            <input
              type="checkbox"
              checked={settings.app.hideRankManga}
              onChange={(e) =>
                updateSettings((s) => ({
                  ...s,
                  app: { ...s.app, hideRankManga: e.target.checked },
                }))
              }
              data-testid="rank-hide-manga"
            />
            {t('rank.hide_manga')}
          </label>
          {localApp && (
            <label className={styles.toggle}>
              <input
                type="checkbox"
                checked={hideBookmarked}
                onChange={(e) => setHideBookmarked(e.target.checked)}
                data-testid="rank-hide-bookmarked"
              />
              {t('rank.hide_bookmarked')}
            </label>
          )}
        </CategoryMenu>
        <input
          type="date"
          className={styles.date}
          aria-label={t('rank.date')}
          data-testid="rank-date"
          min={range.min}
          max={range.max}
          value={date}
          onChange={(e) => e.target.value && setSearch(typeSearch({ date: e.target.value }))}
        />
      </TopBar>
      <nav className={styles.types} aria-label={t('rank.title')}>
        {visible.map((r) => (
          <Link
            key={r.type}
            to={{ pathname: `/rank/${r.type}`, search: search.toString() }}
            className={`${styles.type} ${r.type === rankType.type ? styles.current : ''}`}
            aria-current={r.type === rankType.type ? 'page' : undefined}
          >
            {t(`rank.types.${r.type}`)}
          </Link>
        ))}
      </nav>
      <ImageGrid
        key={`${web ?? 'app'}|${rankType.mode}|${date}|${settings.app.hideRankManga}|${filterFavs}`}
        list={{ ...list, items }}
        imageProxy={imageProxy ?? undefined}
        rankOf={rankPositions(list.items)}
      />
    </>
  );
}
