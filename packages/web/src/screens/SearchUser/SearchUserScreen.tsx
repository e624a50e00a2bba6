import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { filterBlockedUsers, normaliseKeyword } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { SearchBox } from '../../components/SearchBox/SearchBox.tsx';
import { SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { UserCard, UserCardSkeleton } from '../../components/UserCard/UserCard.tsx';
import { useEndReached } from '../../lib/useEndReached.ts';
import { useServerConfig, useServerConfigLoaded } from '../../state/queries/config.ts';
import { useUserSearch } from '../../state/queries/search.ts';
import { useSettings } from '../../state/settings/settings.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { SearchTabs } from '../Search/SearchTabs.tsx';
import styles from './SearchUser.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

const SKELETON_CARDS = 6;

/**
 * `/search_user/{word}`: users whose name matches, as cards with three works each; self-hosted
 * mode only (elsewhere the 404 page).
 */
export default function SearchUserScreen() {
  const { t } = useTranslation();
  const word = normaliseKeyword(useParams().word ?? '');
  const { imageProxy: proxy, selfHosted } = useServerConfig();
  const imageProxy = proxy ?? undefined;
  // user search is a self-hosted mode section (spec 000 §1, §6)
  const loaded = useServerConfigLoaded();
  const list = useUserSearch(word, loaded && selfHosted);
  const { blocks } = useSettings();
  // blocked authors leave the list, like their works leave every other list
  const users = useMemo(() => filterBlockedUsers(list.items, blocks), [list.items, blocks]);
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  const firstLoad = list.loading && list.items.length === 0 && !list.error;
  useDocumentTitle(t('search.doc_title_user', { word }));
  if (loaded && !selfHosted) return <NotFoundScreen />;
  if (!word) return <Navigate to="/search_user" replace />;
  return (
    <div className={styles.page}>
      <TopBar title={word} />
      <SearchTabs />
      <SearchBox key={word} target="user" initial={word} />
      {firstLoad && (
        <SkeletonList count={SKELETON_CARDS} className={styles.grid}>
          {(i) => <UserCardSkeleton key={i} />}
        </SkeletonList>
      )}
      <div className={styles.grid}>
        {users.map((u) => (
          <UserCard key={u.id} user={u} imageProxy={imageProxy} />
        ))}
      </div>
      <div ref={sentinel} className={styles.footer} aria-live="polite">
        {list.error ? (
          <button type="button" onClick={list.retry} data-testid="list-error">
            {t('common.network_error')}
          </button>
        ) : list.finished ? (
          <span data-testid={users.length ? 'list-finished' : 'list-empty'}>
            {t(users.length ? 'common.no_more' : 'common.no_data')}
          </span>
        ) : firstLoad ? null : (
          <span data-testid="list-loading">{t('common.loading')}</span>
        )}
      </div>
    </div>
  );
}
