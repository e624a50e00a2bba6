import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './first-paint.ts';

describe('acceptedLanguages', () => {
  it('orders the browser’s languages by weight, then by place, and drops malformed tags', () => {
    expect(acceptedLanguages('en-US;q=0.5, ja;q=0.8, fr, de;q=0')).toEqual(['fr', 'ja', 'en-US']);
    expect(acceptedLanguages('ko, "><x, zh-TW;q=1')).toEqual(['ko', 'zh-TW']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('*')).toEqual([]);
  });
});
