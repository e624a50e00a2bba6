/**
 * Every stored setting has a control, and every control stores a setting: the settings pages
 * mark each control with the field it writes (data-setting), and this compares those marks with
 * the schema's fields. It also fails on any text key the pages ask for that the catalogue lacks.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { ApiProvider } from '../../state/api/ApiContext.tsx';
import { createApiClient } from '../../state/api/client.ts';
import { DEFAULT_SETTINGS } from '../../state/settings/settings.ts';
import ContentDisplayScreen from './ContentDisplayScreen.tsx';
import PreferenceScreen from './PreferenceScreen.tsx';

const missing: string[] = [];
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => missing.push(key),
  });
});
afterEach(cleanup);

/** Stored outside the settings object: the language, the mirror; the spec's client-config
 * modes that a browser talking to pixiv itself needs are shown, disabled, for what they are. */
const OTHER_STORED = [
  'language',
  'manualInput',
  'apiBase',
  'imageProxy',
  'clientConfig.directMode',
  'clientConfig.useApiProxy',
];

/** Shown only in a Chinese interface (spec 001 §2.7); PrefsNovel.test.tsx covers it there. */
const CHINESE_ONLY = ['app.novelDefTranslate'];

function marks(): string[] {
  const client = new QueryClient();
  // the pages render without asking anything; a call would fail the test
  const api = createApiClient({
    fetch: (async (url: string) => {
      throw new Error(`unexpected call ${url}`);
    }) as unknown as typeof fetch,
  });
  const { container } = render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <MemoryRouter>
          <ContentDisplayScreen />
          <PreferenceScreen />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return [...container.querySelectorAll('[data-setting]')].map((el) =>
    el.getAttribute('data-setting')!,
  );
}

describe('settings pages', () => {
  it('have one control for every setting, and no control without a setting', () => {
    const schema = [
      ...Object.keys(DEFAULT_SETTINGS.content).map((k) => `content.${k}`),
      ...Object.keys(DEFAULT_SETTINGS.blocks).map((k) => `blocks.${k}`),
      ...Object.keys(DEFAULT_SETTINGS.app).map((k) => `app.${k}`),
      ...Object.keys(DEFAULT_SETTINGS.reader).map((k) => `reader.${k}`),
      ...OTHER_STORED,
    ]
      .filter((field) => !CHINESE_ONLY.includes(field))
      .sort();
    const shown = marks();
    expect(new Set(shown).size, 'one control per setting').toBe(shown.length);
    expect([...shown].sort()).toEqual(schema);
  });

  it('ask for no text the catalogue lacks', () => {
    marks();
    expect(missing).toEqual([]);
  });
});
