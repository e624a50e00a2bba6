import { useTranslation } from 'react-i18next';
import type { AppSettings } from '../../state/settings/schema.ts';
import { setAppSetting, useSettings } from '../../state/settings/settings.ts';
import { DirectImageRow } from './DirectImageRow.tsx';
import { SettingSection, SwitchRow } from './rows.tsx';

type Flag = {
  [K in keyof AppSettings]: AppSettings[K] extends boolean ? K : never;
}[keyof AppSettings];

/** Switches of the image viewer, lists and long press, with the key of their label and hint. */
const VIEWING: readonly { key: Flag; label: string; hint?: string }[] = [
  { key: 'isImageFitScreen', label: 'pref.fit_screen', hint: 'pref.fit_screen_hint' },
  { key: 'isUseFancybox', label: 'pref.lightbox', hint: 'pref.lightbox_hint' },
  { key: 'isEnableSwipe', label: 'pref.swipe', hint: 'pref.swipe_hint' },
  { key: 'isImgLazy', label: 'pref.lazy', hint: 'pref.lazy_hint' },
  { key: 'isImgLazyOb', label: 'pref.lazy_ob', hint: 'pref.lazy_ob_hint' },
  { key: 'isLongpressBlock', label: 'pref.longpress_block', hint: 'pref.longpress_block_hint' },
  { key: 'isLongpressDL', label: 'pref.longpress_dl', hint: 'pref.longpress_dl_hint' },
];

/**
 * How pictures are shown and loaded, and what a long press does. The two long-press actions
 * exclude each other (spec 001 §4): turning one on turns the other off (setAppSetting).
 */
export function PrefsViewing() {
  const { t } = useTranslation();
  const { app } = useSettings();
  return (
    <SettingSection title={t('pref.viewing')}>
      {VIEWING.map(({ key, label, hint }) => (
        <SwitchRow
          key={key}
          setting={`app.${key}`}
          label={t(label)}
          hint={hint && t(hint)}
          checked={app[key]}
          disabled={key === 'isImgLazyOb' && !app.isImgLazy}
          onChange={(on) => setAppSetting(key, on)}
        />
      ))}
      <DirectImageRow />
    </SettingSection>
  );
}
