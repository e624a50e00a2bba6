import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n.ts';

describe('pickLanguage', () => {
  it('follows the browser’s preferred languages', () => {
    expect(pickLanguage(['en-US', 'en'])).toBe('en');
    expect(pickLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLanguage(['zh-CN'])).toBe('zh-Hans');
  });

  it('falls back to zh-Hans when nothing matches', () => {
    expect(pickLanguage(['xx'])).toBe('zh-Hans');
    expect(pickLanguage([])).toBe('zh-Hans');
  });
});
