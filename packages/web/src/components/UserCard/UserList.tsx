import { useMemo } from 'react';
import { filterBlockedUsers, type UserPreview } from '@pv/core';
import type { PagedList } from '../../lib/usePagedList.ts';
import { useEndReached } from '../../lib/useEndReached.ts';
import { useSettings } from '../../state/settings/settings.ts';
import { SkeletonList } from '../ImageGrid/Skeleton.tsx';
import { UserCard, UserCardSkeleton } from './UserCard.tsx';
import styles from './UserList.module.css';
import type { EmptyMessage } from '../ListFooter/EmptyState.tsx';
import { ListFooter } from '../ListFooter/ListFooter.tsx';

const SKELETON_CARDS = 6;

/**
 * A list of user cards (three works each) with the list engine's states and infinite paging;
 * blocked authors leave it, like their works leave every other list.
 */
export function UserList({
  list,
  imageProxy,
  empty,
}: {
  list: PagedList<UserPreview>;
  imageProxy?: string;
  /** What the list says when it is empty: why, and what to do. */
  empty?: EmptyMessage;
}) {
  const { blocks } = useSettings();
  const users = useMemo(() => filterBlockedUsers(list.items, blocks), [list.items, blocks]);
  const sentinel = useEndReached(list.loadMore, !list.finished && !list.error);
  const firstLoad = list.loading && list.items.length === 0 && !list.error;
  return (
    <>
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
      <ListFooter ref={sentinel} list={list} shown={users.length} empty={empty} />
    </>
  );
}
