import { describe, expect, it } from 'vitest';
import { TAG_AI, TAG_AI_ILLUST, TAG_R18, TAG_R18G, TAGS } from './words.ts';
import { tagRomaji } from './tag-romaji.ts';

describe('tagRomaji', () => {
  it('romanises every Japanese subject tag, in lower-case ASCII with - for a long vowel', () => {
    const japanese = TAGS.filter(
      (t) => !/^[\x20-\x7e]+$/.test(t.name) && !/users入り$/.test(t.name),
    );
    expect(japanese.length).toBeGreaterThan(50);
    for (const tag of japanese) expect(tagRomaji(tag.name), tag.name).toMatch(/^[a-z-]+$/);
    expect(tagRomaji('うごイラ')).toBe('ugoira');
    expect(tagRomaji('ファンタジー')).toBe('fantaji-');
  });

  it('gives none for Latin tags, count tags and unknown words', () => {
    for (const name of ['SF', '1000users入り', '10000users入り', TAG_R18.name, TAG_R18G.name])
      expect(tagRomaji(name), name).toBeNull();
    expect(tagRomaji(TAG_AI.name)).toBeNull();
    expect(tagRomaji(TAG_AI_ILLUST.name)).toBeNull();
    expect(tagRomaji('toString')).toBeNull();
  });
});
