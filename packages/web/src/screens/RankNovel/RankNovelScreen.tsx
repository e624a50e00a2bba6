import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { filterArtworks, rankingDateWindow } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useNovelRankingList } from '../../state/queries/novels.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { CategoryMenu } from '../Rank/CategoryMenu.tsx';
import styles from '../Rank/RankScreen.module.css';
import {
  isNovelRankMode,
  isNovelRankModeVisible,
  novelRankModeOf,
  visibleNovelRankModes,
} from './novel-rank-types.ts';
import { rankPositions } from '../../lib/rank-positions.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/**
 * `/rank_novel/{type}` (spec 000 §2 Ranking): the novel ranking of one mode and day, with the
 * ranking's category popover and calendar; a new type or date starts a new list.
 */
export default function RankNovelScreen() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [search, setSearch] = useSearchParams();
  const settings = useSettings();
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  const range = rankingDateWindow(new Date());
  const requested = search.get('date') ?? '';
  const date = requested >= range.min && requested <= range.max ? requested : range.defaultDate;
  // a ranking type name (`daily`) stands for its novel mode (`day`): the address says the mode
  const named = novelRankModeOf(type);
  const mode = named ?? 'day';
  const list = useNovelRankingList(mode, date);
  const renamed = named !== undefined && named !== type;
  const shown = isNovelRankMode(type) && isNovelRankModeVisible(type, settings.content);

  useDocumentTitle(
    t('rank.doc_title_novel', { type: t(`rank_novel.types.${mode}`) }),
    !shown && !renamed,
  );
  if (renamed) {
    return (
      <Navigate to={{ pathname: `/rank_novel/${named}`, search: search.toString() }} replace />
    );
  }
  if (!shown) return <NotFoundScreen />;
  const items = filterArtworks(list.items, settings);

  return (
    <>
      <TopBar title={t('title.rank_novel')} shortTitle={t('title.rank_novel_short')}>
        <CategoryMenu current="novel" requested={requested} />
        <input
          type="date"
          className={styles.date}
          aria-label={t('rank.date')}
          data-testid="rank-date"
          min={range.min}
          max={range.max}
          value={date}
          onChange={(e) => {
            if (!e.target.value) return;
            const next = new URLSearchParams(search);
            next.set('date', e.target.value);
            setSearch(next);
          }}
        />
      </TopBar>
      <nav className={styles.types} aria-label={t('title.rank_novel')}>
        {visibleNovelRankModes(settings.content).map((m) => (
          <Link
            key={m}
            to={{ pathname: `/rank_novel/${m}`, search: search.toString() }}
            className={`${styles.type} ${m === type ? styles.current : ''}`}
            aria-current={m === type ? 'page' : undefined}
            data-testid="novel-rank-type"
          >
            {t(`rank_novel.types.${m}`)}
          </Link>
        ))}
      </nav>
      <NovelGrid
        key={`${type}|${date}`}
        list={{ ...list, items }}
        imageProxy={imageProxy}
        rankOf={rankPositions(list.items)}
      />
    </>
  );
}
