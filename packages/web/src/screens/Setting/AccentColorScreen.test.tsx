/**
 * Accent colour swatches (spec 001 §2.8, issue 35 item 9): each shows its value, and any name in
 * the interface language; the Japanese traditional colours keep their proper names.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '../../lib/i18n.ts';
import { ACCENT_COLOURS } from './accent-colours.ts';
import AccentColorScreen from './AccentColorScreen.tsx';

const catalogues = import.meta.glob<Record<string, unknown>>('../../locales/*.json', {
  eager: true,
  import: 'default',
});
const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, { translation: catalogues[`../../locales/${lang}.json`]! }]),
);

const missing: string[] = [];
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources,
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (lngs, _ns, key) => missing.push(`${lngs.join()}: ${key}`),
  });
});
afterEach(cleanup);

async function swatches(lang: string) {
  await i18next.changeLanguage(lang);
  const { getByTestId } = render(
    <MemoryRouter>
      <AccentColorScreen />
    </MemoryRouter>,
  );
  return within(getByTestId('accent-swatches')).getAllByRole('button');
}

describe('accent colour swatches', () => {
  it.each(LANGUAGES)(
    'show each colour’s #rrggbb and a name from the %s catalogue',
    async (lang) => {
      const buttons = await swatches(lang);
      expect(buttons).toHaveLength(ACCENT_COLOURS.length);
      buttons.forEach((button, i) => {
        expect(button.querySelector('code')?.textContent).toBe(ACCENT_COLOURS[i]!.color);
        expect(ACCENT_COLOURS[i]!.color).toMatch(/^#[0-9a-f]{6}$/);
      });
      expect(missing).toEqual([]);
    },
  );

  it('show no English colour name in the Japanese, Chinese and Korean interfaces', async () => {
    const english = i18next.getResource('en', 'translation', 'accent.names') as Record<
      string,
      string
    >;
    for (const lang of ['ja', 'zh-Hans', 'zh-Hant', 'ko']) {
      const buttons = await swatches(lang);
      for (const button of buttons) {
        const name = button.textContent!.replace(/#[0-9a-f]{6}$/, '');
        // Only the brand keeps its Latin letters ("pixivブルー").
        expect(name.replace('pixiv', ''), `${lang}: ${name}`).not.toMatch(/[A-Za-z]/);
        for (const en of Object.values(english)) expect(name).not.toContain(en);
      }
      cleanup();
    }
  });

  it('keep the Japanese traditional colours’ proper names, marked as Japanese', async () => {
    const buttons = await swatches('fr');
    const kobai = buttons.find((b) => b.textContent?.includes('紅梅色'));
    expect(kobai?.querySelector('[lang="ja"]')?.textContent).toBe('紅梅色');
    expect(within(buttons[1]!).getByText('Bleu Dodger').getAttribute('lang')).toBeNull();
  });
});
