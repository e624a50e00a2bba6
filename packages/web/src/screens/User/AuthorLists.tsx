/**
 * The author's lists, each the shared grid or list over one query (spec 001 §2.1, §2.11): shown
 * in the profile's tabs and on the author list pages. Content-filtered; member lists page at most
 * every 2500 ms (the query hooks).
 */
import { useTranslation } from 'react-i18next';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import type { EmptyMessage } from '../../components/ListFooter/EmptyState.tsx';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { UserList } from '../../components/UserCard/UserList.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { useViewerId } from '../../state/queries/me.ts';
import { useUserIllustSeries, useUserNovelSeries } from '../../state/queries/series.ts';
import {
  useRelatedUsers,
  useUserFavoriteNovels,
  useUserFavorites,
  useUserNovels,
  useUserTagWorks,
  useUserWorks,
} from '../../state/queries/users.ts';
import { SeriesList } from './SeriesList.tsx';
import { useFilteredList } from './useFilteredList.ts';

const useProxy = () => useServerConfig().imageProxy ?? undefined;

/**
 * An empty bookmark list: the viewer's own has none yet; another user's may be private (pixiv
 * lists only public bookmarks), which the list cannot tell from none.
 */
function useBookmarksEmpty(userId: number): EmptyMessage {
  const { t } = useTranslation();
  const own = useViewerId() === userId;
  return own
    ? { title: t('empty.my_bookmarks'), hint: t('empty.my_bookmarks_hint') }
    : { title: t('empty.user_bookmarks'), hint: t('empty.user_bookmarks_hint') };
}

export function AuthorWorks({ userId, type }: { userId: number; type: 'illust' | 'manga' }) {
  const list = useFilteredList(useUserWorks(userId, type));
  return <ImageGrid key={type} list={list} imageProxy={useProxy()} />;
}

export function AuthorTagWorks({ userId, tag }: { userId: number; tag: string }) {
  const list = useFilteredList(useUserTagWorks(userId, tag));
  return <ImageGrid key={tag} list={list} imageProxy={useProxy()} />;
}

export function AuthorNovels({ userId }: { userId: number }) {
  const list = useFilteredList(useUserNovels(userId));
  return <NovelGrid list={list} imageProxy={useProxy()} />;
}

export function AuthorFavorites({ userId }: { userId: number }) {
  const list = useFilteredList(useUserFavorites(userId));
  return <ImageGrid list={list} imageProxy={useProxy()} empty={useBookmarksEmpty(userId)} />;
}

export function AuthorFavoriteNovels({ userId }: { userId: number }) {
  const list = useFilteredList(useUserFavoriteNovels(userId));
  return <NovelGrid list={list} imageProxy={useProxy()} empty={useBookmarksEmpty(userId)} />;
}

export function AuthorIllustSeries({ userId }: { userId: number }) {
  return <SeriesList kind="illust" list={useUserIllustSeries(userId)} imageProxy={useProxy()} />;
}

export function AuthorNovelSeries({ userId }: { userId: number }) {
  return <SeriesList kind="novel" list={useUserNovelSeries(userId)} imageProxy={useProxy()} />;
}

export function RelatedUsers({ userId }: { userId: number }) {
  return <UserList list={useRelatedUsers(userId)} imageProxy={useProxy()} />;
}
