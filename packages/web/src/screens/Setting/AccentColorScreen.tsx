import { useTranslation } from 'react-i18next';
import { DEFAULT_ACCENT } from '@pv/core';
import { setAppSetting, useSettings } from '../../state/settings/settings.ts';
import { ACCENT_COLOURS } from './accent-colours.ts';
import { SettingPage, SettingSection } from './rows.tsx';
import styles from './AccentColor.module.css';
import base from './Setting.module.css';

/**
 * `/setting/accent_color` (spec 001 §2.8): the named colours as swatches, each with its value
 * (#rrggbb) and a name in the interface language (or a Japanese proper name), the current one
 * marked, any other colour through the picker, and a reset to the default #38a9f5. Applied at once.
 */
export default function AccentColorScreen() {
  const { t } = useTranslation();
  const { accent } = useSettings().app;
  return (
    <SettingPage titleKey="title.accent_color" testId="accent-color">
      <SettingSection>
        <div className={styles.current}>
          <span className={styles.big} style={{ background: accent }} aria-hidden="true" />
          <div className={styles.sample}>
            <strong data-testid="accent-sample">{t('accent.sample')}</strong>
            <code>{accent}</code>
          </div>
          <label className={base.secondary}>
            {t('accent.custom')}
            <input
              type="color"
              className={styles.picker}
              value={accent}
              onChange={(e) => setAppSetting('accent', e.target.value)}
            />
          </label>
          <button
            type="button"
            className={base.button}
            disabled={accent === DEFAULT_ACCENT}
            onClick={() => setAppSetting('accent', DEFAULT_ACCENT)}
          >
            {t('accent.reset')}
          </button>
        </div>
      </SettingSection>
      <SettingSection title={t('accent.named')}>
        <ul className={styles.grid} data-testid="accent-swatches">
          {ACCENT_COLOURS.map((c) => (
            <li key={c.color}>
              <button
                type="button"
                className={styles.swatch}
                aria-pressed={c.color === accent}
                onClick={() => setAppSetting('accent', c.color)}
              >
                <span className={styles.chip} style={{ background: c.color }} aria-hidden="true" />
                {'name' in c ? (
                  <span className={styles.name} lang="ja">
                    {c.name}
                  </span>
                ) : (
                  <span className={styles.name}>{t(`accent.names.${c.nameKey}`)}</span>
                )}
                <code className={styles.hex}>{c.color}</code>
              </button>
            </li>
          ))}
        </ul>
      </SettingSection>
    </SettingPage>
  );
}
