import { Link } from 'react-router';
import { toProxiedImageUrl, visiblePreviewIllusts, type UserPreview } from '@pv/core';
import { useSettings } from '../../state/settings/settings.ts';
import { Skeleton } from '../ImageGrid/Skeleton.tsx';
import styles from './UserCard.module.css';

/** A user card: avatar and name (→ /users/{id}) and a slide of their works (→ the artwork). */
export function UserCard({ user, imageProxy }: { user: UserPreview; imageProxy?: string }) {
  const { content } = useSettings();
  const works = visiblePreviewIllusts(user, content);
  return (
    <article className={styles.card} data-testid="user-card">
      <Link to={`/users/${user.id}`} className={styles.who}>
        <img src={toProxiedImageUrl(user.avatar, imageProxy)} alt="" loading="lazy" />
        <span data-testid="user-card-name">{user.name}</span>
      </Link>
      <div className={styles.works}>
        {works.map((w) => (
          <Link key={w.id} to={`/artworks/${w.id}`} title={w.title} data-testid="user-card-work">
            <img src={toProxiedImageUrl(w.src, imageProxy)} alt={w.title} loading="lazy" />
          </Link>
        ))}
      </div>
    </article>
  );
}

/** The card's placeholder while a user list loads: avatar, name and three works. */
export function UserCardSkeleton() {
  return (
    <div className={styles.card}>
      <span className={styles.who}>
        <Skeleton shape="round" className={styles.avatar} />
        <Skeleton shape="line" style={{ width: '50%' }} />
      </span>
      <span className={styles.works}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={styles.work} />
        ))}
      </span>
    </div>
  );
}
