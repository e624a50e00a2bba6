/**
 * i18next in English with the app's catalogue, as component tests render with it (the app itself
 * starts i18next through lib/i18n.ts, which loads catalogues lazily).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export function initEnglishI18n() {
  return i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    // as lib/i18n.ts: React escapes the text itself (escaped here too, a name with a `/` would
    // read `&#x2F;`, unlike the app and its server render)
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
}
