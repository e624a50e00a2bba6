import { useTranslation } from 'react-i18next';
import { READER_BOUNDS, READER_FONTS, READER_PRESETS } from '../../state/settings/reader.ts';
import { NOVEL_DL_FORMATS, NOVEL_TRANSLATORS } from '../../state/settings/schema.ts';
import { isChineseLocale, translatorLabel } from '../../state/queries/novel-translate.ts';
import {
  setAppSetting,
  setReaderConfig,
  useSettings,
  type ReaderConfig,
} from '../../state/settings/settings.ts';
import { RowLabel, SelectRow, SettingSection, SwitchRow } from './rows.tsx';
import styles from './Setting.module.css';

/** A bounded reader number (spec 001 §5.2): the field clamps on save, so no bad value stays. */
function ReaderNumber({ field }: { field: keyof typeof READER_BOUNDS }) {
  const { t } = useTranslation();
  const { reader } = useSettings();
  const b = READER_BOUNDS[field];
  return (
    <label className={styles.row} data-setting={`reader.${field}`}>
      <RowLabel
        label={t(`pref.reader_${field}`)}
        hint={t('pref.range', { min: b.min, max: b.max })}
        id={`hint-reader-${field}`}
      />
      <input
        key={reader[field]}
        type="number"
        className={`${styles.input} ${styles.number}`}
        min={b.min}
        max={b.max}
        step={b.step}
        defaultValue={reader[field]}
        aria-describedby={`hint-reader-${field}`}
        data-testid={`reader-${field}`}
        onBlur={(e) => setReaderConfig({ [field]: e.target.value } as Partial<ReaderConfig>)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
    </label>
  );
}

/** A reader colour ('' follows the theme) with a reset to the theme's. */
function ReaderColour({ field }: { field: 'color' | 'bg' }) {
  const { t } = useTranslation();
  const { reader } = useSettings();
  const fallback = field === 'bg' ? '#ffffff' : '#1f2329';
  return (
    <div className={styles.row} data-setting={`reader.${field}`}>
      <label className={styles.label} htmlFor={`reader-${field}`}>
        {t(`pref.reader_${field}`)}
      </label>
      <input
        id={`reader-${field}`}
        type="color"
        className={styles.colour}
        value={reader[field] || fallback}
        onChange={(e) => setReaderConfig({ [field]: e.target.value })}
      />
      <button
        type="button"
        className={styles.secondary}
        disabled={reader[field] === ''}
        onClick={() => setReaderConfig({ [field]: '' })}
      >
        {t('pref.follow_theme')}
      </button>
    </div>
  );
}

/** The novel reader's text, the download format and the translation service. */
export function PrefsNovel() {
  const { t, i18n } = useTranslation();
  const { app, reader } = useSettings();
  const preset = READER_PRESETS.find((p) => p.bg === reader.bg && p.color === reader.color);
  return (
    <SettingSection title={t('pref.novels')}>
      <ReaderNumber field="size" />
      <ReaderNumber field="height" />
      <ReaderNumber field="weight" />
      <SelectRow
        setting="reader.font"
        label={t('pref.reader_font')}
        value={reader.font}
        choices={READER_FONTS.map((v) => ({ value: v, label: t(`pref.reader_font_${v}`) }))}
        onChange={(v) => setReaderConfig({ font: v as ReaderConfig['font'] })}
      />
      <SelectRow
        setting="reader.direction"
        label={t('pref.reader_direction')}
        value={reader.direction}
        choices={['h', 'v'].map((v) => ({ value: v, label: t(`pref.reader_direction_${v}`) }))}
        onChange={(v) => setReaderConfig({ direction: v as ReaderConfig['direction'] })}
      />
      <SelectRow
        setting="reader.preset"
        stored={false}
        label={t('pref.reader_preset')}
        value={preset?.name ?? 'custom'}
        choices={[
          ...READER_PRESETS.map((p) => ({ value: p.name, label: t(`pref.preset_${p.name}`) })),
          ...(preset ? [] : [{ value: 'custom', label: t('pref.preset_custom'), disabled: true }]),
        ]}
        onChange={(v) => {
          const p = READER_PRESETS.find((x) => x.name === v);
          if (p) setReaderConfig({ bg: p.bg, color: p.color });
        }}
      />
      <ReaderColour field="color" />
      <ReaderColour field="bg" />
      <SelectRow
        setting="app.novelDlFormat"
        label={t('pref.novel_dl_format')}
        value={app.novelDlFormat}
        choices={NOVEL_DL_FORMATS.map((v) => ({ value: v, label: v.toUpperCase() }))}
        onChange={(v) => setAppSetting('novelDlFormat', v as (typeof NOVEL_DL_FORMATS)[number])}
      />
      {/* spec 001 §2.7: "novel translation service (Chinese locales only)" */}
      {isChineseLocale(i18n.language) && (
        <SelectRow
          setting="app.novelDefTranslate"
          label={t('pref.translator')}
          value={app.novelDefTranslate}
          choices={NOVEL_TRANSLATORS.map((v) => ({ value: v, label: translatorLabel(t, v) }))}
          onChange={(v) =>
            setAppSetting('novelDefTranslate', v as (typeof NOVEL_TRANSLATORS)[number])
          }
        />
      )}
      <SwitchRow
        setting="app.isAutoLoadImt"
        label={t('pref.auto_imt')}
        checked={app.isAutoLoadImt}
        onChange={(on) => setAppSetting('isAutoLoadImt', on)}
      />
    </SettingSection>
  );
}
