// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RANK_CATEGORIES,
  RANK_TYPES,
  SEARCH_DURATIONS,
  SEARCH_MODES,
  SEARCH_ORDERS,
  SPOTLIGHT_TABS,
} from '@pv/core';
import { LANGUAGES } from '../lib/i18n.ts';
import { NOVEL_RANK_MODES, NOVEL_SEARCH_MODES } from '../state/queries/novels.ts';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

/** i18next's plural suffixes: a counted text has one key per CLDR category of its language. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The keys with each counted text's forms folded into its base key. */
const baseKeys = (catalogue: Record<string, unknown>) => [
  ...new Set(keys(catalogue).map((k) => k.replace(PLURAL, ''))),
];

const dir = new URL('./', import.meta.url);
const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`${lang}.json`, dir), 'utf8')) as Record<string, unknown>;

describe('catalogues', () => {
  it('exist for every supported language, and only for those', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  it('all have exactly the keys of the fallback catalogue, none empty', () => {
    const reference = baseKeys(load('zh-Hans')).sort();
    for (const lang of LANGUAGES) {
      const catalogue = load(lang);
      expect(baseKeys(catalogue).sort(), lang).toEqual(reference);
      for (const key of keys(catalogue)) {
        const value = key
          .split('.')
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue);
        expect(typeof value === 'string' && value.trim().length > 0, `${lang}: ${key}`).toBe(true);
      }
    }
  });

  it("give each counted text exactly its language's CLDR plural categories", () => {
    // English has a `_one` form for every counted text (and `pref.ugoira_other` is no count).
    const counted = new Set(
      keys(load('en'))
        .filter((k) => k.endsWith('_one'))
        .map((k) => k.replace(PLURAL, '')),
    );
    expect(counted.size).toBeGreaterThan(10);
    for (const lang of LANGUAGES) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const all = keys(load(lang));
      for (const base of counted) {
        const forms = all.filter((k) => k.replace(PLURAL, '') === base && k !== base);
        expect(forms.sort(), `${lang}: ${base}`).toEqual(
          categories.map((c) => `${base}_${c}`).sort(),
        );
      }
    }
  });

  it('say Back to Home in English', () => {
    expect((load('en').notfound as Record<string, string>).back_home).toBe('Back to Home');
  });
});

/** Every source file of the app but tests, read as text. */
function sources(dirUrl: URL): string[] {
  return readdirSync(dirUrl, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sources(new URL(`${entry.name}/`, dirUrl));
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [readFileSync(new URL(entry.name, dirUrl), 'utf8')];
  });
}

/** A key is there as itself or, for counted texts, as its i18next plural forms. */
function hasKey(available: Set<string>, key: string): boolean {
  return available.has(key) || available.has(`${key}_one`) || available.has(`${key}_other`);
}

describe('keys used in the code', () => {
  // Literal keys handed to t(), <Trans i18nKey>, toasts and the list error texts.
  const patterns = [
    /\bt\(\s*'([\w.-]+)'/g,
    /\bt\(\s*"([\w.-]+)"/g,
    /i18nKey="([\w.-]+)"/g,
    /showToast\(\s*'([\w.-]+)'/g,
  ];
  const used = new Set(
    sources(new URL('../', dir)).flatMap((text) =>
      patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!)),
    ),
  );

  it('are found (the scan works)', () => {
    expect(used.size).toBeGreaterThan(100);
    expect(used.has('notfound.back_home')).toBe(true);
  });

  it('are all in the fallback catalogue (and so, by the test above, in every one)', () => {
    const available = new Set(keys(load('zh-Hans')));
    const missing = [...used].filter((key) => !hasKey(available, key));
    expect(missing).toEqual([]);
  });

  it('would be caught when missing (negative control)', () => {
    const available = new Set(keys(load('zh-Hans')));
    expect(hasKey(available, 'no.such.key')).toBe(false);
  });
});

describe('keys built from a list at run time', () => {
  // t(`rank.types.${type}`) and the like: the scan above cannot see them, so each list that
  // names keys is checked here against the fallback catalogue (and so every catalogue).
  const built: [string, readonly string[]][] = [
    ['rank.types', RANK_TYPES.map((r) => r.type)],
    ['rank.categories', RANK_CATEGORIES],
    ['rank_novel.types', NOVEL_RANK_MODES],
    ['search.modes', SEARCH_MODES],
    ['search.novel_modes', NOVEL_SEARCH_MODES],
    ['search.orders', SEARCH_ORDERS],
    ['search.durations', SEARCH_DURATIONS],
    ['spotlight.tabs', SPOTLIGHT_TABS],
  ];
  const available = new Set(keys(load('zh-Hans')));

  it('are all in the catalogues', () => {
    const missing = built.flatMap(([prefix, names]) =>
      names.map((n) => `${prefix}.${n}`).filter((key) => !available.has(key)),
    );
    expect(missing).toEqual([]);
    for (const tab of ['illusts', 'users']) expect(available.has(`home.for_you_${tab}`)).toBe(true);
  });

  it('cover lists that are not empty (the check works)', () => {
    for (const [prefix, names] of built) expect(names.length, prefix).toBeGreaterThan(0);
  });
});
