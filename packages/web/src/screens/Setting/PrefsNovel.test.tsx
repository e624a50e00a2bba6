/**
 * The novel translation preference (spec 001 §2.7, "novel translation service (Chinese locales
 * only)"; issue 35 item 8): shown only in a Chinese interface, and it names each translator with
 * the very text the novel page's translate menu uses.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '../../lib/i18n.ts';
import { TranslateControls } from '../Novel/TranslateControls.tsx';
import { PrefsNovel } from './PrefsNovel.tsx';

const catalogues = import.meta.glob<Record<string, unknown>>('../../locales/*.json', {
  eager: true,
  import: 'default',
});

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: Object.fromEntries(
      LANGUAGES.map((l) => [l, { translation: catalogues[`../../locales/${l}.json`]! }]),
    ),
    showSupportNotice: false,
  });
});
afterEach(cleanup);

const translatorRow = (container: HTMLElement) =>
  container.querySelector('[data-setting="app.novelDefTranslate"]');

describe('the novel translation preference', () => {
  it.each(LANGUAGES)('is shown in %s only when that is a Chinese locale', async (lang) => {
    await i18next.changeLanguage(lang);
    const { container } = render(<PrefsNovel />);
    expect(translatorRow(container) !== null).toBe(lang === 'zh-Hans' || lang === 'zh-Hant');
  });

  it.each(['zh-Hans', 'zh-Hant'])(
    'names every translator as the novel page does (%s)',
    async (lang) => {
      await i18next.changeLanguage(lang);
      const { container } = render(<PrefsNovel />);
      const prefs = [...translatorRow(container)!.querySelectorAll('option')].map((o) => [
        o.value,
        o.textContent,
      ]);
      render(
        <TranslateControls
          novelId={1}
          to="zh-CN"
          nots={false}
          onChange={() => {}}
          onTranslate={() => {}}
          busy={false}
        />,
      );
      const novelPage = [
        ...within(screen.getByTestId('novel-translate-service')).getAllByRole('option'),
      ].map((o) => [(o as HTMLOptionElement).value, o.textContent]);
      // every translator the novel page offers is in the preference, with the same name
      expect(novelPage.length).toBeGreaterThanOrEqual(7);
      for (const entry of novelPage) expect(prefs).toContainEqual(entry);
      expect(novelPage.map(([, name]) => name)).toContain(
        lang === 'zh-Hans' ? '沉浸式翻译' : '沉浸式翻譯',
      );
    },
  );
});
