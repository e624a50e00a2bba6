import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSessionIdFormat } from '@pv/core';
import { TopBar } from '../../app/shell/TopBar.tsx';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { keepSessionLogin, loginWithSession } from '../../state/queries/web-session.ts';
import { showToast } from '../../state/ui/toast.ts';
import { SessionAccount } from './SessionAccount.tsx';
import { DemoAccounts } from './DemoAccounts.tsx';
import styles from './Login.module.css';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

/** After a session login the app reloads to Home after 500 ms, as after a token login. */
export const SESSION_LOGIN_RELOAD_MS = 500;

/**
 * `/account/session` (spec 001 §2.3): sign in by pasting the PHPSESSID of a pixiv browser
 * session. The risk notice must be accepted; the format is checked before anything is sent; a
 * dialog confirms, then the server reads the account and CSRF token, and both stay in this
 * browser for 180 days.
 */
export default function SessionLoginScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const valid = isSessionIdFormat(value);
  const showInvalid = value.trim() !== '' && !valid;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isSessionIdFormat(value)) {
      showToast('login.session_format', { error: true });
      return;
    }
    if (!accepted) {
      showToast('login.session_risk_required', { error: true });
      return;
    }
    setConfirming(true);
  };

  const login = async () => {
    setConfirming(false);
    setBusy(true);
    const session = value.trim();
    const res = await loginWithSession(session);
    if (!res.ok) {
      showToast(res.key, { error: true });
      setBusy(false);
      return;
    }
    await keepSessionLogin(queryClient, { session, csrfToken: res.csrfToken, user: res.user });
    showToast(t('login.success', { name: res.user.name }));
    window.setTimeout(() => window.location.assign('/'), SESSION_LOGIN_RELOAD_MS);
  };

  useDocumentTitle(t('title.session'));
  return (
    <>
      <TopBar title={t('title.session')} />
      <SessionAccount />
      <div className={styles.choices}>
        <DemoAccounts
          field="session"
          onUse={(session) => {
            setValue(session);
            input.current?.focus();
          }}
        />
        <form className={styles.form} onSubmit={submit} data-testid="session-login">
          <h2>{t('login.session_title')}</h2>
          <p className={styles.hint}>{t('login.session_hint')}</p>
          <label htmlFor="session-id">{t('login.session_label')}</label>
          <input
            ref={input}
            id="session-id"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={showInvalid}
            aria-describedby={showInvalid ? 'session-id-format' : undefined}
            data-testid="session-input"
          />
          {showInvalid && (
            <p id="session-id-format" className={styles.invalid} data-testid="session-format">
              {t('login.session_format')}
            </p>
          )}
          <p className={styles.risk} role="note" data-testid="session-risk">
            {t('login.session_risk')}
          </p>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
              data-testid="session-accept"
            />
            {t('login.session_accept')}
          </label>
          <button type="submit" disabled={busy || !accepted || !valid} data-testid="session-submit">
            {t('login.submit')}
          </button>
        </form>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('login.session_confirm_title')}
        message={t('login.session_confirm')}
        onConfirm={() => void login()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
