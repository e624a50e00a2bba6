// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n.ts';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

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
    const reference = keys(load('zh-Hans')).sort();
    for (const lang of LANGUAGES) {
      const catalogue = load(lang);
      expect(keys(catalogue).sort(), lang).toEqual(reference);
      for (const key of reference) {
        const value = key
          .split('.')
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue);
        expect(typeof value === 'string' && value.trim().length > 0, `${lang}: ${key}`).toBe(true);
      }
    }
  });

  it('say Back to Home in English', () => {
    expect((load('en').notfound as Record<string, string>).back_home).toBe('Back to Home');
  });
});
