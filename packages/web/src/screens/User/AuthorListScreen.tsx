import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { PillTabs } from '../../components/PillTabs/PillTabs.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useUserDetail } from '../../state/queries/users.ts';
import {
  AuthorFavoriteNovels,
  AuthorFavorites,
  AuthorNovels,
  AuthorWorks,
} from './AuthorLists.tsx';
import styles from './User.module.css';

type ListKind = 'artworks' | 'novels' | 'favorites' | 'favorite_novels';
const WORK_TYPES = ['illust', 'manga'] as const;

const TITLE: Record<ListKind, string> = {
  artworks: 'title.user_artworks',
  novels: 'title.user_novels',
  favorites: 'title.user_favorites',
  favorite_novels: 'title.user_favorite_novels',
};

/** The list a path names, aliases included (spec 001 §2.1). */
export function authorListKind(pathname: string): ListKind {
  // the bookmark aliases first: /bookmarks/artworks also ends with /artworks
  if (/\/(favorites|bookmarks\/artworks)\/?$/.test(pathname)) return 'favorites';
  if (/\/(favorite_novels|bookmarks\/novels)\/?$/.test(pathname)) return 'favorite_novels';
  if (/\/(artworks|illustrations)\/?$/.test(pathname)) return 'artworks';
  return 'novels';
}

/**
 * The author lists (spec 001 §2.1): `/users/{id}/artworks` (`?type=illust|manga`, alias
 * `/illustrations`), `/novels`, `/favorites` (alias `/bookmarks/artworks`) and `/favorite_novels`
 * (alias `/bookmarks/novels`), each the shared grid over the author's list.
 */
export default function AuthorListScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const kind = authorListKind(useLocation().pathname);
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === 'manga' ? 'manga' : 'illust';
  const user = useUserDetail(id).data;
  const title = t(TITLE[kind]);
  useDocumentTitle(user ? `${user.name} - ${title}` : title);
  return (
    <div className={styles.page}>
      <TopBar title={user ? `${user.name} - ${title}` : title} />
      <div className={styles.listHead}>
        <Link to={`/users/${id}`} className={styles.listAuthor} data-testid="author-link">
          {user?.name ?? t('title.user')}
        </Link>
        {kind === 'artworks' && (
          <PillTabs
            tabs={WORK_TYPES}
            current={type}
            label={(k) => t(k === 'illust' ? 'user.tabs.illusts' : 'user.tabs.manga')}
            onSelect={(k) => setParams({ type: k }, { replace: true })}
            tabTestIdPrefix="author-type"
            param="type"
          />
        )}
      </div>
      {kind === 'artworks' && <AuthorWorks userId={id} type={type} />}
      {kind === 'novels' && <AuthorNovels userId={id} />}
      {kind === 'favorites' && <AuthorFavorites userId={id} />}
      {kind === 'favorite_novels' && <AuthorFavoriteNovels userId={id} />}
    </div>
  );
}
