import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  IMG_RESO_DISABLED,
  IMG_RESOS,
  PAGE_TRANSITIONS,
  THEMES,
  WF_TYPES,
} from '../../state/settings/schema.ts';
import { setAppSetting, useSettings } from '../../state/settings/settings.ts';
import { canListLocalFonts, listLocalFonts, PAGE_FONTS } from './fonts.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { SelectRow, SettingSection, SwitchRow } from './rows.tsx';
import styles from './Setting.module.css';

/** Language, theme, accent, layout, cards, font, transition and background. */
export function PrefsDisplay() {
  const { t } = useTranslation();
  const { app } = useSettings();
  const [localFonts, setLocalFonts] = useState<string[]>([]);
  const fonts = [
    ...new Set([...PAGE_FONTS, ...localFonts, ...(app.pageFont ? [app.pageFont] : [])]),
  ];
  return (
    <SettingSection title={t('pref.display')}>
      <LanguagePicker />
      <SelectRow
        setting="app.theme"
        label={t('pref.theme')}
        value={app.theme}
        choices={THEMES.map((v) => ({ value: v, label: t(`pref.theme_${v}`) }))}
        onChange={(v) => setAppSetting('theme', v as (typeof THEMES)[number])}
      />
      <Link to="/setting/accent_color" className={styles.row} data-setting="app.accent">
        <span>{t('title.accent_color')}</span>
        <span className={styles.swatchValue}>
          <span className={styles.dot} style={{ background: app.accent }} aria-hidden="true" />
          <code>{app.accent}</code>
        </span>
      </Link>
      <SelectRow
        setting="app.wfType"
        label={t('pref.layout')}
        value={app.wfType}
        choices={WF_TYPES.map((v) => ({ value: v, label: t(`pref.wf_${v}`) }))}
        onChange={(v) => setAppSetting('wfType', v as (typeof WF_TYPES)[number])}
      />
      <SelectRow
        setting="app.imgReso"
        label={t('pref.resolution')}
        value={app.imgReso}
        choices={IMG_RESOS.map((v) => ({
          value: v,
          label: t(`pref.reso_${v}`),
          disabled: IMG_RESO_DISABLED.includes(v),
        }))}
        onChange={(v) => setAppSetting('imgReso', v as (typeof IMG_RESOS)[number])}
      />
      <SwitchRow
        setting="app.isImageCardOuterMeta"
        label={t('pref.outer_meta')}
        hint={t('pref.outer_meta_hint')}
        checked={app.isImageCardOuterMeta}
        onChange={(on) => setAppSetting('isImageCardOuterMeta', on)}
      />
      <SwitchRow
        setting="app.isImageCardBorderRadius"
        label={t('pref.rounded')}
        checked={app.isImageCardBorderRadius}
        onChange={(on) => setAppSetting('isImageCardBorderRadius', on)}
      />
      <SwitchRow
        setting="app.withBodyBg"
        label={t('pref.body_bg')}
        checked={app.withBodyBg}
        onChange={(on) => setAppSetting('withBodyBg', on)}
      />
      <SelectRow
        setting="app.pageFont"
        label={t('pref.font')}
        hint={canListLocalFonts() && localFonts.length === 0 ? undefined : t('pref.font_hint')}
        value={app.pageFont}
        choices={[
          { value: '', label: t('pref.font_default') },
          ...fonts.map((f) => ({ value: f, label: f })),
        ]}
        onChange={(v) => setAppSetting('pageFont', v)}
      />
      {canListLocalFonts() && localFonts.length === 0 && (
        <div className={styles.row}>
          <span className={styles.hint}>{t('pref.local_fonts_hint')}</span>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void listLocalFonts().then(setLocalFonts)}
          >
            {t('pref.local_fonts')}
          </button>
        </div>
      )}
      <SelectRow
        setting="app.pageTransition"
        label={t('pref.transition')}
        value={app.pageTransition}
        choices={PAGE_TRANSITIONS.map((v) => ({ value: v, label: t(`pref.transition_${v}`) }))}
        onChange={(v) => setAppSetting('pageTransition', v as (typeof PAGE_TRANSITIONS)[number])}
      />
    </SettingSection>
  );
}
