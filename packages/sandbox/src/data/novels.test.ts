import { describe, expect, it } from 'vitest';
import { readFixture } from '../conformance/harness.ts';
import { TEST_NOW } from '../test-helpers.ts';
import { AI_LABEL_START_MS, Dataset } from './dataset.ts';
import { novelText } from './novel-text.ts';
import { webviewNovel } from './novel-json.ts';
import { DEFAULT_NOVEL_COUNT, Novels } from './novels.ts';

const data = new Dataset({ seed: 20070913, now: TEST_NOW, illustCount: 20_000, userCount: 1_000 });
const novels = new Novels(data);
/** Every kind of pixiv novel markup, by its opening. */
const MARKUP_KINDS = [
  '[newpage]',
  '[chapter:',
  '[[rb:',
  '[pixivimage:',
  '[uploadedimage:',
  '[[jumpuri:',
  '[jump:',
] as const;

/** What a reader sees of pixiv markup: ruby by its base, chapters and links by their text. */
function visibleLength(text: string): number {
  return text
    .replace(/\[\[rb:(.+?) > .+?\]\]/g, '$1')
    .replace(/\[\[jumpuri:(.+?) > .+?\]\]/g, '$1')
    .replace(/\[chapter:(.+?)\]/g, '$1')
    .replace(/\[(newpage|pixivimage:\d+(-\d+)?|uploadedimage:\d+|jump:\d+)\]/g, '')
    .replace(/\n/g, '').length;
}

const yearOf = (ms: number) => new Date(ms + 9 * 3_600_000).getUTCFullYear();

describe('seeded novels', () => {
  it('holds several hundred novels by dataset users, ids and dates rising together over the years', () => {
    expect(novels.count).toBe(DEFAULT_NOVEL_COUNT);
    expect(novels.count).toBeGreaterThanOrEqual(600);
    const years = new Set<number>();
    for (let i = 0; i < novels.count; i++) {
      if (i > 0) {
        expect(novels.ids[i]!).toBeGreaterThan(novels.ids[i - 1]!);
        expect(novels.created[i]!).toBeGreaterThan(novels.created[i - 1]!);
      }
      years.add(yearOf(novels.created[i]!));
      expect(data.user(novels.at(i).user.id)).toBeDefined();
    }
    expect(novels.created[novels.count - 1]!).toBeLessThan(TEST_NOW);
    expect(Math.min(...years)).toBeLessThanOrEqual(2008);
    expect(years.has(2026)).toBe(true);
    expect(years.size).toBeGreaterThanOrEqual(15);
  });

  it('mixes ratings, AI types (labelled only from 2022-10-31), originals and series', () => {
    const xr = [0, 0, 0];
    const ai = [0, 0, 0];
    let original = 0;
    let inSeries = 0;
    for (let i = 0; i < novels.count; i++) {
      const novel = novels.at(i);
      xr[novel.xRestrict]!++;
      ai[novel.aiType]!++;
      if (novel.isOriginal) original++;
      if (novel.series) inSeries++;
      if (novel.created < AI_LABEL_START_MS) expect(novel.aiType).toBe(0);
      else expect(novel.aiType).toBeGreaterThan(0);
      if (novel.xRestrict === 1) expect(novel.tags[0]!.name).toBe('R-18');
      if (novel.xRestrict === 2) expect(novel.tags[0]!.name).toBe('R-18G');
      expect(novel.tags.length).toBeGreaterThanOrEqual(2);
    }
    for (const count of [...xr, ...ai]) expect(count).toBeGreaterThan(10);
    expect(original).toBeGreaterThan(novels.count / 5);
    expect(original).toBeLessThan(novels.count);
    expect(inSeries / novels.count).toBeGreaterThan(0.15);
    expect(inSeries / novels.count).toBeLessThan(0.5);
  });

  it('orders series by content_order, each novel once, by the series author', () => {
    expect(novels.series.length).toBeGreaterThan(20);
    for (const series of novels.series) {
      expect(novels.seriesOf(series.id)).toBe(series);
      series.novels.forEach((index, k) => {
        const novel = novels.at(index);
        expect(novel.series).toEqual({ id: series.id, title: series.title, order: k + 1 });
        expect(novel.user).toBe(series.user);
        if (k > 0) expect(index).toBeGreaterThan(series.novels[k - 1]!);
      });
    }
  });

  it('is a pure function of the seed', () => {
    const again = new Novels(
      new Dataset({ seed: 20070913, now: TEST_NOW, illustCount: 20_000, userCount: 1_000 }),
    );
    for (const i of [0, 17, 599, novels.count - 1]) {
      expect(again.at(i)).toEqual(novels.at(i));
      expect(novelText(again, again.at(i)).text).toBe(novelText(novels, novels.at(i)).text);
    }
    const other = new Novels(
      new Dataset({ seed: 1, now: TEST_NOW, illustCount: 20_000, userCount: 1_000 }),
    );
    expect(other.at(5).title + other.ids[5]).not.toBe(novels.at(5).title + novels.ids[5]);
  });
});

