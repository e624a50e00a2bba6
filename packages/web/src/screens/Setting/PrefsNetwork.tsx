import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { clearResponseCache } from '../../state/persist.ts';
import { OWN_IMAGE_SOURCE } from '../../lib/image-fallback.ts';
import { useAllowedImageSources } from '../../state/queries/config.ts';
import {
  readImageProxy,
  saveImageProxy,
  useImageProxyCheck,
} from '../../state/settings/image-proxy.ts';
import {
  OWN_API_BASE,
  checkApiBase,
  readApiBase,
  saveApiBase,
} from '../../state/settings/api-base.ts';
import { isLocalAppSignedIn, useClientConfig } from '../../state/settings/client-config.ts';
import { showToast } from '../../state/ui/toast.ts';
import { RowLabel, SettingSection, SwitchRow } from './rows.tsx';
import styles from './Setting.module.css';

/** The API client is built at start-up with the base, so a new base reloads the page. */
export const API_BASE_RELOAD_MS = 500;

/**
 * A refused address's alert, once dismissed, reloads the page (spec 001 §5.2: 'an Invalid URL
 * input alert and reload'; 'connect error alert, then reload'): the page comes back on the
 * settings still in force, and nothing was changed.
 */
const reloadAfterAlert = () => window.location.reload();

/**
 * The mirror's base address, checked before it is kept (spec 001 §5.2): 'Invalid URL' for a
 * malformed one, the connect-error tip when a /rank request to it fails, each followed by a reload;
 * only on success are the caches cleared and the value saved (then the page reloads onto it).
 */
function ApiBase() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(readApiBase);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<'invalid_url' | 'connect_error' | null>(null);
  const save = async () => {
    setChecking(true);
    const result = await checkApiBase(text);
    setChecking(false);
    if (!result.ok) return setProblem(result.reason);
    await clearResponseCache(queryClient);
    saveApiBase(result.base);
    showToast('pref.api_base_saved');
    window.setTimeout(() => window.location.reload(), API_BASE_RELOAD_MS);
  };
  return (
    <form
      className={styles.block}
      data-setting="apiBase"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor="api-base">{t('pref.api_base')}</label>
      <div className={styles.inline}>
        <input
          id="api-base"
          className={styles.input}
          value={text}
          spellCheck={false}
          aria-describedby="api-base-hint"
          data-testid="api-base"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={styles.button} disabled={checking}>
          {t(checking ? 'pref.checking' : 'pref.check_save')}
        </button>
      </div>
      <small className={styles.hint} id="api-base-hint">
        {t('pref.api_base_hint', { base: OWN_API_BASE })}
      </small>
      <ConfirmDialog
        open={problem !== null}
        alert
        title={t(problem === 'invalid_url' ? 'pref.invalid_url' : 'pref.connect_error')}
        message={t(problem === 'invalid_url' ? 'pref.invalid_url_hint' : 'pref.connect_error_tip')}
        onConfirm={reloadAfterAlert}
        onCancel={reloadAfterAlert}
      />
    </form>
  );
}

/**
 * Where pictures load from: automatic (the server's order, with failover) or one of the sources
 * the server allows. A choice is checked with a picture through it before it is kept (spec 001
 * §5.2, §5.3); on success the caches are cleared and the page reloads onto it.
 */
function ImageProxy() {
  const { t } = useTranslation();
  const check = useImageProxyCheck();
  const queryClient = useQueryClient();
  const allowed = useAllowedImageSources();
  const [chosen] = useState(readImageProxy);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<'invalid_url' | 'connect_error' | null>(null);
  const choose = async (value: string) => {
    let source: string | null = null;
    if (value !== '') {
      setChecking(true);
      const result = await check(value);
      setChecking(false);
      if (!result.ok) return setProblem(result.reason);
      source = result.source;
    }
    await clearResponseCache(queryClient);
    saveImageProxy(source);
    showToast('pref.api_base_saved');
    window.setTimeout(() => window.location.reload(), API_BASE_RELOAD_MS);
  };
  const options = chosen && !allowed.includes(chosen) ? [...allowed, chosen] : allowed;
  return (
    <>
      <label className={styles.row} data-setting="imageProxy">
        <RowLabel label={t('pref.image_proxy')} hint={t('pref.image_proxy_hint')} />
        <select
          className={styles.select}
          value={chosen ?? ''}
          disabled={checking}
          aria-busy={checking || undefined}
          data-testid="image-proxy"
          onChange={(e) => void choose(e.target.value)}
        >
          <option value="">{t('pref.image_proxy_auto')}</option>
          {options.map((source) => (
            <option key={source} value={source}>
              {source === OWN_IMAGE_SOURCE ? t('pref.image_proxy_own') : source}
            </option>
          ))}
        </select>
      </label>
      <ConfirmDialog
        open={problem !== null}
        alert
        title={t(problem === 'invalid_url' ? 'pref.invalid_url' : 'pref.connect_error')}
        message={t(
          problem === 'invalid_url' ? 'pref.invalid_url_hint' : 'pref.image_proxy_failed_tip',
        )}
        onConfirm={reloadAfterAlert}
        onCancel={reloadAfterAlert}
      />
    </>
  );
}

/** Copies the refresh token (local-app mode), to sign in elsewhere. */
function CopyToken() {
  const { t } = useTranslation();
  const config = useClientConfig();
  const on = isLocalAppSignedIn(config);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(config.refreshToken);
      showToast('pref.token_copied');
    } catch {
      showToast('pref.copy_failed', { error: true });
    }
  };
  return (
    <div className={styles.row} data-disabled={!on || undefined}>
      <RowLabel
        label={t('pref.copy_token')}
        hint={t(on ? 'pref.copy_token_hint' : 'content.local_app_only')}
      />
      <button
        type="button"
        className={styles.secondary}
        disabled={!on}
        data-testid="copy-token"
        onClick={() => void copy()}
      >
        {t('pref.copy')}
      </button>
    </div>
  );
}

/**
 * Network: the mirror address, where pictures load from, and the modes of a browser
 * that talks to pixiv itself, shown off and disabled since this server is the proxy.
 */
export function PrefsNetwork() {
  const { t } = useTranslation();
  return (
    <SettingSection title={t('pref.network')}>
      <ApiBase />
      <ImageProxy />
      {(
        [
          ['clientConfig.directMode', 'pref.direct_api'],
          ['clientConfig.useApiProxy', 'pref.api_proxy'],
        ] as const
      ).map(([setting, label]) => (
        <SwitchRow
          key={setting}
          setting={setting}
          label={t(label)}
          hint={t('pref.server_is_proxy')}
          checked={false}
          disabled
          onChange={() => undefined}
        />
      ))}
      <CopyToken />
    </SettingSection>
  );
}
