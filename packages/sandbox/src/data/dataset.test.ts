import { describe, expect, it } from 'vitest';
import { Dataset } from './dataset.ts';
import { rawIllust } from './app-json.ts';
import { TEST_NOW } from '../test-helpers.ts';

const data = new Dataset({ seed: 20070913, now: TEST_NOW });

describe('seeded dataset', () => {
  it('holds tens of thousands of works with ids and dates rising together', () => {
    expect(data.illustCount).toBeGreaterThanOrEqual(40_000);
    let rising = true;
    for (let i = 1; i < data.illustCount; i++) {
      rising &&= data.ids[i]! > data.ids[i - 1]! && data.created[i]! > data.created[i - 1]!;
    }
    expect(rising).toBe(true);
    expect(data.created[data.illustCount - 1]!).toBeLessThan(TEST_NOW);
  });

  it('has every rating, AI type and kind, single- and multi-page works', () => {
    const seen = {
      xr: new Set<number>(),
      ai: new Set<number>(),
      kind: new Set<number>(),
      multi: 0,
      single: 0,
    };
    for (let i = 0; i < data.illustCount; i++) {
      seen.xr.add(data.xRestrict[i]!);
      seen.ai.add(data.aiType[i]!);
      seen.kind.add(data.kind[i]!);
      if (data.pages[i]! > 1) seen.multi++;
      else seen.single++;
    }
    expect([...seen.xr].sort()).toEqual([0, 1, 2]);
    expect([...seen.ai].sort()).toEqual([0, 1, 2]);
    expect([...seen.kind].sort()).toEqual([0, 1, 2]);
    expect(seen.multi).toBeGreaterThan(1000);
    expect(seen.single).toBeGreaterThan(1000);
  });

  it('writes Japanese titles and tags, with translations in the request language', () => {
    const work = data.work(12_345);
    expect(work.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]|Untitled/);
    const en = rawIllust(work, { xRestrict: 2, language: 'en' });
    const ja = rawIllust(work, { xRestrict: 2, language: 'ja' });
    const plain = en.tags.filter((t) => !/^R-18/.test(t.name));
    expect(plain.some((t) => t.translated_name && /^[ -~]+$/.test(t.translated_name))).toBe(true);
    expect(ja.tags.every((t) => t.translated_name === null)).toBe(true);
  });

  it('is deterministic for a seed and different for another', () => {
    const again = new Dataset({ seed: 20070913, now: TEST_NOW });
    expect(JSON.stringify(again.work(777))).toBe(JSON.stringify(data.work(777)));
    const other = new Dataset({ seed: 1, now: TEST_NOW });
    expect(other.work(777).title + other.ids[777]).not.toBe(data.work(777).title + data.ids[777]);
  });

  it('marks AI works only after pixiv began labelling them (2022-10-31)', () => {
    for (let i = 0; i < data.illustCount; i += 7) {
      if (data.created[i]! < Date.parse('2022-10-31T00:00:00+09:00'))
        expect(data.aiType[i]).toBe(0);
      else expect(data.aiType[i]).toBeGreaterThan(0);
    }
  });
});
