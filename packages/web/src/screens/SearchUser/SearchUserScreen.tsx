import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { normaliseKeyword } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { SearchBox } from '../../components/SearchBox/SearchBox.tsx';
import { UserList } from '../../components/UserCard/UserList.tsx';
import { useServerConfig, useServerConfigLoaded } from '../../state/queries/config.ts';
import { useUserSearch } from '../../state/queries/search.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { SearchTabs } from '../Search/SearchTabs.tsx';
import { searchEmpty } from '../Search/searchEmpty.ts';
import styles from './SearchUser.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/**
 * `/search_user/{word}`: users whose name matches, as cards with three works each; self-hosted
 * mode only (elsewhere the 404 page).
 */
export default function SearchUserScreen() {
  const { t } = useTranslation();
  const word = normaliseKeyword(useParams().word ?? '');
  const { imageProxy, selfHosted } = useServerConfig();
  // user search is a self-hosted mode section (spec 000 §1, §6)
  const loaded = useServerConfigLoaded();
  const list = useUserSearch(word, loaded && selfHosted);
  useDocumentTitle(t('search.doc_title_user', { word }), loaded && !selfHosted);
  if (loaded && !selfHosted) return <NotFoundScreen />;
  if (!word) return <Navigate to="/search_user" replace />;
  return (
    <div className={styles.page}>
      <TopBar title={word} />
      <SearchTabs keyword={word} current="/search_user" />
      <SearchBox key={word} target="user" initial={word} />
      <UserList
        list={list}
        imageProxy={imageProxy ?? undefined}
        empty={searchEmpty(t, 'user', word)}
      />
    </div>
  );
}
