// @vitest-environment node
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n.ts';

/** 'series.works' for 0, 1, 2 and 5 works, as each language says it (CLDR plural rules). */
const WORKS: Record<(typeof LANGUAGES)[number], [string, string, string, string]> = {
  en: ['0 works', '1 work', '2 works', '5 works'],
  ja: ['0 作品', '1 作品', '2 作品', '5 作品'],
  ko: ['작품 0개', '작품 1개', '작품 2개', '작품 5개'],
  'zh-Hans': ['0 件作品', '1 件作品', '2 件作品', '5 件作品'],
  'zh-Hant': ['0 件作品', '1 件作品', '2 件作品', '5 件作品'],
  de: ['0 Werke', '1 Werk', '2 Werke', '5 Werke'],
  // French counts 0 as singular
  fr: ['0 œuvre', '1 œuvre', '2 œuvres', '5 œuvres'],
  es: ['0 obras', '1 obra', '2 obras', '5 obras'],
  it: ['0 opere', '1 opera', '2 opere', '5 opere'],
  // so does (Brazilian) Portuguese
  pt: ['0 obra', '1 obra', '2 obras', '5 obras'],
  ru: ['0 работ', '1 работа', '2 работы', '5 работ'],
  el: ['0 έργα', '1 έργο', '2 έργα', '5 έργα'],
};

const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`${lang}.json`, import.meta.url), 'utf8')) as object;

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: load(l) }])),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

describe('counted texts', () => {
  it.each(LANGUAGES)('%s says 0, 1, 2 and 5 works with its own plural forms', (lang) => {
    const t = i18n.getFixedT(lang);
    expect([0, 1, 2, 5].map((count) => t('series.works', { count, n: String(count) }))).toEqual(
      WORKS[lang],
    );
  });

  it('take the forms a language has beyond one and other', () => {
    const ru = i18n.getFixedT('ru');
    const pages = (count: number) => ru('artwork.pages', { count, n: String(count) });
    expect([1, 3, 11, 21, 22, 25].map(pages)).toEqual([
      '1 страница',
      '3 страницы',
      '11 страниц',
      '21 страница',
      '22 страницы',
      '25 страниц',
    ]);
    // French, Spanish, Italian and Portuguese: a round million takes "de" (CLDR "many").
    const fr = i18n.getFixedT('fr');
    expect(fr('artwork.views', { count: 1_000_000, n: '1 000 000' })).toBe('1 000 000 de vues');
  });
});
