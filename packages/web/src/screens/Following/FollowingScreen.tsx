import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ImageGrid } from '../../components/ImageGrid/ImageGrid.tsx';
import type { EmptyMessage } from '../../components/ListFooter/EmptyState.tsx';
import { NovelGrid } from '../../components/NovelCard/NovelGrid.tsx';
import { PillTabs } from '../../components/PillTabs/PillTabs.tsx';
import { UserList } from '../../components/UserCard/UserList.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useServerConfig } from '../../state/queries/config.ts';
import {
  useFollowIllusts,
  useFollowNovels,
  useFollowingUsers,
  useSessionBookmarks,
  useSiteLatest,
  type FeedMode,
} from '../../state/queries/following.ts';
import { useViewerId } from '../../state/queries/me.ts';
import { useUserFavorites } from '../../state/queries/users.ts';
import { useLocalAppSignedIn, useSignedIn } from '../../state/settings/client-config.ts';
import { useFilteredList } from '../User/useFilteredList.ts';
import styles from './Following.module.css';

/** Tabs by number (spec 000 §2 Following): 5, the novel timeline, in local-app mode only. */
const ALL_TABS = ['1', '5', '2', '3', '4'] as const;
type Tab = (typeof ALL_TABS)[number];

/**
 * `/following` (`/following/{tab}`): the signed-in user's timeline, novel timeline, bookmarks,
 * followed users and the latest works of the whole site. A loader until the user is known; a
 * visitor gets a sign-in prompt.
 */
export default function FollowingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const localApp = useLocalAppSignedIn();
  const viewerId = useViewerId();
  const tabs = ALL_TABS.filter((tab) => tab !== '5' || localApp);
  const asked = useParams().tab;
  useDocumentTitle(t('title.following'));
  if (asked !== undefined && !tabs.includes(asked as Tab))
    return <Navigate to="/following" replace />;
  const tab = (asked ?? '1') as Tab;
  return (
    <div className={styles.page}>
      <TopBar title={t('title.following')} />
      {!signedIn ? (
        <div className={styles.prompt} data-testid="following-sign-in">
          <p>{t('following.sign_in')}</p>
          <Link to="/account/login" className={styles.signIn}>
            {t('title.login')}
          </Link>
        </div>
      ) : viewerId === undefined ? (
        <div className={styles.prompt} role="status" data-testid="following-loading">
          {t('common.loading')}
        </div>
      ) : (
        <>
          <PillTabs
            tabs={tabs}
            current={tab}
            label={(k) => t(`following.tabs.${k}`)}
            onSelect={(k) => void navigate(`/following/${k}`, { replace: true })}
            tabTestIdPrefix="following-tab"
            testId="following-tabs"
            className={styles.tabs}
          />
          <div role="tabpanel">
            <FollowingPanel tab={tab} userId={viewerId} mode={localApp ? 'app' : 'web'} />
          </div>
        </>
      )}
    </div>
  );
}

function FollowingPanel({ tab, userId, mode }: { tab: Tab; userId: number; mode: FeedMode }) {
  const imageProxy = useServerConfig().imageProxy ?? undefined;
  switch (tab) {
    case '1':
      return <IllustFeed mode={mode} imageProxy={imageProxy} />;
    case '5':
      return <NovelFeed imageProxy={imageProxy} />;
    case '2':
      return mode === 'app' ? (
        <AppBookmarks userId={userId} imageProxy={imageProxy} />
      ) : (
        <WebBookmarks userId={userId} imageProxy={imageProxy} />
      );
    case '3':
      return <FollowedUsers userId={userId} mode={mode} imageProxy={imageProxy} />;
    case '4':
      return <SiteLatest imageProxy={imageProxy} />;
  }
}

type ProxyProps = { imageProxy?: string };

/** Why a signed-in feed is empty (a visitor gets the sign-in prompt instead), and what to do. */
function useEmpty(kind: 'feed' | 'bookmarks' | 'following'): EmptyMessage {
  const { t } = useTranslation();
  switch (kind) {
    case 'feed':
      return {
        title: t('empty.feed'),
        hint: t('empty.feed_hint'),
        action: { to: '/following/4', label: t('empty.feed_action') },
      };
    case 'bookmarks':
      return { title: t('empty.my_bookmarks'), hint: t('empty.my_bookmarks_hint') };
    case 'following':
      return {
        title: t('empty.following'),
        hint: t('empty.following_hint'),
        action: { to: '/rank/daily', label: t('empty.following_action') },
      };
  }
}

function IllustFeed({ mode, imageProxy }: { mode: FeedMode } & ProxyProps) {
  const list = useFilteredList(useFollowIllusts(mode, true));
  return <ImageGrid list={list} imageProxy={imageProxy} empty={useEmpty('feed')} />;
}

function NovelFeed({ imageProxy }: ProxyProps) {
  const list = useFilteredList(useFollowNovels(true));
  return <NovelGrid list={list} imageProxy={imageProxy} empty={useEmpty('feed')} />;
}

function AppBookmarks({ userId, imageProxy }: { userId: number } & ProxyProps) {
  const list = useFilteredList(useUserFavorites(userId));
  return <ImageGrid list={list} imageProxy={imageProxy} empty={useEmpty('bookmarks')} />;
}

function WebBookmarks({ userId, imageProxy }: { userId: number } & ProxyProps) {
  const list = useFilteredList(useSessionBookmarks(userId, true));
  return <ImageGrid list={list} imageProxy={imageProxy} empty={useEmpty('bookmarks')} />;
}

function FollowedUsers({
  userId,
  mode,
  imageProxy,
}: { userId: number; mode: FeedMode } & ProxyProps) {
  const list = useFollowingUsers(userId, mode, true);
  return <UserList list={list} imageProxy={imageProxy} empty={useEmpty('following')} />;
}

function SiteLatest({ imageProxy }: ProxyProps) {
  return <ImageGrid list={useFilteredList(useSiteLatest(true))} imageProxy={imageProxy} />;
}
