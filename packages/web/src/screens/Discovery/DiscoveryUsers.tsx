import { useMemo } from 'react';
import { recommendedUsersFeed, webRecommendedUserPreview } from '@pv/core';
import { SkeletonList } from '../../components/ImageGrid/Skeleton.tsx';
import { UserCard, UserCardSkeleton } from '../../components/UserCard/UserCard.tsx';
import { useRecommendedUsers } from '../../state/queries/discovery.ts';
import { useRowState } from '../../state/queries/row-state.ts';
import { useSettings } from '../../state/settings/settings.ts';
import styles from './Discovery.module.css';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';

const SKELETON_CARDS = 6;

/**
 * Discovery's users: the recommended users as user cards, one load and finished (spec 000 §4);
 * users with no works or with adult-looking tags leave (spec 000 §5 Home feeds), blocked users
 * leave, and each card keeps only the works the content settings let through.
 */
export function DiscoveryUsers({ round, imageProxy }: { round: number; imageProxy?: string }) {
  const settings = useSettings();
  const query = useRecommendedUsers(round, true);
  const { loading, error, onRetry } = useRowState(query);
  const users = useMemo(
    () => recommendedUsersFeed(query.data ?? [], settings).map(webRecommendedUserPreview),
    [query.data, settings],
  );
  if (loading) {
    return (
      <SkeletonList
        count={SKELETON_CARDS}
        className={styles.users}
        testId="discovery-users-loading"
      >
        {(i) => <UserCardSkeleton key={i} />}
      </SkeletonList>
    );
  }
  return (
    <>
      <div className={styles.users} data-testid="discovery-users">
        {users.map((u) => (
          <UserCard key={u.id} user={u} imageProxy={imageProxy} />
        ))}
      </div>
      <ListFooter list={{ items: users, loading: false, finished: true, error, retry: onRetry }} />
    </>
  );
}
