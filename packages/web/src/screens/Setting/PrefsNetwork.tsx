import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocalAppSignedIn, useClientConfig } from '../../state/settings/client-config.ts';
import { readManualInput, saveManualInput } from '../../state/settings/manual-input.ts';
import { showToast } from '../../state/ui/toast.ts';
import { ApiBaseSetting } from './ApiBaseSetting.tsx';
import { ImageProxySetting } from './ImageProxySetting.tsx';
import { API_BASE_RELOAD_MS } from './address-check.tsx';
import { RowLabel, SettingSection, SwitchRow } from './rows.tsx';
import styles from './Setting.module.css';

export { API_BASE_RELOAD_MS };

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
 * The modes of a browser that talks to pixiv's API itself (spec 001 §4: direct API mode and API
 * proxy mode). Here the server is the one that talks to pixiv, so they cannot apply: each row
 * says so in its own text and shows the stored value (a settings file carries it), switched off.
 */
function ApiModes() {
  const { t } = useTranslation();
  const config = useClientConfig();
  return (
    <>
      <SwitchRow
        setting="clientConfig.directMode"
        label={t('pref.direct_api')}
        hint={t('pref.direct_api_here')}
        checked={config.directMode}
        disabled
        onChange={() => undefined}
      />
      <SwitchRow
        setting="clientConfig.useApiProxy"
        label={t('pref.api_proxy')}
        hint={t('pref.api_proxy_here')}
        checked={config.useApiProxy}
        disabled
        onChange={() => undefined}
      />
    </>
  );
}

/**
 * Network: manual input, the mirror address, where pictures load from, the API modes of a
 * browser that talks to pixiv itself (shown, not applicable here), and the token copy.
 */
export function PrefsNetwork() {
  const { t } = useTranslation();
  const [manual, setManual] = useState(readManualInput);
  return (
    <SettingSection title={t('pref.network')}>
      <SwitchRow
        setting="manualInput"
        label={t('pref.manual_input')}
        hint={t('pref.manual_input_hint')}
        checked={manual}
        onChange={(on) => {
          saveManualInput(on);
          setManual(on);
          showToast('pref.api_base_saved');
          window.setTimeout(() => window.location.reload(), API_BASE_RELOAD_MS);
        }}
      />
      <ApiBaseSetting manual={manual} />
      <ImageProxySetting manual={manual} />
      <ApiModes />
      <CopyToken />
    </SettingSection>
  );
}
