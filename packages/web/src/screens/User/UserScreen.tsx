import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_TAB_LIST_PAGES, visibleUserTabs, type UserDetail, type UserTab } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { PillTabs } from '../../components/PillTabs/PillTabs.tsx';
import { Skeleton } from '../../components/ImageGrid/Skeleton.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useRecordHistory, type UserHistoryItem } from '../../state/db/history.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import { useViewerId } from '../../state/queries/me.ts';
import { useUserDetail, useUserFavoriteNovels, useUserTags } from '../../state/queries/users.ts';
import {
  AuthorFavoriteNovels,
  AuthorFavorites,
  AuthorIllustSeries,
  AuthorNovelSeries,
  AuthorNovels,
  AuthorTagWorks,
  AuthorWorks,
  RelatedUsers,
} from './AuthorLists.tsx';
import { UserHeader } from './UserHeader.tsx';
import { UserTagFilter } from './UserTagFilter.tsx';
import styles from './User.module.css';
import { useCanFollow } from '../../state/queries/follow.ts';
import { RetryButton } from '../../components/ListFooter/ListFooter.tsx';

/**
 * `/users/{id}` (`/u/{id}`): the profile (spec 001 §2.11) with the tabs whose count is above 0,
 * the author's tag filter above the works, and the follow button where the spec allows it.
 * Visiting records the user in the history.
 */
export default function UserScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const { imageProxy } = useServerConfig();
  const detail = useUserDetail(id);
  const favNovels = useUserFavoriteNovels(id, detail.isSuccess);
  const user = detail.data;
  const viewerId = useViewerId();
  const own = viewerId !== undefined && viewerId === id;
  const canFollow = useCanFollow(id);
  useDocumentTitle(user?.name);
  useRecordHistory(
    'users',
    useMemo(() => user && historyItem(user), [user]),
  );

  const tabs = user ? visibleUserTabs(user.counts, favNovels.items.length) : [];
  const asked = params.get('tab') as UserTab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  const tag = params.get('tag') ?? '';
  const withTags = tab === 'illusts' || tab === 'manga';
  const tags = useUserTags(id, !!user && withTags);
  const set = (next: { tab?: string; tag?: string }) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };

  return (
    <div className={styles.page}>
      <TopBar title={user?.name ?? t('title.user')} />
      {detail.isError ? (
        <div className={styles.footer}>
          <RetryButton onRetry={() => void detail.refetch()} testId="user-error" />
        </div>
      ) : !user ? (
        <div className={styles.header} aria-busy="true">
          <Skeleton className={styles.cover} />
          <div className={styles.identity}>
            <Skeleton shape="round" className={styles.avatar} />
            <Skeleton shape="line" style={{ width: 160 }} />
          </div>
        </div>
      ) : (
        <>
          <UserHeader
            user={user}
            imageProxy={imageProxy ?? undefined}
            canFollow={canFollow}
            own={own}
          />
          {tab && (
            <PillTabs
              tabs={tabs}
              current={tab}
              label={(k) => t(`user.tabs.${k}`)}
              onSelect={(k) => set({ tab: k, tag: '' })}
              tabTestIdPrefix="user-tab"
              testId="user-tabs"
              className={styles.tabs}
              param="tab"
            />
          )}
          {tab && USER_TAB_LIST_PAGES[tab] && (
            <div className={styles.seeAll}>
              <Link to={`/users/${id}/${USER_TAB_LIST_PAGES[tab]}`} data-testid="user-tab-page">
                {t('user.see_all')}
              </Link>
            </div>
          )}
          {withTags && (
            <UserTagFilter
              tags={tags.data ?? []}
              loading={tags.isPending}
              selected={tag}
              onSelect={(next) => set({ tag: next })}
            />
          )}
          <div role="tabpanel" data-testid="user-tab-panel">
            {tab && <TabPanel tab={tab} userId={id} tag={withTags ? tag : ''} />}
          </div>
        </>
      )}
    </div>
  );
}

function TabPanel({ tab, userId, tag }: { tab: UserTab; userId: number; tag: string }) {
  if (tag) return <AuthorTagWorks userId={userId} tag={tag} />;
  switch (tab) {
    case 'illusts':
      return <AuthorWorks userId={userId} type="illust" />;
    case 'manga':
      return <AuthorWorks userId={userId} type="manga" />;
    case 'illust_series':
      return <AuthorIllustSeries userId={userId} />;
    case 'novel':
      return <AuthorNovels userId={userId} />;
    case 'novel_series':
      return <AuthorNovelSeries userId={userId} />;
    case 'favorite':
      return <AuthorFavorites userId={userId} />;
    case 'fav_novel':
      return <AuthorFavoriteNovels userId={userId} />;
    case 'related':
      return <RelatedUsers userId={userId} />;
  }
}

function historyItem(user: UserDetail): UserHistoryItem {
  return { id: user.id, name: user.name, avatar: user.avatar, bgcover: user.bgcover ?? '' };
}
