/**
 * Runs the startup checks (lib/startup-checks.ts) before the app renders and carries out the
 * decision: the NSFW flag, the blocked page that aborts startup with 'BLOCKED.', the browser
 * message (a banner the user can close), the old-browser toast, and the local-app re-login.
 */
import { useSyncExternalStore } from 'react';
import type { Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { ACCESS_TOKEN_TTL_SECONDS } from '@pv/core';
import { useHydratedMark } from '../../lib/useHydratedMark.ts';
import { NSFW_ON, decideStartup, type StartupDecision } from '../../lib/startup-checks.ts';
import { readClientConfig, saveClientConfig } from '../../state/settings/client-config.ts';
import { readSettings } from '../../state/settings/settings.ts';
import { STORAGE_KEYS } from '../../state/settings/storage-keys.ts';
import { showToast } from '../../state/ui/toast.ts';
import styles from './Startup.module.css';

type Notice = Extract<StartupDecision, { kind: 'run' }>['notice'];
let notice: Notice = null;
const listeners = new Set<() => void>();
const setNotice = (next: Notice) => {
  notice = next;
  for (const l of listeners) l();
};

/** Decides, and applies what must happen before the first render (the NSFW flag). */
export function checkStartup(): StartupDecision {
  const decision = decideStartup({
    nsfwFlag: localStorage.getItem(STORAGE_KEYS.nsfw),
    content: readSettings().content,
    language: i18next.language,
    userAgent: navigator.userAgent,
    clientConfig: readClientConfig(),
  });
  if (decision.setNsfwFlag) localStorage.setItem(STORAGE_KEYS.nsfw, NSFW_ON);
  return decision;
}

/** Blanks the page for the blocked page; the caller then aborts startup. */
export function renderBlocked(root: Root): void {
  document.title = 'BLOCKED';
  root.render(<BlockedPage />);
}

function BlockedPage() {
  const { t } = useTranslation();
  useHydratedMark();
  return (
    <div className={styles.blocked} data-testid="blocked-page">
      <p>{t('startup.blocked')}</p>
    </div>
  );
}

/** What follows the first render: the browser message and toast, the local-app re-login. */
export function afterStartup(decision: Extract<StartupDecision, { kind: 'run' }>): void {
  setNotice(decision.notice);
  if (decision.oldBrowser) showToast('startup.old_browser');
  if (decision.login === 'not_login') {
    // Without a valid config the app runs as a visitor rather than failing every call.
    saveClientConfig({ ...readClientConfig(), useLocalAppApi: false });
    showToast('startup.not_login', { error: true });
  } else if (decision.login === 'refresh') {
    showToast('startup.refreshing');
    void relogin(readClientConfig().refreshToken);
    keepSignedIn();
  }
}

/** The access token lives 1800 s; while signed in it is refreshed every 30 minutes (spec 001 §4). */
export const RELOGIN_INTERVAL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;

let reloginTimer: ReturnType<typeof setInterval> | undefined;

/** Refreshes the access token every 30 minutes for as long as the local-app login lasts. */
export function keepSignedIn(): void {
  clearInterval(reloginTimer);
  reloginTimer = setInterval(() => {
    const config = readClientConfig();
    if (!config.useLocalAppApi || !config.refreshToken) {
      clearInterval(reloginTimer);
      return;
    }
    void relogin(config.refreshToken);
  }, RELOGIN_INTERVAL_MS);
}

export async function relogin(refreshToken: string): Promise<void> {
  try {
    const res = await fetch('/api/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!res.ok) showToast('startup.login_error', { error: true });
  } catch {
    showToast('startup.login_error', { error: true });
  }
}

/** The lasting browser message under the top of the page, until closed. */
export function StartupNotice() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notice,
    () => null,
  );
  if (!current) return null;
  return (
    <div className={styles.notice} role="alert" data-testid="startup-notice">
      <span>{t(current === 'in_app' ? 'startup.in_app' : 'startup.use_chrome')}</span>
      <button type="button" aria-label={t('startup.close')} onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}
