import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl, type UserDetail } from '@pv/core';
import { useFormat } from '../../lib/format.ts';
import { FollowButton } from '../../components/FollowButton/FollowButton.tsx';
import { UserBio } from './UserBio.tsx';
import { safeExternalUrl } from './bio-text.ts';
import styles from './User.module.css';

export interface UserHeaderProps {
  user: UserDetail;
  imageProxy?: string;
  /** The follow button shows only to a local-app user on another's profile (spec 001 §6). */
  canFollow: boolean;
  /** One's own profile: the follow count links to the followed users (Following, tab 3). */
  own: boolean;
}

/** Cover, avatar, name, account, premium mark, region, links, counts, follow button and bio. */
export function UserHeader({ user, imageProxy, canFollow, own }: UserHeaderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const webpage = safeExternalUrl(user.webpage);
  const twitter = safeExternalUrl(user.twitter_url);
  const follows = (
    <>
      <strong>{format.number(user.follow)}</strong> {t('user.follows')}
    </>
  );
  return (
    <section className={styles.header} data-testid="user-header">
      <div className={styles.cover} data-testid="user-cover">
        {user.bgcover && <img src={toProxiedImageUrl(user.bgcover, imageProxy)} alt="" />}
      </div>
      <div className={styles.identity}>
        <img
          className={styles.avatar}
          src={toProxiedImageUrl(user.avatar, imageProxy)}
          alt=""
          data-testid="user-avatar"
        />
        <div className={styles.names}>
          <h2 className={styles.name} data-testid="user-name">
            {user.name}
            {user.is_premium && (
              <span className={styles.premium} title={t('user.premium')} data-testid="premium">
                {t('user.premium')}
              </span>
            )}
          </h2>
          <span className={styles.account} data-testid="user-account">
            @{user.account}
          </span>
        </div>
        {canFollow && (
          <div className={styles.followSlot}>
            <FollowButton user={user} />
          </div>
        )}
      </div>
      <ul className={styles.facts}>
        <li data-testid="user-follows">
          {own ? <Link to="/following/3">{follows}</Link> : follows}
        </li>
        <li data-testid="user-friends">
          <strong>{format.number(user.friend)}</strong> {t('user.friends')}
        </li>
        {user.region && <li data-testid="user-region">{user.region}</li>}
        {webpage && (
          <li>
            <a href={webpage} target="_blank" rel="noopener noreferrer nofollow">
              {t('user.webpage')}
            </a>
          </li>
        )}
        {twitter && (
          <li>
            <a href={twitter} target="_blank" rel="noopener noreferrer nofollow">
              X @{user.twitter_account || new URL(twitter).pathname.slice(1)}
            </a>
          </li>
        )}
      </ul>
      <UserBio bio={user.comment} />
    </section>
  );
}
