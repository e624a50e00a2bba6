import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../state/queries/config.ts';
import { showToast } from '../../state/ui/toast.ts';
import { oauthCodeFrom, startOAuthLogin } from './oauth.ts';
import { hasOAuthCode } from '../Login/validity.ts';
import loginStyles from '../Login/Login.module.css';
import styles from './OAuth.module.css';

/** The login page opens with no opener and no referrer (spec 001 §2.3). */
const WINDOW_FEATURES = 'noopener,noreferrer';

/**
 * The OAuth choice of the login options (spec 001 §2.3). pixiv ends its login at a
 * `pixiv://account/login?code=…` address a web page cannot receive, so the code comes back one
 * of two ways: through the redirector, which forwards it to `/account/oauth?code=…` (only where
 * the deployment has one, the sandbox's server; elsewhere refused with 'the current site cannot
 * sign in'), or pasted here by the user, code or whole address, which goes to the same exchange.
 */
export function OAuthLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasRedirector = useServerConfig().upstream === 'sandbox';
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);

  const open = async (via: 'redirector' | 'pixiv') => {
    if (via === 'redirector' && !hasRedirector) {
      showToast('login.oauth_site', { error: true });
      return;
    }
    setBusy(true);
    const res = await startOAuthLogin();
    setBusy(false);
    if (!res.ok) {
      showToast(res.key, { error: true });
      return;
    }
    const url = via === 'redirector' ? res.redirectorUrl : res.url;
    if (!url) {
      showToast('login.oauth_site', { error: true });
      return;
    }
    window.open(url, '_blank', WINDOW_FEATURES);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = oauthCodeFrom(pasted);
    if (!code) {
      showToast('login.oauth_code_format', { error: true });
      return;
    }
    void navigate(`/account/oauth?code=${encodeURIComponent(code)}`);
  };

  return (
    <form className={loginStyles.form} onSubmit={submit} data-testid="oauth-login">
      <h2>{t('login.oauth_title')}</h2>
      <div className={styles.actions}>
        <button
          type="button"
          disabled={busy}
          className={hasRedirector ? undefined : loginStyles.secondary}
          onClick={() => void open('redirector')}
          data-testid="oauth-redirector"
        >
          {t('login.oauth_redirector')}
        </button>
        <button
          type="button"
          disabled={busy}
          className={hasRedirector ? loginStyles.secondary : undefined}
          onClick={() => void open('pixiv')}
          data-testid="oauth-open"
        >
          {t('login.oauth_open')}
        </button>
      </div>
      <p className={loginStyles.hint}>{t('login.oauth_hint')}</p>
      <div className={styles.paste}>
        <label htmlFor="oauth-code">{t('login.oauth_code_label')}</label>
        <input
          id="oauth-code"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          placeholder="pixiv://account/login?code=…"
          aria-invalid={pasted.trim() !== '' && !hasOAuthCode(pasted)}
          data-testid="oauth-code-input"
        />
        {pasted.trim() !== '' && !hasOAuthCode(pasted) && (
          <p id="oauth-code-format" className={loginStyles.invalid} data-testid="oauth-code-format">
            {t('login.oauth_code_format')}
          </p>
        )}
        <button
          type="submit"
          className={loginStyles.secondary}
          disabled={!hasOAuthCode(pasted)}
          data-testid="oauth-code-submit"
        >
          {t('login.submit')}
        </button>
      </div>
    </form>
  );
}
