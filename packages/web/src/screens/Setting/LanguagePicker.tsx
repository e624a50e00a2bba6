import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../lib/i18n.ts';
import styles from './Setting.module.css';

/** Each language by its own name, so that anyone finds theirs whatever the interface speaks. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  el: 'Ελληνικά',
};

/** The interface language; the choice is kept (lib/i18n.ts stores it on every change). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className={styles.row} data-setting="language">
      <span>{t('setting.language')}</span>
      <select
        className={styles.select}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        data-testid="language-picker"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
