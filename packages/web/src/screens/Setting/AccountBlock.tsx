import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toProxiedImageUrl } from '@pv/core';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { useServerConfig } from '../../state/queries/config.ts';
import { signOutOfLocalApp, useMe } from '../../state/queries/me.ts';
import { signOutOfSession } from '../../state/queries/web-session.ts';
import { isLocalAppSignedIn, useClientConfig } from '../../state/settings/client-config.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './Setting.module.css';

/** Reload delays after a logout: local-app mode 500 ms (spec 001 §2.2), session 200 ms (000 §4). */
export const LOCAL_APP_LOGOUT_RELOAD_MS = 500;
export const SESSION_LOGOUT_RELOAD_MS = 200;

export interface AccountUser {
  id: number;
  name: string;
  avatar: string;
}

/** The signed-in account of either login: the token's (from /me) or the session's. */
export function useAccountUser() {
  const config = useClientConfig();
  const localApp = isLocalAppSignedIn(config);
  const me = useMe(localApp);
  const session = config.webSession;
  const user: AccountUser | null = localApp
    ? me.data
      ? { id: me.data.id, name: me.data.name, avatar: me.data.avatar }
      : null
    : session
      ? { id: session.user.id, name: session.user.name, avatar: session.user.profileImg }
      : null;
  return { user, localApp, session };
}

/** The account with its logout, which asks first; a sign-in link when signed out. */
export function AccountBlock() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user, localApp, session } = useAccountUser();
  const { imageProxy } = useServerConfig();
  const [asking, setAsking] = useState(false);

  if (!localApp && !session) {
    return (
      <section className={styles.account} data-testid="setting-account">
        <p className={styles.muted}>{t('setting.signed_out')}</p>
        <Link to="/account/login" className={styles.button}>
          {t('title.login')}
        </Link>
      </section>
    );
  }

  const logout = async () => {
    setAsking(false);
    if (localApp) await signOutOfLocalApp(queryClient);
    else await signOutOfSession(queryClient);
    showToast('login.logged_out');
    const delay = localApp ? LOCAL_APP_LOGOUT_RELOAD_MS : SESSION_LOGOUT_RELOAD_MS;
    window.setTimeout(() => window.location.reload(), delay);
  };

  return (
    <section className={styles.account} data-testid="setting-account">
      {user?.avatar && (
        <img
          className={styles.avatar}
          src={toProxiedImageUrl(user.avatar, imageProxy ?? '')}
          alt=""
        />
      )}
      <div className={styles.who}>
        <strong data-testid="setting-user">{user?.name ?? t('common.loading')}</strong>
        <span className={styles.muted}>
          {t(localApp ? 'setting.mode_local_app' : 'setting.mode_session')}
        </span>
      </div>
      <button
        type="button"
        className={styles.button}
        onClick={() => setAsking(true)}
        data-testid="setting-logout"
      >
        {t('login.logout')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('login.logout')}
        message={t(localApp ? 'setting.logout_local_app' : 'login.logout_confirm')}
        onConfirm={() => void logout()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
