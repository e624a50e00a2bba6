import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { Skeleton, SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { SearchBox, type SearchTarget } from '../../components/SearchBox/SearchBox.tsx';
import { useServerConfig, useServerConfigLoaded } from '../../state/queries/config.ts';
import { useTrendingTags } from '../../state/queries/home.ts';
import { useRecommendedUserList } from '../../state/queries/search.ts';
import { UserList } from '../../components/UserCard/UserList.tsx';
import { useNovelTrendingTags } from '../../state/queries/novels.ts';
import NotFoundScreen from '../NotFound/NotFoundScreen.tsx';
import { ImageSearch } from './ImageSearch.tsx';
import { SearchTabs } from './SearchTabs.tsx';
import styles from './Search.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { EmptyState } from '../../components/ListFooter/EmptyState.tsx';

const SKELETON_TILES = 12;

function targetOf(pathname: string): SearchTarget {
  if (pathname.startsWith('/search_novel')) return 'novel';
  if (pathname.startsWith('/search_user')) return 'user';
  return 'illust';
}

/**
 * `/search`, `/search_novel`, `/search_user`: the search box, tabs, and the trending tag grid, or
 * on the Users tab the recommended users (as pixiv's user search page shows them).
 */
export default function SearchHomeScreen() {
  const { t } = useTranslation();
  const target = targetOf(useLocation().pathname);
  const { imageProxy: proxy, selfHosted } = useServerConfig();
  const imageProxy = proxy ?? undefined;
  const loaded = useServerConfigLoaded();
  const illustTags = useTrendingTags();
  const novelTags = useNovelTrendingTags(target === 'novel');
  const tags = target === 'novel' ? novelTags : illustTags;
  const resultPath = target === 'novel' ? '/search_novel' : '/search';
  // user search is a self-hosted mode section (spec 000 §1, §6)
  const userTabGone = target === 'user' && loaded && !selfHosted;
  const users = useRecommendedUserList(target === 'user' && loaded && selfHosted);
  useDocumentTitle(t(target === 'illust' ? 'title.search' : `title.search_${target}`), userTabGone);
  if (userTabGone) return <NotFoundScreen />;
  return (
    <div className={styles.page}>
      <TopBar title={t(target === 'illust' ? 'title.search' : `title.search_${target}`)} />
      <SearchTabs />
      <SearchBox key={target} target={target} />
      {target === 'illust' && <ImageSearch />}
      {target === 'user' && (
        <section aria-label={t('search.recommended_users')} data-testid="search-user-recommended">
          <h2 className={styles.heading}>{t('search.recommended_users')}</h2>
          <UserList list={users} imageProxy={imageProxy} />
        </section>
      )}
      {target !== 'user' && (
        <section aria-label={t('search.trending')} data-testid="trending-tags">
          <h2 className={styles.heading}>{t('search.trending')}</h2>
          {tags.isError ? (
            <button type="button" className={styles.retry} onClick={() => void tags.refetch()}>
              {t('common.network_error')}
            </button>
          ) : tags.isPending ? (
            <SkeletonList count={SKELETON_TILES} className={styles.tagGrid}>
              {(i) => <Skeleton key={i} className={styles.tagSkeleton} />}
            </SkeletonList>
          ) : !tags.data?.length ? (
            // an empty answer is said, not left as a blank grid (spec 000 §8)
            <EmptyState
              message={{ title: t('empty.trending'), hint: t('empty.trending_hint') }}
              testId="trending-tags-empty"
              className={styles.empty}
            />
          ) : (
            <div className={styles.tagGrid}>
              {tags.data.map((tag) => (
                <Link
                  key={tag.name}
                  to={`${resultPath}/${encodeURIComponent(tag.name)}`}
                  className={styles.tagTile}
                  data-testid="trending-tag"
                >
                  {tag.artwork && (
                    <img
                      src={toProxiedImageUrl(
                        tag.artwork.images[0]?.s ?? tag.artwork.thumbnail,
                        imageProxy,
                      )}
                      alt=""
                      loading="lazy"
                    />
                  )}
                  <span>
                    #{tag.name}
                    {tag.translated && <small>{tag.translated}</small>}
                  </span>
                </Link>
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
