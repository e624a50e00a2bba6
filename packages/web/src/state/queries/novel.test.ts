import { describe, expect, it } from 'vitest';
import { NOVEL_RELATED_LAST_PAGE, relatedNovelsHaveMore } from './novel.ts';

describe('related novels', () => {
  it('stop after page 2 (spec 001 §9), or earlier when upstream has no more', () => {
    expect(NOVEL_RELATED_LAST_PAGE).toBe(2);
    expect(relatedNovelsHaveMore(1, true)).toBe(true);
    expect(relatedNovelsHaveMore(2, true)).toBe(false);
    expect(relatedNovelsHaveMore(1, false)).toBe(false);
  });
});
