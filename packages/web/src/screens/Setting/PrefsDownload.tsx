import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileName, type FileNameInput } from '../../lib/file-name.ts';
import {
  FILE_NAME_TOKENS,
  FILE_NAME_TPL_MAX,
  UGOIRA_DL_FORMATS,
  isValidFileNameTpl,
} from '../../state/settings/schema.ts';
import { setAppSetting, useSettings } from '../../state/settings/settings.ts';
import { SelectRow, SettingSection, SwitchRow } from './rows.tsx';
import styles from './Setting.module.css';

/** The work the template preview names (a made-up one, in the shape of a real one). */
const SAMPLE: FileNameInput['artwork'] = {
  id: 104329812,
  title: '夏の終わり',
  author: { id: 11, name: 'pixiv事務局', avatar: '', is_followed: false },
  width: 1200,
  height: 1697,
  tags: [
    { name: 'オリジナル', translated_name: 'original' },
    { name: '風景', translated_name: 'scenery' },
  ],
  created: '2026-08-31T18:00:00+09:00',
};

/** Whether this browser can save into a folder the user picks (File System Access API). */
export const canPickFolder = () => typeof window !== 'undefined' && 'showDirectoryPicker' in window;

/** The file-name template with its tokens and a live preview; saved only when valid. */
function FileNameTemplate() {
  const { t } = useTranslation();
  const { app } = useSettings();
  const [text, setText] = useState(app.dlFileNameTpl);
  const valid = isValidFileNameTpl(text);
  const change = (next: string) => {
    setText(next);
    if (isValidFileNameTpl(next)) setAppSetting('dlFileNameTpl', next);
  };
  return (
    <div className={styles.block} data-setting="app.dlFileNameTpl">
      <label htmlFor="file-name-tpl">{t('pref.file_name')}</label>
      <input
        id="file-name-tpl"
        className={styles.input}
        value={text}
        maxLength={FILE_NAME_TPL_MAX}
        aria-invalid={!valid}
        aria-describedby="file-name-preview file-name-error"
        data-testid="file-name-tpl"
        onChange={(e) => change(e.target.value)}
      />
      <div className={styles.tokens} role="group" aria-label={t('pref.file_name_tokens')}>
        {FILE_NAME_TOKENS.map((token) => (
          <button
            key={token}
            type="button"
            className={styles.token}
            onClick={() => change(`${text}{${token}}`)}
          >
            {`{${token}}`}
          </button>
        ))}
        <button type="button" className={styles.token} onClick={() => change(`${text}_`)}>
          _
        </button>
      </div>
      <small className={styles.hint} id="file-name-preview" data-testid="file-name-preview">
        {t('pref.file_name_preview')}{' '}
        <code>
          {formatFileName(valid ? text : app.dlFileNameTpl, {
            artwork: SAMPLE,
            index: 0,
            ext: 'jpg',
          })}
        </code>
      </small>
      <small className={styles.error} id="file-name-error" role="status">
        {valid ? '' : t('pref.file_name_invalid', { max: FILE_NAME_TPL_MAX })}
      </small>
    </div>
  );
}

/** Where downloads go and how they are named; folder and helper script exclude each other. */
export function PrefsDownload() {
  const { t } = useTranslation();
  const { app } = useSettings();
  const folder = canPickFolder();
  return (
    <SettingSection title={t('pref.downloads')}>
      <SwitchRow
        setting="app.preferDownloadByFsa"
        label={t('pref.dl_folder')}
        hint={t(folder ? 'pref.dl_folder_hint' : 'pref.dl_folder_unsupported')}
        checked={folder && app.preferDownloadByFsa}
        disabled={!folder}
        onChange={(on) => setAppSetting('preferDownloadByFsa', on)}
      />
      <SwitchRow
        setting="app.preferDownloadByTm"
        label={t('pref.dl_script')}
        hint={t('pref.dl_script_hint')}
        checked={app.preferDownloadByTm}
        onChange={(on) => setAppSetting('preferDownloadByTm', on)}
      />
      <SwitchRow
        setting="app.dlSubDirByAuthor"
        label={t('pref.dl_subdir')}
        checked={app.dlSubDirByAuthor}
        onChange={(on) => setAppSetting('dlSubDirByAuthor', on)}
      />
      <FileNameTemplate />
      <SelectRow
        setting="app.ugoiraDefDLFormat"
        label={t('pref.ugoira_format')}
        value={app.ugoiraDefDLFormat}
        choices={UGOIRA_DL_FORMATS.map((v) => ({
          value: v,
          label: v === 'Other' ? t('pref.ugoira_other') : v,
        }))}
        onChange={(v) =>
          setAppSetting('ugoiraDefDLFormat', v as (typeof UGOIRA_DL_FORMATS)[number])
        }
      />
    </SettingSection>
  );
}
