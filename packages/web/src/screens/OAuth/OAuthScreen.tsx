import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { del } from 'idb-keyval';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { PERSIST_KEY } from '../../state/persist.ts';
import { saveClientConfig } from '../../state/settings/client-config.ts';
import { showToast } from '../../state/ui/toast.ts';
import { OAUTH_SUCCESS_RELOAD_MS, exchangeOAuthCode } from './oauth.ts';
import styles from './OAuth.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/**
 * `/account/oauth`, the OAuth callback (spec 001 §2.3): shows 'Processing', trades the `code`
 * of the address with the stored code verifier, then keeps the refresh token as the token login
 * does (local-app mode on), toasts 'login succeeded' and replaces the location with / after
 * 200 ms. Any failure (no code, no or an expired verifier, a code pixiv refuses or one already
 * used) is an alert titled 'login failed' with the message; OK goes back to the login options.
 */
export default function OAuthScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void exchangeOAuthCode(code).then(async (res) => {
      if (!live) return;
      if (!res.ok) {
        setError(res.key);
        return;
      }
      saveClientConfig({ refreshToken: res.refreshToken, useLocalAppApi: true });
      // Answers cached as the server's account must not be shown as the user's.
      queryClient.clear();
      await del(PERSIST_KEY).catch(() => undefined);
      showToast('login.oauth_succeeded');
      window.setTimeout(() => window.location.replace('/'), OAUTH_SUCCESS_RELOAD_MS);
    });
    return () => {
      live = false;
    };
  }, [code, queryClient]);

  const back = () => void navigate('/account/login', { replace: true });

  useDocumentTitle(t('title.oauth'));
  return (
    <>
      <TopBar title={t('title.oauth')} />
      {!error && (
        <p className={styles.processing} role="status" data-testid="oauth-processing">
          {t('login.oauth_processing')}
        </p>
      )}
      <ConfirmDialog
        open={error !== null}
        alert
        title={t('login.oauth_failed')}
        message={error ? t(error) : ''}
        onConfirm={back}
        onCancel={back}
      />
    </>
  );
}
