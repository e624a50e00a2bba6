import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n.ts';

describe('pickLanguage', () => {
  it('follows the browser’s preferred languages', () => {
    expect(pickLanguage(['en-US', 'en'])).toBe('en');
    expect(pickLanguage(['nl-NL', 'en-GB'])).toBe('en');
    expect(pickLanguage(['zh-CN'])).toBe('zh-Hans');
    expect(pickLanguage(['zh-TW'])).toBe('zh-Hant');
    expect(pickLanguage(['zh-Hant-HK'])).toBe('zh-Hant');
    expect(pickLanguage(['pt-BR'])).toBe('pt');
    expect(pickLanguage(['el-GR', 'en'])).toBe('el');
    expect(pickLanguage(['ja'])).toBe('ja');
  });

  it('falls back to zh-Hans when nothing matches', () => {
    expect(pickLanguage(['xx'])).toBe('zh-Hans');
    expect(pickLanguage([])).toBe('zh-Hans');
  });
});