describe('novel texts', () => {
  const sample = Array.from({ length: 120 }, (_, k) => novels.at(k * 10));

  it('have exactly text_length visible characters over page_count pages', () => {
    for (const novel of sample) {
      const { text } = novelText(novels, novel);
      expect(visibleLength(text), String(novel.id)).toBe(novel.textLength);
      expect(text.split('[newpage]').length).toBe(novel.pageCount);
    }
    const lengths = Array.from(novels.textLength);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(2_000);
    expect(lengths.filter((n) => n > 30_000).length).toBeGreaterThan(10);
  });

  it('use every kind of pixiv markup, pointing at works and images that exist', () => {
    const seen = new Set<string>();
    for (const novel of sample) {
      const { text, illusts, images } = novelText(novels, novel);
      for (const kind of MARKUP_KINDS) if (text.includes(kind)) seen.add(kind);
      for (const ref of illusts) {
        const work = data.workById(ref.id)!;
        expect(ref.page).toBeLessThanOrEqual(work.pageCount);
        expect(text).toContain(`[pixivimage:${ref.id}${ref.page > 1 ? `-${ref.page}` : ''}]`);
      }
      expect(images).toHaveLength(novel.uploadedImages);
      for (const id of images) expect(text).toContain(`[uploadedimage:${id}]`);
      // Japanese prose
      expect(text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]{20}/);
    }
    expect([...seen].sort()).toEqual([...MARKUP_KINDS].sort());
  });

  it("build the webview object with the capture's keys and types", () => {
    const capture = readFixture(
      'webview_v2_novel_embedded__CeuiLiSA_Pixiv-Shaft__novel.json',
    ) as Record<string, unknown>;
    const withIllust = sample.find((n) => novelText(novels, n).illusts.length > 0)!;
    const object = webviewNovel(novels, withIllust, {
      xRestrict: 2,
      language: 'ja',
    }) as unknown as Record<string, unknown>;
    expect(Object.keys(object)).toEqual(Object.keys(capture));
    const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    for (const key of Object.keys(capture)) {
      if (capture[key] === null || key === 'marker') continue;
      expect(typeOf(object[key]), key).toBe(typeOf(capture[key]));
    }
    const captured = Object.values(capture.illusts as Record<string, Record<string, unknown>>)[0]!;
    const ours = Object.values(object.illusts as Record<string, Record<string, unknown>>)[0]!;
    expect(Object.keys(ours)).toEqual(Object.keys(captured));
    expect(Object.keys(ours.illust as object)).toEqual(Object.keys(captured.illust as object));
  });

  it('embed series neighbours, images and illusts in the webview object', () => {
    const series = novels.series.find((s) => s.novels.length >= 3)!;
    const middle = novels.at(series.novels[1]!);
    const viewer = { xRestrict: 2, language: 'ja' };
    const object = webviewNovel(novels, middle, viewer);
    expect(object.seriesId).toBe(String(series.id));
    expect(object.seriesNavigation!.prevNovel!.id).toBe(novels.ids[series.novels[0]!]);
    expect(object.seriesNavigation!.nextNovel!.id).toBe(novels.ids[series.novels[2]!]);
    expect(object.seriesNavigation!.prevNovel!.contentOrder).toBe('1');
    const first = webviewNovel(novels, novels.at(series.novels[0]!), viewer);
    expect(first.seriesNavigation!.prevNovel).toBeNull();
    const withImages = sample.find((n) => n.uploadedImages > 0)!;
    const images = webviewNovel(novels, withImages, viewer).images as Record<
      string,
      { urls: { original: string } }
    >;
    expect(Object.keys(images)).toHaveLength(withImages.uploadedImages);
    for (const image of Object.values(images))
      expect(image.urls.original).toMatch(
        /^https:\/\/i\.pximg\.net\/novel-cover-original\/img\/[\d/]{19}\/tei\d+_[0-9a-f]{32}\.png$/,
      );
    const plain = sample.find((n) => n.uploadedImages === 0 && !n.series)!;
    const object2 = webviewNovel(novels, plain, viewer);
    expect(object2.images).toEqual([]);
    expect(object2.seriesNavigation).toBeNull();
    expect(object2.seriesId).toBeNull();
  });
});
