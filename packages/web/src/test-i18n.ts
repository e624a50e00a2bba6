/**
 * i18next in English with the app's catalogue, as component tests render with it (the app itself
 * starts i18next through lib/i18n.ts, which loads catalogues lazily), and with its interpolation:
 * unescaped, React escapes. A hydration test renders the client with this and the server with the
 * app's own set-up, so an escaped name (`&#x2F;`) would be a mismatch the app does not have.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export function initEnglishI18n() {
  return i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
}
