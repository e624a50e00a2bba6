import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RANK_TYPES,
  filterArtworks,
  isRankTypeVisible,
  rankTypeOf,
  rankingDateWindow,
} from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useRankingList } from '../../state/queries/ranking.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import styles from './RankScreen.module.css';

export default function RankScreen() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [search, setSearch] = useSearchParams();
  const settings = useSettings();
  const { imageProxy } = useServerConfig();
  const rankType = rankTypeOf(type);
  const range = rankingDateWindow(new Date());
  const requested = search.get('date') ?? '';
  const date = requested >= range.min && requested <= range.max ? requested : range.defaultDate;
  const list = useRankingList(rankType?.mode ?? 'day', date);
  if (!rankType || !isRankTypeVisible(rankType, settings.content)) return <NotFoundScreen />;
  const visible = RANK_TYPES.filter((r) => isRankTypeVisible(r, settings.content));
  const filtered = { ...list, items: filterArtworks(list.items, settings) };

  return (
    <>
      <TopBar title={t('rank.title')}>
        <input
          type="date"
          className={styles.date}
          aria-label={t('rank.date')}
          data-testid="rank-date"
          min={range.min}
          max={range.max}
          value={date}
          onChange={(e) => e.target.value && setSearch({ date: e.target.value })}
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
        key={`${rankType.mode}|${date}`}
        list={filtered}
        imageProxy={imageProxy ?? undefined}
      />
    </>
  );
}
