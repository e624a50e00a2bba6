import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@pv/core';
import { useFollow } from '../../state/queries/follow.ts';
import styles from './FollowButton.module.css';

/**
 * Follow / following (unfollow on click); busy while the request runs (spec 001 §4). On the
 * profile, and on the author cards of the artwork and novel pages. The caller shows it only to a
 * local-app user looking at someone else (spec 001 §6): see `useCanFollow`.
 */
export function FollowButton({ user }: { user: Pick<UserDetail, 'id' | 'is_followed'> }) {
  const { t } = useTranslation();
  const { followed, busy, toggle } = useFollow(user);
  return (
    <button
      type="button"
      className={`${styles.follow} ${followed ? styles.followed : ''}`}
      aria-pressed={followed}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="follow-button"
    >
      {followed ? t('user.following') : t('user.follow')}
    </button>
  );
}
