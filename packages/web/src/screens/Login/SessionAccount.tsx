import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { signOutOfSession } from '../../state/queries/web-session.ts';
import { useWebSession } from '../../state/settings/client-config.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './Login.module.css';

/** After a logout the page reloads after 200 ms (spec 000 §4). */
export const LOGOUT_RELOAD_MS = 200;

/**
 * The account of a stored session login and its logout: it asks first, then removes the session
 * and its CSRF token, drops the cache and reloads. Nothing shows without a session.
 */
export function SessionAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useWebSession();
  const [asking, setAsking] = useState(false);
  if (!session) return null;

  const logout = async () => {
    setAsking(false);
    await signOutOfSession(queryClient);
    showToast('login.logged_out');
    window.setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
  };

  return (
    <section className={styles.form} data-testid="session-account">
      <p className={styles.account}>{t('login.session_signed_in', { name: session.user.name })}</p>
      <button type="button" onClick={() => setAsking(true)} data-testid="session-logout">
        {t('login.logout')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('login.logout')}
        message={t('login.logout_confirm')}
        onConfirm={() => void logout()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
