import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FILE_NAME, exportSettings, importSettings } from '../../state/settings/transfer.ts';
import { showToast } from '../../state/ui/toast.ts';
import { ConfirmDialog } from '../../components/Dialog/ConfirmDialog.tsx';
import { RowLabel, SettingSection } from './rows.tsx';
import styles from './Setting.module.css';

/** After an import the page reloads, so that the language and every screen take the new values. */
export const IMPORT_RELOAD_MS = 500;

/** Export every setting to a .txt file, and import one back ('Error' and why on a bad file). */
export function PrefsBackup() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const download = () => {
    const url = URL.createObjectURL(new Blob([exportSettings()], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = EXPORT_FILE_NAME;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const load = async (file: File | undefined) => {
    if (!file) return;
    try {
      importSettings(await file.text());
      showToast('pref.imported');
      window.setTimeout(() => window.location.reload(), IMPORT_RELOAD_MS);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <SettingSection title={t('pref.backup')}>
      <div className={styles.row}>
        <RowLabel label={t('pref.export')} hint={t('pref.export_hint')} />
        <button
          type="button"
          className={styles.secondary}
          data-testid="settings-export"
          onClick={download}
        >
          {t('pref.export_button')}
        </button>
      </div>
      <div className={styles.row}>
        <RowLabel label={t('pref.import')} hint={t('pref.import_hint')} />
        <button type="button" className={styles.secondary} onClick={() => input.current?.click()}>
          {t('pref.import_button')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".txt,text/plain"
          hidden
          data-testid="settings-import"
          onChange={(e) => void load(e.target.files?.[0])}
        />
      </div>
      <ConfirmDialog
        open={error !== null}
        alert
        title={t('pref.error')}
        message={`${t('pref.error')}: ${error ?? ''}`}
        onConfirm={() => setError(null)}
        onCancel={() => setError(null)}
      />
    </SettingSection>
  );
}
