/**
 * i18n: catalogues are loaded on demand (one chunk per language). The first visit follows the
 * browser's preferred languages; zh-Hans when none matches (spec 001 §6). The choice is kept.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, pickLanguage, FALLBACK_LANGUAGE, type Language } from '@pv/core';
import { STORAGE_KEYS } from '../state/settings/storage-keys.ts';
import { withChunkTimeout } from './chunk-error.ts';

// The languages and the browser-language rule are shared with the server's first paint (core).
export { FALLBACK_LANGUAGE, LANGUAGES, pickLanguage, type Language } from '@pv/core';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = catalogues[`../locales/${language}.json`];
    if (!load) return callback(new Error(`no catalogue for ${language}`), false);
    // a catalogue is a chunk like any other: one stalled for 120 s fails (spec 001 §8)
    withChunkTimeout(load).then(
      (m) => callback(null, m.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEYS.language);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      // Only the user's own catalogue before the first paint (issue 17): the fallback follows
      // (loadFallbackCatalogue); every catalogue has every key, so it is a safety net only.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    localStorage.setItem(STORAGE_KEYS.language, lng);
  });
  return i18next;
}

/**
 * The fallback catalogue (spec 001 §6: zh-Hans), for a key the user's own catalogue might lack:
 * loaded once the page has painted and is idle, not with the app's start.
 */
export function loadFallbackCatalogue(): Promise<void> {
  i18next.options.fallbackLng = [FALLBACK_LANGUAGE];
  return i18next.loadLanguages(FALLBACK_LANGUAGE);
}

/** How long a page that never renders (a hidden tab) waits before loading the fallback anyway. */
const FALLBACK_WAIT_MS = 10_000;

/**
 * The app shell's content landmark (AppShell.tsx), there once the app has rendered a screen: the
 * HTML's static shell (index.html) has none, and the router's first render, while it loads the
 * screen's code, is empty.
 */
const APP_SCREEN = 'main#main';

/**
 * Loads the fallback catalogue once the app has rendered its first screen (the HTML's static
 * shell paints before the app, so the first contentful paint says nothing of the app's words),
 * when the page is idle.
 */
export function loadFallbackCatalogueAfterPaint(): void {
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    whenIdle(() => void loadFallbackCatalogue());
  };
  const rendered = () => {
    if (document.querySelector(APP_SCREEN)) load();
  };
  const observer = new MutationObserver(rendered);
  observer.observe(document.body, { childList: true, subtree: true });
  rendered();
  setTimeout(load, FALLBACK_WAIT_MS);
}
