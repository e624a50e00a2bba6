import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { del } from 'idb-keyval';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { PERSIST_KEY } from '../../state/persist.ts';
import { saveClientConfig } from '../../state/settings/client-config.ts';
import { showToast } from '../../state/ui/toast.ts';
import { SessionAccount } from './SessionAccount.tsx';
import { DemoAccounts } from './DemoAccounts.tsx';
import { isRefreshTokenFormat } from './validity.ts';
import { OAuthLogin } from '../OAuth/OAuthLogin.tsx';
import styles from './Login.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/** After a token login the app reloads to Home after 500 ms (spec 001 §9). */
export const TOKEN_LOGIN_RELOAD_MS = 500;

/**
 * `/account/login`: the login options (spec 001 §2.3): OAuth through pixiv's login page
 * (OAuthLogin), a refresh token, or a session. Sign in here by pasting a refresh token
 * (the server checks it with pixiv; the token is then kept in this browser only, the local-app
 * mode turns on, and the app reloads), or go to the session login.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const valid = isRefreshTokenFormat(token);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = token.trim();
    if (!isRefreshTokenFormat(value)) {
      showToast('login.token_format', { error: true });
      return;
    }
    setBusy(true);
    try {
      const res = await fetch('/api/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: value }),
      });
      const body = (await res.json()) as { user?: { name: string }; error?: string };
      if (!res.ok || !body.user) {
        showToast(body.error ?? 'tip.unknown_err', { error: true });
        return;
      }
      saveClientConfig({ refreshToken: value, useLocalAppApi: true });
      // Answers cached as the server's account must not be shown as the user's.
      queryClient.clear();
      await del(PERSIST_KEY).catch(() => undefined);
      showToast(t('login.success', { name: body.user.name }));
      window.setTimeout(() => window.location.assign('/'), TOKEN_LOGIN_RELOAD_MS);
    } catch {
      showToast('tip.unknown_err', { error: true });
    } finally {
      setBusy(false);
    }
  };

  useDocumentTitle(t('title.login'));
  return (
    <>
      <TopBar title={t('title.login')} />
      <SessionAccount />
      <div className={styles.choices}>
        <DemoAccounts
          field="token"
          onUse={(value) => {
            setToken(value);
            tokenInput.current?.focus();
          }}
        />
        <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="token-login">
          <h2>{t('login.token_title')}</h2>
          <label htmlFor="refresh-token">{t('login.token_label')}</label>
          <input
            ref={tokenInput}
            id="refresh-token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={token !== '' && !valid}
            aria-describedby={token !== '' && !valid ? 'refresh-token-format' : undefined}
            data-testid="token-input"
          />
          {token !== '' && !valid && (
            <p id="refresh-token-format" className={styles.invalid} data-testid="token-format">
              {t('login.token_format')}
            </p>
          )}
          <button type="submit" disabled={busy || !valid} data-testid="token-submit">
            {t('login.submit')}
          </button>
        </form>
        <OAuthLogin />
        <nav className={styles.methods} aria-label={t('login.methods')}>
          <Link to="/account/session" data-testid="login-session-link">
            {t('login.session_choice')}
          </Link>
        </nav>
      </div>
    </>
  );
}
